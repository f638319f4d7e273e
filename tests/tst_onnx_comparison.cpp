#include "TestSupport.h"
#include "compare/OnnxComparison.h"
#include "io/PlanLoader.h"
#include "plan/OnnxOrigin.h"

#include <QElapsedTimer>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

const QString kAlexNet = QStringLiteral("realworld/onnx-op-pairs/alexnet-pyapi-vs-trtexec/");
const QString kControlNet =
    QStringLiteral("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/");

QStringList layerNames(const EnginePlan& plan, const std::vector<int>& indices) {
    QStringList names;
    for (int i : indices)
        names << plan.layers[std::size_t(i)].name;
    return names;
}

const OnnxGroup* groupWithNode(const OnnxComparison& c, const QString& node) {
    for (const OnnxGroup& group : c.groups)
        if (group.nodes.contains(node))
            return &group;
    return nullptr;
}

QStringList noteIds(const OnnxComparison& c) {
    QStringList ids;
    for (const OnnxNote& note : c.notes)
        ids << note.id;
    return ids;
}

double sumOrZero(std::optional<double> ms) {
    return ms.value_or(0);
}

// A plan of `count` layers in chains of three ONNX nodes per layer, each chain sharing a node
// with the next, as a long Myelin-free plan would be.
EnginePlan syntheticPlan(int count) {
    EnginePlan plan;
    plan.layers.resize(std::size_t(count));
    for (int i = 0; i < count; ++i) {
        Layer& layer = plan.layers[std::size_t(i)];
        layer.index = i;
        layer.name = QStringLiteral("layer_%1").arg(i);
        layer.metadata = QStringLiteral("[ONNX Layer: /n%1/Conv]\x1e[ONNX Layer: /n%1/Relu]")
                             .arg(i)
                             .replace(QChar(0x1e), QChar('+'));
        layer.timing.measured = true;
        layer.timing.averageMs = 0.001 * (i % 7 + 1);
    }
    return plan;
}

} // namespace

class TestOnnxComparison : public QObject {
    Q_OBJECT
  private slots:
    void readsOnnxNodes_data();
    void readsOnnxNodes();
    void readsCopyTargets_data();
    void readsCopyTargets();
    void comparesRealPairs_data();
    void comparesRealPairs();
    void groupsAlexNetClassifierAsFused();
    void chargesAlexNetCopies();
    void pairsControlNetForeignNodesByName();
    void timesFoldedNoOpsByTheirRecords();
    void comparesFixtureEdgeCases();
    void notesMissingMetadata();
    void notesDisjointNodeNames();
    void staysLinearOnLargePlans();
    void ordersGroupsByDelta();
    void shortensNodeLists_data();
    void shortensNodeLists();
};

void TestOnnxComparison::readsOnnxNodes_data() {
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QStringList>("nodes");
    QTest::newRow("empty") << QString() << QStringList();
    QTest::newRow("one") << "[ONNX Layer: /features/features.0/Conv]"
                         << QStringList{"/features/features.0/Conv"};
    // The loader reads both record separators as '+'; a trailing one (TensorRT 8.6) is kept.
    QTest::newRow("two") << "[ONNX Layer: /a/Conv]+[ONNX Layer: /a/Relu]+"
                         << QStringList{"/a/Conv", "/a/Relu"};
    QTest::newRow("repeated") << "[ONNX Layer: /a/Conv]+[ONNX Layer: /a/Conv]"
                              << QStringList{"/a/Conv"};
    QTest::newRow("brackets and plus in a name")
        << "[ONNX Layer: (Unnamed Layer* 25) [ElementWise]]+[ONNX Layer: a+b]"
        << QStringList{"(Unnamed Layer* 25) [ElementWise]", "a+b"};
    QTest::newRow("not ONNX") << "[Some other origin: x]" << QStringList();
    QTest::newRow("unclosed") << "[ONNX Layer: " << QStringList();
}

void TestOnnxComparison::readsOnnxNodes() {
    QFETCH(QString, metadata);
    QFETCH(QStringList, nodes);
    QCOMPARE(onnxNodes(metadata), nodes);
}

void TestOnnxComparison::readsCopyTargets_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("target");
    QTest::newRow("input") << "Reformatting CopyNode for Input Tensor 0 to /a/Conv + /a/Relu"
                           << "/a/Conv + /a/Relu";
    QTest::newRow("output") << "Reformatting CopyNode for Output Tensor 0 to reshape_after_/c/Gemm"
                            << "reshape_after_/c/Gemm";
    QTest::newRow("target holding ' to '")
        << "Reformatting CopyNode for Input Tensor 1 to cast to fp16"
        << "cast to fp16";
    QTest::newRow("other reformat") << "input_reformat" << QString();
    QTest::newRow("no target") << "Reformatting CopyNode for Input Tensor 0" << QString();
}

void TestOnnxComparison::readsCopyTargets() {
    QFETCH(QString, name);
    QFETCH(QString, target);
    QCOMPARE(reformatCopyTarget(name), target);
}

// What both shared pairs give, read from their files by hand: AlexNet's Python-API engine (A)
// is timed by its IProfiler samples; ControlNet's Myelin ForeignNodes carry no Metadata.
void TestOnnxComparison::comparesRealPairs_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("oneSided");
    QTest::addColumn<int>("fusionDiffers");
    QTest::addColumn<int>("unattributedA");
    QTest::addColumn<int>("unattributedB");
    QTest::addColumn<int>("sharedNodes");
    QTest::addColumn<QStringList>("notes");
    QTest::addColumn<QList<double>>("msTotalUnattributed"); // A's total, B's, A's part, B's part
    QTest::newRow("AlexNet") << kAlexNet + "a/trt_engine_info.json"
                             << kAlexNet + "b/alexnet_fp16.graph.json" << 11 << 0 << 2 << 0 << 0
                             << 19 << QStringList()
                             << QList<double>{1.0925305555085651, 0.52212326, 0, 0};
    QTest::newRow("ControlNet") << kControlNet + "a/layerinfo.json"
                                << kControlNet + "b/layerinfo.json" << 219 << 0 << 0 << 23 << 28
                                << 318 << QStringList{"unattributed-a", "unattributed-b"}
                                << QList<double>{3.59189866, 15.29463355, 1.30748128, 6.35692541};
}

void TestOnnxComparison::comparesRealPairs() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, groups);
    QFETCH(int, oneSided);
    QFETCH(int, fusionDiffers);
    QFETCH(int, unattributedA);
    QFETCH(int, unattributedB);
    QFETCH(int, sharedNodes);
    QFETCH(QStringList, notes);
    QFETCH(QList<double>, msTotalUnattributed);
    const EnginePlan pa = loadPlan(dataPath(a));
    const EnginePlan pb = loadPlan(dataPath(b));
    const OnnxComparison c = compareByOnnx(pa, pb);

    QCOMPARE(int(c.groups.size()), groups);
    QCOMPARE(int(std::count_if(c.groups.begin(), c.groups.end(),
                               [](const OnnxGroup& g) { return g.onlyIn != OnnxOnlyIn::None; })),
             oneSided);
    QCOMPARE(int(std::count_if(c.groups.begin(), c.groups.end(),
                               [](const OnnxGroup& g) { return g.fusionDiffers; })),
             fusionDiffers);
    QCOMPARE(int(std::count_if(c.unattributed.begin(), c.unattributed.end(),
                               [](const OnnxUnattributed& u) { return u.a >= 0; })),
             unattributedA);
    QCOMPARE(int(std::count_if(c.unattributed.begin(), c.unattributed.end(),
                               [](const OnnxUnattributed& u) { return u.b >= 0; })),
             unattributedB);
    QCOMPARE(c.sharedNodes, sharedNodes);
    QCOMPARE(noteIds(c), notes);

    QVERIFY(std::abs(*c.a.totalMs - msTotalUnattributed[0]) < 1e-9);
    QVERIFY(std::abs(*c.b.totalMs - msTotalUnattributed[1]) < 1e-9);
    QVERIFY(std::abs(*c.a.unattributedMs - msTotalUnattributed[2]) < 1e-9);
    QVERIFY(std::abs(*c.b.unattributedMs - msTotalUnattributed[3]) < 1e-9);

    // Every layer is in one group or unattributed, and the times reconcile.
    for (const auto& [plan, totals, groupOf, isA] :
         {std::tuple(&pa, &c.a, &c.groupOfA, true), std::tuple(&pb, &c.b, &c.groupOfB, false)}) {
        QCOMPARE(groupOf->size(), plan->layers.size());
        std::vector<int> seen(plan->layers.size(), 0);
        for (const OnnxGroup& g : c.groups) {
            const OnnxGroupSide& side = isA ? g.a : g.b;
            for (int i : side.layers)
                ++seen[std::size_t(i)];
            for (int i : side.charged)
                ++seen[std::size_t(i)];
        }
        for (const OnnxUnattributed& u : c.unattributed)
            if (int i = isA ? u.a : u.b; i >= 0)
                ++seen[std::size_t(i)];
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
        QVERIFY(plan->hasProfile); // both pairs are timed on both sides
        QVERIFY(totals->totalMs && totals->groupedMs && totals->unattributedMs);
        QVERIFY(std::abs(*totals->groupedMs + *totals->unattributedMs - *totals->totalMs) < 1e-9);
        double groupSum = 0;
        for (const OnnxGroup& g : c.groups)
            groupSum += sumOrZero(isA ? g.a.ms : g.b.ms);
        QVERIFY(std::abs(groupSum - *totals->groupedMs) < 1e-12);
    }
    // Groups come in the order of A's layers.
    int last = -1;
    for (const OnnxGroup& g : c.groups) {
        if (g.a.layers.empty())
            continue;
        QVERIFY(g.a.layers.front() > last);
        last = g.a.layers.front();
    }
}

// The classifier: the Python API folds /Flatten into a NoOp reshape before the first Gemm, while
// trtexec's Myelin runs /Flatten as its own kernel: one group, two layers on each side.
void TestOnnxComparison::groupsAlexNetClassifierAsFused() {
    const EnginePlan a = loadPlan(dataPath(kAlexNet + "a/trt_engine_info.json"));
    const EnginePlan b = loadPlan(dataPath(kAlexNet + "b/alexnet_fp16.graph.json"));
    const OnnxComparison c = compareByOnnx(a, b);
    const OnnxGroup* g = groupWithNode(c, "/Flatten");
    QVERIFY(g);
    QCOMPARE(g->nodes, (QStringList{"/Flatten", "/classifier/classifier.1/Gemm",
                                    "/classifier/classifier.2/Relu"}));
    QCOMPARE(layerNames(a, g->a.layers),
             QStringList{"/classifier/classifier.1/Gemm + (Unnamed Layer* 25) [ElementWise] + "
                         "/classifier/classifier.2/Relu"});
    QCOMPARE(g->a.folded, QStringList{"/Flatten + reshape_before_/classifier/classifier.1/Gemm"});
    QCOMPARE(layerNames(b, g->b.layers),
             (QStringList{"__myl_Res_myl9_1", "/classifier/classifier_1/Gemm_myl9_2"}));
    QCOMPARE(g->shape, QStringLiteral("n:m"));
    QVERIFY(g->fusionDiffers);
    QCOMPARE(g->onlyIn, OnnxOnlyIn::None);
    // A's Gemm alone (the mean of its 100 IProfiler samples; the NoOp has no time), B's two.
    QVERIFY(qFuzzyCompare(*g->a.ms, 0.47090367555618284));
    QVERIFY(qFuzzyCompare(*g->b.ms, 0.00409622 + 0.239573));
    QVERIFY(qFuzzyCompare(*g->deltaMs, 0.00409622 + 0.239573 - 0.47090367555618284));
    QVERIFY(qFuzzyCompare(*g->speedup, 0.47090367555618284 / (0.00409622 + 0.239573)));

    // The last Gemm: A reshapes its output in a NoOp, Myelin does not.
    const OnnxGroup* last = groupWithNode(c, "/classifier/classifier.6/Gemm");
    QCOMPARE(last->shape, QStringLiteral("n:1"));
    QCOMPARE(last->a.folded, QStringList{"reshape_after_/classifier/classifier.6/Gemm"});
    QVERIFY(last->fusionDiffers);
    // The features line up one to one.
    const OnnxGroup* conv = groupWithNode(c, "/features/features.3/Conv");
    QCOMPARE(conv->shape, QStringLiteral("1:1"));
    QVERIFY(!conv->fusionDiffers);
    QCOMPARE(conv->nodes, (QStringList{"/features/features.3/Conv", "/features/features.4/Relu"}));
}

// Reformatting copies go with the layer they were inserted for, fused or folded.
void TestOnnxComparison::chargesAlexNetCopies() {
    const EnginePlan a = loadPlan(dataPath(kAlexNet + "a/trt_engine_info.json"));
    const EnginePlan b = loadPlan(dataPath(kAlexNet + "b/alexnet_fp16.graph.json"));
    const OnnxComparison c = compareByOnnx(a, b);
    const OnnxGroup& first = c.groups.front();
    QCOMPARE(first.nodes, (QStringList{"/features/features.0/Conv", "/features/features.1/Relu"}));
    const QString copy =
        QStringLiteral("Reformatting CopyNode for Input Tensor 0 to /features/features.0/Conv + "
                       "/features/features.1/Relu");
    QCOMPARE(layerNames(a, first.a.charged), QStringList{copy});
    QCOMPARE(layerNames(b, first.b.charged), QStringList{copy});
    QCOMPARE(first.shape, QStringLiteral("1:1")); // copies do not count
    QVERIFY(qFuzzyCompare(*first.a.ms, 0.051122559178620575));
    QVERIFY(qFuzzyCompare(*first.b.ms, 0.00926341 + 0.0243372));
    // A copy for a NoOp the plan folds: charged to the NoOp's group.
    const OnnxGroup* last = groupWithNode(c, "/classifier/classifier.6/Gemm");
    QCOMPARE(layerNames(a, last->a.charged),
             QStringList{"Reformatting CopyNode for Output Tensor 0 to "
                         "reshape_after_/classifier/classifier.6/Gemm"});
    QCOMPARE(c.groupOfA[std::size_t(last->a.charged.front())], int(last - c.groups.data()));
    QVERIFY(qFuzzyCompare(*last->a.ms, 0.05999456032877788));
}

// ControlNet's seven transformer blocks run in Myelin ForeignNodes without Metadata: each is
// paired with the other commit's by name, about 4x slower there.
// ControlNet's groups whose layers are all NoOps the plan folds (Unsqueeze, Cast ...): their
// profile records say 0 ms, so the groups take 0 ms, not a missing time; the totals still
// reconcile with the plans' own totals, which leave the folded layers out.
void TestOnnxComparison::timesFoldedNoOpsByTheirRecords() {
    const EnginePlan a = loadPlan(dataPath(kControlNet + "a/layerinfo.json"));
    const EnginePlan b = loadPlan(dataPath(kControlNet + "b/layerinfo.json"));
    const OnnxComparison c = compareByOnnx(a, b);
    int foldedOnly = 0;
    for (const OnnxGroup& g : c.groups)
        for (const OnnxGroupSide* side : {&g.a, &g.b}) {
            QVERIFY(!side->present() || side->ms);
            if (side->present() && side->layers.empty() && side->charged.empty()) {
                ++foldedOnly;
                QCOMPARE(*side->ms, 0.0);
                QCOMPARE(*side->foldedMs, 0.0);
            }
        }
    QCOMPARE(foldedOnly, 93); // 46 groups of A, 47 of B
    const OnnxGroup& unsqueeze = c.groups.front();
    QCOMPARE(unsqueeze.nodes, QStringList{"/Unsqueeze"});
    QCOMPARE(unsqueeze.deltaMs, std::optional(0.0));
    QVERIFY(!unsqueeze.speedup); // 0 over 0
    QVERIFY(qFuzzyCompare(*c.a.groupedMs + *c.a.unattributedMs, *c.a.totalMs));
    QVERIFY(qFuzzyCompare(*c.b.groupedMs + *c.b.unattributedMs, *c.b.totalMs));
}

void TestOnnxComparison::pairsControlNetForeignNodesByName() {
    const EnginePlan a = loadPlan(dataPath(kControlNet + "a/layerinfo.json"));
    const EnginePlan b = loadPlan(dataPath(kControlNet + "b/layerinfo.json"));
    const OnnxComparison c = compareByOnnx(a, b);
    std::vector<const OnnxUnattributed*> foreign;
    for (const OnnxUnattributed& u : c.unattributed)
        if (u.name.startsWith("{ForeignNode["))
            foreign.push_back(&u);
    QCOMPARE(int(foreign.size()), 7);
    for (const OnnxUnattributed* u : foreign) {
        QVERIFY(u->a >= 0 && u->b >= 0);
        QCOMPARE(a.layers[std::size_t(u->a)].name, b.layers[std::size_t(u->b)].name);
        QVERIFY(u->aMs && u->bMs && *u->bMs > 2 * *u->aMs);
    }
    QVERIFY(foreign.front()->name.startsWith(
        "{ForeignNode[input_blocks.1.1.transformer_blocks.0.norm1.weight"));
    QVERIFY(qFuzzyCompare(*foreign.front()->aMs, 0.224357));
    // 21 of A's 23 unattributed layers have a namesake in B.
    QCOMPARE(int(std::count_if(c.unattributed.begin(), c.unattributed.end(),
                               [](const OnnxUnattributed& u) { return u.a >= 0 && u.b >= 0; })),
             21);
    QVERIFY(qFuzzyCompare(*c.a.unattributedMs, 1.30748128));
    QVERIFY(qFuzzyCompare(*c.b.unattributedMs, 6.35692541));
    for (const QString id : {"unattributed-a", "unattributed-b"}) {
        const auto note = std::find_if(c.notes.begin(), c.notes.end(),
                                       [&](const OnnxNote& n) { return n.id == id; });
        QVERIFY(note->text.contains("7 Myelin ForeignNode layers"));
        QVERIFY(note->text.contains("TensorRT 8.6 writes Myelin's layers without Metadata"));
    }
    QVERIFY(c.notes.back().text.contains("21 Myelin reformats (0.407 ms)"));
    QVERIFY(c.notes.front().text.startsWith("36.4 % of A's time (1.307 ms of 3.592 ms)"));
}

// Fixtures: a fusion that differs (\x1e in A, \x1f in B), a NoOp joining A's layers, copies for
// a fused layer and for a ForeignNode, groups in one engine only, a layer without record.
void TestOnnxComparison::comparesFixtureEdgeCases() {
    const EnginePlan a = loadPlan(fixturePath("onnx-edge/a.graph.json"));
    const EnginePlan b = loadPlan(fixturePath("onnx-edge/b.graph.json"));
    const OnnxComparison c = compareByOnnx(a, b);
    QCOMPARE(int(c.groups.size()), 4);

    const OnnxGroup& fused = c.groups[0];
    QCOMPARE(fused.nodes, (QStringList{"/conv1/Conv", "/relu1/Relu", "/add/Add"}));
    QCOMPARE(layerNames(a, fused.a.layers), (QStringList{"conv1 + relu1", "add1"}));
    QCOMPARE(fused.a.folded, QStringList{"reshape_add1"});
    QCOMPARE(layerNames(a, fused.a.charged),
             QStringList{"Reformatting CopyNode for Input Tensor 0 to conv1 + relu1"});
    QCOMPARE(layerNames(b, fused.b.layers), (QStringList{"conv1", "relu1 + add1"}));
    QVERIFY(fused.b.charged.empty());
    QCOMPARE(fused.shape, QStringLiteral("n:m"));
    QVERIFY(fused.fusionDiffers);
    QVERIFY(qFuzzyCompare(*fused.a.ms, 0.13));
    QVERIFY(qFuzzyCompare(*fused.b.ms, 0.09));
    QVERIFY(qFuzzyCompare(*fused.deltaMs, -0.04));
    QVERIFY(qFuzzyCompare(*fused.speedup, 0.13 / 0.09));

    const OnnxGroup& onlyA = c.groups[1];
    QCOMPARE(onlyA.nodes, QStringList{"/extra/Mul"});
    QCOMPARE(onlyA.onlyIn, OnnxOnlyIn::A);
    QCOMPARE(onlyA.shape, QStringLiteral("1:0"));
    QVERIFY(qFuzzyCompare(*onlyA.a.ms, 0.03));
    QVERIFY(!onlyA.b.ms && !onlyA.deltaMs && !onlyA.speedup && !onlyA.fusionDiffers);

    QCOMPARE(c.groups[2].nodes, QStringList{"/extra2/Sigmoid"});
    QCOMPARE(c.groups[2].onlyIn, OnnxOnlyIn::B);
    QCOMPARE(c.groups[2].shape, QStringLiteral("0:1"));
    QCOMPARE(c.groups[3].nodes, QStringList{"/tail/Identity"});
    QVERIFY(!c.groups[3].b.ms); // its layer has no profile record

    // The ForeignNode pairs by name; the copy for it has no origin to go with.
    QCOMPARE(int(c.unattributed.size()), 2);
    QCOMPARE(c.unattributed[0].name, QStringLiteral("{ForeignNode[/attn/MatMul.../attn/Softmax]}"));
    QCOMPARE(c.unattributed[0].a, 4);
    QCOMPARE(c.unattributed[0].b, 3);
    QVERIFY(qFuzzyCompare(*c.unattributed[0].aMs, 0.5));
    QVERIFY(qFuzzyCompare(*c.unattributed[0].bMs, 0.4));
    QCOMPARE(c.unattributed[1].b, -1);
    QVERIFY(!c.unattributed[1].bMs);

    QVERIFY(qFuzzyCompare(*c.a.totalMs, 0.67));
    QVERIFY(qFuzzyCompare(*c.a.groupedMs, 0.16));
    QVERIFY(qFuzzyCompare(*c.a.unattributedMs, 0.51));
    QVERIFY(qFuzzyCompare(*c.b.groupedMs, 0.1));
    QCOMPARE(c.a.layersWithOrigin, 3);
    QCOMPARE(c.sharedNodes, 3);
    QCOMPARE(noteIds(c), (QStringList{"unattributed-a", "unattributed-b"}));
    QVERIFY(c.notes[0].text.contains("1 Myelin ForeignNode layer (0.500 ms"));
    QVERIFY(c.notes[0].text.contains("1 reformatting copy (0.010 ms) for engine inputs"));
}

void TestOnnxComparison::notesMissingMetadata() {
    const EnginePlan a = loadPlan(fixturePath("onnx-edge/nometa.graph.json"));
    const EnginePlan b = loadPlan(fixturePath("onnx-edge/b.graph.json"));
    const OnnxComparison c = compareByOnnx(a, b);
    QCOMPARE(c.a.layersWithOrigin, 0);
    QCOMPARE(int(c.groups.size()), 4);
    QVERIFY(std::all_of(c.groups.begin(), c.groups.end(),
                        [](const OnnxGroup& g) { return g.onlyIn == OnnxOnlyIn::B; }));
    // Said once: the missing Metadata is why nothing is shared and all of A is unattributed.
    QCOMPARE(noteIds(c), (QStringList{"no-metadata-a", "unattributed-b"}));
    QVERIFY(c.notes.front().text.contains("--profilingVerbosity=detailed"));
    // Every layer of A is unattributed, and its time too.
    QCOMPARE(int(std::count_if(c.unattributed.begin(), c.unattributed.end(),
                               [](const OnnxUnattributed& u) { return u.a >= 0; })),
             int(a.layers.size()));
    QVERIFY(qFuzzyCompare(*c.a.unattributedMs, *c.a.totalMs));
    QCOMPARE(*c.a.groupedMs, 0.0); // measured, and nothing in groups
}

void TestOnnxComparison::notesDisjointNodeNames() {
    const EnginePlan a = loadPlan(fixturePath("onnx-edge/a.graph.json"));
    const EnginePlan b = loadPlan(fixturePath("onnx-edge/renamed.graph.json"));
    const OnnxComparison c = compareByOnnx(a, b);
    QCOMPARE(c.sharedNodes, 0);
    QVERIFY(c.hasNote("no-shared-nodes"));
    QVERIFY(std::none_of(c.groups.begin(), c.groups.end(),
                         [](const OnnxGroup& g) { return g.onlyIn == OnnxOnlyIn::None; }));
}

// 21k layers, each group linked to the next through a shared node: one pass, no quadratic step.
void TestOnnxComparison::staysLinearOnLargePlans() {
    EnginePlan a = syntheticPlan(21000);
    EnginePlan b = syntheticPlan(21000);
    for (int i = 0; i + 1 < 21000; i += 2) // A fuses each pair of B's layers' nodes
        a.layers[std::size_t(i)].metadata += QStringLiteral("+[ONNX Layer: /n%1/Conv]").arg(i + 1);
    QElapsedTimer timer;
    timer.start();
    const OnnxComparison c = compareByOnnx(a, b);
    QCOMPARE(int(c.groups.size()), 10500);
    QCOMPARE(c.groups.front().shape, QStringLiteral("n:m"));
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
}

void TestOnnxComparison::ordersGroupsByDelta() {
    const EnginePlan a = loadPlan(dataPath(kAlexNet + "a/trt_engine_info.json"));
    const EnginePlan b = loadPlan(dataPath(kAlexNet + "b/alexnet_fp16.graph.json"));
    const OnnxComparison c = compareByOnnx(a, b);
    const auto byDelta = groupsByDelta(c);
    QCOMPARE(byDelta.size(), c.groups.size());
    QCOMPARE(byDelta.front(), groupWithNode(c, "/Flatten"));
    QVERIFY(std::is_sorted(byDelta.begin(), byDelta.end(), [](auto* x, auto* y) {
        return std::abs(*x->deltaMs) > std::abs(*y->deltaMs);
    }));
    // Without a delta, after those with one, in the comparison's order.
    const EnginePlan fa = loadPlan(fixturePath("onnx-edge/a.graph.json"));
    const EnginePlan fb = loadPlan(fixturePath("onnx-edge/b.graph.json"));
    const OnnxComparison f = compareByOnnx(fa, fb);
    const auto fixture = groupsByDelta(f);
    QCOMPARE(fixture, (std::vector<const OnnxGroup*>{&f.groups[0], &f.groups[1], &f.groups[2],
                                                     &f.groups[3]}));
}

void TestOnnxComparison::shortensNodeLists_data() {
    QTest::addColumn<QStringList>("nodes");
    QTest::addColumn<QString>("text");
    QTest::newRow("none") << QStringList() << QString();
    QTest::newRow("one") << QStringList{"/blocks.1/attn/MatMul"} << "/blocks.1/attn/MatMul";
    QTest::newRow("three whole") << QStringList{"/a", "/b", "/c"} << "/a, /b, /c";
    QTest::newRow("more") << QStringList{"/a", "/b", "/c", "/d"} << "/a, /b +2 more";
    QTest::newRow("shared path") << QStringList{"/blocks.1/attn/MatMul", "/blocks.1/attn/Softmax",
                                                "/blocks.1/Add"}
                                 << "/blocks.1/{attn/MatMul, attn/Softmax, Add}";
    QTest::newRow("shared path, more")
        << QStringList{"/b/x/Conv", "/b/x/Relu", "/b/x/Add", "/b/x/Mul"}
        << "/b/x/{Conv, Relu +2 more}";
    QTest::newRow("nothing shared") << QStringList{"node_1/x", "other/y"} << "node_1/x, other/y";
    QTest::newRow("shared name start, not path")
        << QStringList{"/blocks.1/Conv", "/blocks.10/Conv"} << "/blocks.1/Conv, /blocks.10/Conv";
}

void TestOnnxComparison::shortensNodeLists() {
    QFETCH(QStringList, nodes);
    QFETCH(QString, text);
    QCOMPARE(onnxNodesText(nodes), text);
}

PLANSCOPE_TEST_MAIN(TestOnnxComparison, QCoreApplication)
#include "tst_onnx_comparison.moc"
