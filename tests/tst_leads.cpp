#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "leads/Lead.h"
#include "leads/LeadsJson.h"
#include "leads/PrecisionAdvice.h"
#include "roofline/Roofline.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <set>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

const QString kAlexNet = QStringLiteral("realworld/alexnet-trt10-rtx3060/alexnet_fp16");
const QString kMnistGraph =
    QStringLiteral("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log");
const QString kControlNet =
    QStringLiteral("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/");

// A shared plan by its path under ../shared/data, or a fixture by "fixture:NAME".
QString planPath(const QString& plan) {
    return plan.startsWith(QLatin1String("fixture:")) ? fixturePath(plan.mid(8)) : dataPath(plan);
}

const Lead* leadOf(const PlanLeads& leads, const QString& id) {
    for (const Lead& lead : leads.leads)
        if (lead.id == id)
            return &lead;
    return nullptr;
}

QStringList idsOf(const PlanLeads& leads) {
    QStringList ids;
    for (const Lead& lead : leads.leads)
        ids << lead.id;
    return ids;
}

QStringList unjudgedIds(const PlanLeads& leads) {
    QStringList ids;
    for (const UnjudgedLead& u : leads.unjudged)
        ids << u.id;
    return ids;
}

// What holds for every lead of every plan: each layer once, the time at stake the sum of its
// measured layers' averages and their shares, slowest layer first, leads ranked by time.
void checkInvariants(const EnginePlan& plan, const PlanLeads& leads) {
    std::optional<double> previous;
    bool untimedSeen = false;
    for (const Lead& lead : leads.leads) {
        const std::set<int> unique(lead.layers.begin(), lead.layers.end());
        QVERIFY2(unique.size() == lead.layers.size(),
                 qPrintable(lead.id + " counts a layer twice"));
        QVERIFY2(!lead.layers.empty() || lead.id == "latency-gap", qPrintable(lead.id));
        if (lead.aboutTheEngine())
            continue; // its time at stake is its own
        double ms = 0;
        double percent = 0;
        int measured = 0;
        double slowest = std::numeric_limits<double>::infinity();
        for (int index : lead.layers) {
            QVERIFY(index >= 0 && index < int(plan.layers.size()));
            const LayerTiming& t = plan.layers[std::size_t(index)].timing;
            if (!t.measured)
                continue;
            QVERIFY2(t.averageMs <= slowest, qPrintable(lead.id + " is not slowest first"));
            slowest = t.averageMs;
            ms += t.averageMs;
            percent += t.percent;
            ++measured;
        }
        QCOMPARE(lead.unmeasured, int(lead.layers.size()) - measured);
        QCOMPARE(lead.ms.has_value(), measured > 0);
        if (lead.ms && lead.partOfLayersTime) { // part of its layers' time (far-from-roof)
            QVERIFY(*lead.ms > 0 && *lead.ms < ms);
            QVERIFY(!untimedSeen);
            QVERIFY2(!previous || *previous >= *lead.ms, qPrintable(lead.id + " ranked too high"));
            previous = lead.ms;
        } else if (lead.ms) {
            QVERIFY(qAbs(*lead.ms - ms) < 1e-9);
            QVERIFY(lead.percent && *lead.percent <= 100.0001);
            QVERIFY(!untimedSeen);
            QVERIFY2(!previous || *previous >= *lead.ms, qPrintable(lead.id + " ranked too high"));
            previous = lead.ms;
            if (leads.notes.filter(QStringLiteral("add up to")).isEmpty())
                QVERIFY(qAbs(*lead.percent - percent) < 1e-9);
        } else {
            untimedSeen = true;
            QVERIFY(!lead.percent);
        }
        QVERIFY(!lead.title.isEmpty() && !lead.evidence.isEmpty() && !lead.nextStep.isEmpty());
    }
}

// The figures NVIDIA's trt-perf-analysis skill (TensorRT 11.1, scripts/trt_perf/data.py) derives
// from the same files, by its rules: records joined to layers by name; the hotspot is the record
// with the largest "percentage"; tiny kernels are records averaging under 0.005 ms, firing at 20
// or more together taking 20 % or more.
struct SkillFigures {
    double topPercent = 0;
    int tinyCount = 0;
    double tinyPercent = 0;
    bool tinyFires() const { return tinyCount >= 20 && tinyPercent >= 20; }
};

QJsonArray readArray(const QString& path, const char* key = nullptr) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    return doc.isObject() && key ? doc.object().value(QLatin1String(key)).toArray() : doc.array();
}

SkillFigures skillFigures(const QString& graph, const QString& profile) {
    QSet<QString> names;
    for (const QJsonValue layer : readArray(graph, "Layers"))
        names.insert(layer.toObject().value("Name").toString());
    SkillFigures figures;
    for (const QJsonValue value : readArray(profile)) {
        const QJsonObject record = value.toObject();
        if (!record.contains("name") || !names.contains(record.value("name").toString()))
            continue;
        const double percent = record.value("percentage").toDouble();
        figures.topPercent = std::max(figures.topPercent, percent);
        if (record.value("averageMs").toDouble() < 0.005) {
            ++figures.tinyCount;
            figures.tinyPercent += percent;
        }
    }
    return figures;
}

// Writes `graph` and `profile` (as JSON) into `dir` as one plan, "copy.graph.json".
QString writePlan(const QTemporaryDir& dir, const QByteArray& graph, const QByteArray& profile) {
    const QString prefix = dir.filePath(QStringLiteral("copy"));
    QFile g(prefix + ".graph.json");
    QFile p(prefix + ".profile.json");
    if (!g.open(QIODevice::WriteOnly) || !p.open(QIODevice::WriteOnly))
        return {};
    g.write(graph);
    p.write(profile);
    return g.fileName();
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Edits every record of a profile JSON.
QByteArray editRecords(const QByteArray& profile,
                       const std::function<bool(QJsonObject&)>& edit) { // false drops it
    QJsonArray records;
    for (const QJsonValue value : QJsonDocument::fromJson(profile).array()) {
        QJsonObject record = value.toObject();
        if (edit(record))
            records.append(record);
    }
    return QJsonDocument(records).toJson();
}

} // namespace

class TestLeads : public QObject {
    Q_OBJECT
  private slots:
    void ranksLeads_data();
    void ranksLeads();
    void leavesOutWhatIsNoLead();
    void figures_data();
    void figures();
    void agreesWithNvidiaSkill_data();
    void agreesWithNvidiaSkill();
    void judgesShapesByTypeAndOrigin();
    void planWithoutTimings_data();
    void planWithoutTimings();
    void slowerTacticWithBuildLog();
    void brokenCopies_data();
    void brokenCopies();
    void refusesAnotherEnginesProfile();
    void writesJson();
    void titlesNameTheirLayer_data();
    void latencyGap_data();
    void latencyGap();
    void titlesNameTheirLayer();
    void advisesAPrecisionTheLayerIsNotIn_data();
    void advisesAPrecisionTheLayerIsNotIn();
    void namesNetworkLayers_data();
    void namesNetworkLayers();
    void generatedKernelsLeaveLibraryWorkOut();
};

// A lead about one layer names it in its title, cut in the middle when long; a lead of several
// counts them.
void TestLeads::titlesNameTheirLayer_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("title");
    QTest::newRow("hot layer") << "trex/resnet-a100/qat/resnet-qat.onnx.engine"
                               << "hot-layer"
                               << "`conv1.weight + QuantizeLinear_7 + Conv_9` takes 18.4 % of the "
                                  "latency";
    QTest::newRow("one FP32 layer")
        << "trex/resnet-a100/qat/resnet-qat.onnx.engine"
        << "precision-fallback"
        << "`MaxPool_12` runs in FP32 though the engine may use FP16+INT8";
    QTest::newRow("a long name, cut")
        << kAlexNet << "reformats"
        << "Reformat `Reformatting CopyNode for Inp... + /features/features.1/Relu` converts "
           "between formats";
    QTest::newRow("several, counted") << kAlexNet << "non-tensor-core-gemm"
                                      << "3 GEMMs run on CUDA cores, not Tensor Cores";
    QTest::newRow("one GEMM") << "fixture:leads.graph.json"
                              << "non-tensor-core-gemm"
                              << "GEMM `matmul_simt` runs on CUDA cores, not Tensor Cores";
}

void TestLeads::titlesNameTheirLayer() {
    QFETCH(QString, plan);
    QFETCH(QString, id);
    QFETCH(QString, title);
    const PlanLeads leads = findLeads(loadPlan(planPath(plan)));
    const Lead* lead = leadOf(leads, id);
    QVERIFY(lead);
    QCOMPARE(lead->title, title);
}

// The precision advice names one the layer does not run in, as a command naming its network
// layers.
void TestLeads::advisesAPrecisionTheLayerIsNotIn_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("says");
    QTest::addColumn<QString>("never");
    QTest::newRow("FP16 layer: INT8")
        << "trex/resnet-a100/fp16/resnet.onnx.engine"
        << "hot-layer"
        << "trtexec --layerPrecisions=Conv_0:int8,Relu_1:int8 --precisionConstraints=obey"
        << ":fp16";
    QTest::newRow("FP32 on CUDA cores: FP16")
        << "trex/resnet-a100/fp32/resnet.onnx.engine"
        << "hot-layer"
        << "Run it in FP16 (trtexec --layerPrecisions=Conv_0:fp16,Relu_1:fp16"
        << ":int8";
    QTest::newRow("INT8 on CUDA cores") << "trex/resnet-a100/qat/resnet-qat.onnx.engine"
                                        << "hot-layer"
                                        << "Its precision (INT8) has Tensor Core kernels"
                                        << "--layerPrecisions";
    QTest::newRow("FP32 fallback, the slowest named")
        << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json"
        << "precision-fallback"
        << "for the slowest: trtexec --layerPrecisions=/middle_block/middle_block.0/Add:fp16 "
           "--precisionConstraints=prefer"
        << "NAME";
}

void TestLeads::advisesAPrecisionTheLayerIsNotIn() {
    QFETCH(QString, plan);
    QFETCH(QString, id);
    QFETCH(QString, says);
    QFETCH(QString, never);
    const PlanLeads leads = findLeads(loadPlan(dataPath(plan)));
    const Lead* lead = leadOf(leads, id);
    QVERIFY(lead);
    QVERIFY2(lead->nextStep.contains(says), qPrintable(lead->nextStep));
    QVERIFY2(!lead->nextStep.contains(never), qPrintable(lead->nextStep));
}

void TestLeads::namesNetworkLayers_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("command");
    QTest::newRow("a Myelin kernel, by its ONNX nodes")
        << "__myl_MulAdd_myl0_3"
        << "[ONNX Layer: /blocks.0/Mul][ONNX Layer: /blocks.0/Add]"
        << "trtexec --layerPrecisions=/blocks.0/Mul:fp16,/blocks.0/Add:fp16 "
           "--precisionConstraints=obey";
    QTest::newRow("fused parts, made-up names left out")
        << "conv1 + (Unnamed Layer* 5) [Shuffle] + relu1"
        << ""
        << "trtexec --layerPrecisions=conv1:fp16,relu1:fp16 --precisionConstraints=obey";
    QTest::newRow("quoted for a shell")
        << "my layer"
        << ""
        << "trtexec '--layerPrecisions=my layer:fp16' --precisionConstraints=obey";
    QTest::newRow("no name to give") << "__myl_Cast_myl0_1"
                                     << ""
                                     << "trtexec --layerPrecisions=NAME:fp16 "
                                        "--precisionConstraints=obey";
}

void TestLeads::namesNetworkLayers() {
    QFETCH(QString, name);
    QFETCH(QString, metadata);
    QFETCH(QString, command);
    Layer layer;
    layer.name = name;
    layer.metadata = metadata;
    QCOMPARE(layerPrecisionsCommand(layer, "fp16", "obey"), command);
}

// TensorRT 8.6 subgraphs: AEB-BEV's two (shape and element-wise work) are generated kernels;
// ControlNet's transformer blocks (their names and their onnx::MatMul_3 input) are not. A model
// with a LayerNormalization already is not told to use one.
void TestLeads::generatedKernelsLeaveLibraryWorkOut() {
    const PlanLeads bev = findLeads(loadPlan(dataPath("realworld/aeb-bev-trt86/layers_.json")));
    const Lead* generated = leadOf(bev, "generated-kernels");
    QVERIFY(generated);
    QCOMPARE(generated->layers.size(), std::size_t(2));
    QVERIFY(generated->nextStep.contains("opset 17+ LayerNormalization"));
    QVERIFY(!leadOf(
        findLeads(loadPlan(dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/"
                                    "layerinfo.json"))),
        "generated-kernels"));
    QTemporaryDir dir;
    QByteArray graph = readAll(dataPath("realworld/aeb-bev-trt86/layers_.json"));
    graph.replace("\"Metadata\": \"[ONNX Layer: /Resize]",
                  "\"Metadata\": \"[ONNX Layer: /neck/LayerNormalization]");
    const PlanLeads normalized = findLeads(loadPlan(
        writePlan(dir, graph, readAll(dataPath("realworld/aeb-bev-trt86/profile_.json")))));
    const Lead* withNorm = leadOf(normalized, "generated-kernels");
    QVERIFY(withNorm);
    QVERIFY2(!withNorm->nextStep.contains("LayerNormalization"), qPrintable(withNorm->nextStep));
}

// The GPU Compute Time mean against the per-layer averages' sum (0.8 ms): a lead beyond 10 % either
// way; time outside the layers is at stake, profiling overhead is not.
void TestLeads::latencyGap_data() {
    QTest::addColumn<double>("gpuComputeMs");
    QTest::addColumn<bool>("lead");
    QTest::addColumn<QString>("title");
    QTest::addColumn<double>("stakeMs"); // -1: none
    QTest::newRow("outside the layers")
        << 1.0 << true << "20.0 % of the GPU time is outside the profiled layers" << 0.2;
    QTest::newRow("within 10 %") << 0.85 << false << QString() << -1.0;
    QTest::newRow("profiling overhead")
        << 0.6 << true << "The per-layer times add up to 33.3 % more than the run" << -1.0;
}

void TestLeads::latencyGap() {
    QFETCH(double, gpuComputeMs);
    QFETCH(bool, lead);
    QFETCH(QString, title);
    QFETCH(double, stakeMs);
    EnginePlan plan;
    plan.hasProfile = true;
    for (int i = 0; i < 2; ++i) {
        Layer layer;
        layer.index = i;
        layer.name = QStringLiteral("layer %1").arg(i);
        layer.type = QStringLiteral("Convolution");
        layer.timing = {true, 0.4, 0.4, 40, 50};
        plan.layers.push_back(layer);
    }
    plan.metadata.performance["GPU Compute Time"] = {0.1, 2.0, gpuComputeMs, 0.5, 0.5, 0.5, 0.5};
    const PlanLeads leads = findLeads(plan);
    const Lead* gap = leadOf(leads, "latency-gap");
    QCOMPARE(gap != nullptr, lead);
    if (!gap)
        return;
    QCOMPARE(gap->title, title);
    QVERIFY(gap->aboutTheEngine());
    QCOMPARE(gap->ms.has_value(), stakeMs >= 0);
    if (gap->ms) {
        QVERIFY(qAbs(*gap->ms - stakeMs) < 1e-12);
        QVERIFY(qAbs(*gap->percent - 25.0) < 1e-9); // of the layers' 0.8 ms, as every share
        // 0.2 ms at stake: after the slowest layer's 0.4 ms, before the leads without time.
        QCOMPARE(idsOf(leads).mid(0, 2), (QStringList{"hot-layer", "latency-gap"}));
    }
    QVERIFY(qAbs(gap->facts["gap_ms"].get<double>() - (gpuComputeMs - 0.8)) < 1e-12);
}

void TestLeads::ranksLeads_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QStringList>("ids");      // in rank order
    QTest::addColumn<QStringList>("unjudged"); // what the plan's files cannot tell
    // ResNet's and AlexNet's only unaligned convolution reads the image (3 channels): no
    // conv-channel-alignment lead (the lint finding stays); ControlNet's read 4 latent channels.
    // Far-from-roof's time is its layers' above 80 % of their speed of light (README's Speed of
    // light), on the device the files describe: none for AEB-BEV, ControlNet and the fixture.
    const QStringList resnet = {"hot-layer", "far-from-roof", "reformats"};
    // ControlNet's seven ForeignNodes are transformer blocks (GEMMs, attention): no lead of
    // generated kernels.
    const QStringList controlNet = {"reformats", "hot-layer", "precision-fallback"};
    const QStringList noLog = {"slower-tactic"};
    const QStringList noRun = {"far-from-roof", "slower-tactic", "latency-gap"};
    // The trex plans' profiles overstate the run (per-layer profiling): latency-gap, last as a
    // lead without time at stake, where the layers add up to more than 10 % over the run.
    QTest::newRow("mobilenet qat") << "trex/mobilenet/mobilenet.qat.onnx.engine"
                                   << QStringList{"far-from-roof", "tiny-kernels", "reformats",
                                                  "conv-channel-alignment", "latency-gap"}
                                   << noLog;
    QTest::newRow("mobilenet residuals")
        << "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine"
        << QStringList{"far-from-roof", "conv-channel-alignment", "reformats", "latency-gap"}
        << noLog;
    QTest::newRow("resnet fp32, 5.8 % apart")
        << "trex/resnet-a100/fp32/resnet.onnx.engine" << resnet << noLog;
    QTest::newRow("resnet fp16") << "trex/resnet-a100/fp16/resnet.onnx.engine"
                                 << QStringList{"far-from-roof", "hot-layer", "reformats",
                                                "latency-gap"}
                                 << noLog;
    QTest::newRow("resnet qat")
        << "trex/resnet-a100/qat/resnet-qat.onnx.engine"
        << QStringList{"far-from-roof",          "reformats",  "hot-layer", "precision-fallback",
                       "conv-channel-alignment", "latency-gap"}
        << noLog;
    QTest::newRow("resnet qat-residual")
        << "trex/resnet-a100/qat-residual/resnet-qat-residual.onnx.engine"
        << QStringList{"far-from-roof",          "reformats",          "hot-layer",
                       "conv-channel-alignment", "precision-fallback", "latency-gap"}
        << noLog;
    // The slowest layer and the Reformats take 0.095232 ms each: the catalog's order decides.
    QTest::newRow("resnet qat-residual-qgap")
        << "trex/resnet-a100/qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine"
        << QStringList{"far-from-roof", "hot-layer", "reformats", "conv-channel-alignment",
                       "latency-gap"}
        << noLog;
    QTest::newRow("alexnet, 5.1 % apart")
        << kAlexNet
        << QStringList{"non-tensor-core-gemm", "hot-layer", "far-from-roof", "reformats"} << noLog;
    QTest::newRow("aeb-bev") << "realworld/aeb-bev-trt86/layers_.json"
                             << QStringList{"generated-kernels", "hot-layer", "reformats",
                                            "conv-channel-alignment", "precision-fallback"}
                             << noRun;
    QTest::newRow("controlnet a") << kControlNet + "a/layerinfo.json" << controlNet << noRun;
    QTest::newRow("controlnet b") << kControlNet + "b/layerinfo.json" << controlNet << noRun;
    QTest::newRow("mnist --dumpProfile log")
        << "realworld/mnist-trt10.16-h100/trtexec-result-05.log" << QStringList{"hot-layer"}
        << QStringList{"slower-tactic", "latency-gap"};
    QTest::newRow("fixture") << "fixture:leads.graph.json"
                             << QStringList{"hot-layer",
                                            "generated-kernels",
                                            "conv-channel-alignment",
                                            "conv-nonstandard-padding",
                                            "several-streams",
                                            "non-tensor-core-gemm",
                                            "precision-fallback",
                                            "reformats",
                                            "shape-overhead"}
                             << noRun;
}

// Issue 36: a lead counts what can be fixed, once. The QAT ResNet's conv1 reads the image's 3
// channels (0.168 ms of the rule's 0.177); ControlNet's MyelinReformats are Reformats, not
// FP32 fallbacks; layers averaging 0 ms have no launch to save.
void TestLeads::leavesOutWhatIsNoLead() {
    const EnginePlan qat = loadPlan(dataPath("trex/resnet-a100/qat/resnet-qat.onnx.engine"));
    const PlanLeads qatLeads = findLeads(qat);
    const Lead* aligned = leadOf(qatLeads, "conv-channel-alignment");
    QVERIFY(aligned);
    QVERIFY(aligned->evidence.contains("Left out: 1 convolution reading an image's channels"));
    for (int l : aligned->layers)
        QVERIFY(qat.layers[std::size_t(l)].inputs[0].shape[1] > 4);
    QVERIFY(*aligned->ms < 0.02); // the classifier's K=1000 (0.013 ms), not conv1's 0.168 ms

    const EnginePlan controlNet = loadPlan(dataPath(kControlNet + "a/layerinfo.json"));
    const PlanLeads cnLeads = findLeads(controlNet);
    const Lead* fallback = leadOf(cnLeads, "precision-fallback");
    const Lead* reformats = leadOf(cnLeads, "reformats");
    QVERIFY(fallback && reformats);
    const std::set<int> inReformats(reformats->layers.begin(), reformats->layers.end());
    for (int l : fallback->layers) {
        QVERIFY2(!inReformats.count(l), qPrintable(controlNet.layers[std::size_t(l)].name));
        QVERIFY(!controlNet.layers[std::size_t(l)].type.endsWith("Reformat"));
    }

    EnginePlan tiny;
    tiny.hasProfile = true;
    const auto add = [&](const QString& name, double ms) {
        Layer l;
        l.index = int(tiny.layers.size());
        l.name = name;
        l.type = QStringLiteral("Shuffle");
        l.timing.measured = true;
        l.timing.averageMs = ms;
        tiny.layers.push_back(l);
    };
    for (int i = 0; i < 25; ++i)
        add(QStringLiteral("small_%1").arg(i), 0.001);
    for (int i = 0; i < 30; ++i)
        add(QStringLiteral("constant_%1").arg(i), 0);
    add(QStringLiteral("conv"), 0.05);
    const double total = *tiny.totalAverageMs();
    for (Layer& l : tiny.layers)
        l.timing.percent = 100 * l.timing.averageMs / total;
    const PlanLeads tinyLeads = findLeads(tiny);
    const Lead* kernels = leadOf(tinyLeads, "tiny-kernels");
    QVERIFY(kernels);
    QCOMPARE(int(kernels->layers.size()), 25);
    QVERIFY(kernels->evidence.contains("Left out: 30 layers averaging 0 ms"));
    QCOMPARE(kernels->facts["zero_ms_left_out"].get<int>(), 30);
}

void TestLeads::ranksLeads() {
    QFETCH(QString, plan);
    QFETCH(QStringList, ids);
    QFETCH(QStringList, unjudged);
    const EnginePlan loaded = loadPlan(planPath(plan));
    const PlanLeads leads = findLeads(loaded);
    QCOMPARE(idsOf(leads), ids);
    checkInvariants(loaded, leads);
    QCOMPARE(unjudgedIds(leads), unjudged);
    QVERIFY(leads.notes.isEmpty());
}

void TestLeads::figures_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("ms");
    QTest::addColumn<double>("percent");
    QTest::addColumn<int>("layers");
    QTest::addColumn<QString>("slowest");
    // Real plans: the profile's own figures (the layer table's latency and share).
    QTest::newRow("alexnet hot layer") << kAlexNet << "hot-layer" << 0.239573 << 45.705 << 1
                                       << "/classifier/classifier_1/Gemm_myl9_2";
    QTest::newRow("alexnet sm50 GEMVs") << kAlexNet << "non-tensor-core-gemm" << 0.3798792
                                        << 72.47228 << 3 << "/classifier/classifier_1/Gemm_myl9_2";
    QTest::newRow("mobilenet tiny kernels")
        << "trex/mobilenet/mobilenet.qat.onnx.engine"
        << "tiny-kernels" << 0.13235476 << 28.137315 << 29
        << "features.5.conv.0.0.weight + QuantizeLinear_201 + Conv_205 + PWN(Clip_209)";
    QTest::newRow("resnet qat reformats")
        << "trex/resnet-a100/qat/resnet-qat.onnx.engine"
        << "reformats" << 0.278528 << 25.420548 << 12 << "QuantizeLinear_2";
    QTest::newRow("resnet qat FP32 pooling")
        << "trex/resnet-a100/qat/resnet-qat.onnx.engine"
        << "precision-fallback" << 0.095232 << 8.69159 << 1 << "MaxPool_12";
    QTest::newRow("aeb-bev ForeignNodes")
        << "realworld/aeb-bev-trt86/layers_.json"
        << "generated-kernels" << 8.6332761 << 46.630743 << 2
        << "{ForeignNode[/neck/upscale.1/Constant_1_output_0.../bev_decoder/Slice_22]}";
    // The fixture: 13 layers taking 1 ms, each figure chosen by hand.
    const QString fixture = QStringLiteral("fixture:leads.graph.json");
    QTest::newRow("fixture hot layer") << fixture << "hot-layer" << 0.3 << 30.0 << 1 << "conv_a";
    QTest::newRow("fixture generated") << fixture << "generated-kernels" << 0.27 << 27.0 << 3
                                       << "{ForeignNode[/model/Slice_4.../model/Reshape_9]}";
    QTest::newRow("fixture padding")
        << fixture << "conv-nonstandard-padding" << 0.16 << 16.0 << 1 << "conv_b";
    QTest::newRow("fixture alignment")
        << fixture << "conv-channel-alignment" << 0.16 << 16.0 << 1 << "conv_b";
    QTest::newRow("fixture streams")
        << fixture << "several-streams" << 0.15 << 15.0 << 2 << "matmul_simt";
    QTest::newRow("fixture SIMT GEMM")
        << fixture << "non-tensor-core-gemm" << 0.1 << 10.0 << 1 << "matmul_simt";
    QTest::newRow("fixture fallback and Q/DQ")
        << fixture << "precision-fallback" << 0.06 << 6.0 << 3 << "fp32_softmax";
    QTest::newRow("fixture reformats")
        << fixture << "reformats" << 0.045 << 4.5 << 2 << "output_reformat";
    QTest::newRow("fixture shapes and casts")
        << fixture << "shape-overhead" << 0.035 << 3.5 << 3 << "cast_to_float";
}

void TestLeads::figures() {
    QFETCH(QString, plan);
    QFETCH(QString, id);
    QFETCH(double, ms);
    QFETCH(double, percent);
    QFETCH(int, layers);
    QFETCH(QString, slowest);
    const EnginePlan loaded = loadPlan(planPath(plan));
    const PlanLeads leads = findLeads(loaded);
    const Lead* lead = leadOf(leads, id);
    QVERIFY(lead);
    QVERIFY2(lead->ms && qAbs(*lead->ms - ms) < 1e-7, qPrintable(QString::number(*lead->ms)));
    QVERIFY2(lead->percent && qAbs(*lead->percent - percent) < 1e-5,
             qPrintable(QString::number(*lead->percent)));
    QCOMPARE(int(lead->layers.size()), layers);
    QCOMPARE(loaded.layers[std::size_t(lead->layers.front())].name, slowest);
    QCOMPARE(lead->unmeasured, 0);
}

void TestLeads::agreesWithNvidiaSkill_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<QString>("profile");
    const auto add = [](const QString& graph, const QString& profile) {
        QTest::newRow(qPrintable(graph)) << dataPath(graph) << dataPath(profile);
    };
    for (const QString prefix :
         {"trex/mobilenet/mobilenet.qat.onnx.engine",
          "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine",
          "trex/resnet-a100/fp32/resnet.onnx.engine", "trex/resnet-a100/fp16/resnet.onnx.engine",
          "trex/resnet-a100/qat/resnet-qat.onnx.engine",
          "trex/resnet-a100/qat-residual/resnet-qat-residual.onnx.engine",
          "trex/resnet-a100/qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine",
          "realworld/alexnet-trt10-rtx3060/alexnet_fp16"})
        add(prefix + ".graph.json", prefix + ".profile.json");
    add("realworld/aeb-bev-trt86/layers_.json", "realworld/aeb-bev-trt86/profile_.json");
    add(kControlNet + "a/layerinfo.json", kControlNet + "a/profile.json");
    add(kControlNet + "b/layerinfo.json", kControlNet + "b/profile.json");
}

// The slowest layer's share and whether tiny kernels fire equal the skill's on the same files.
void TestLeads::agreesWithNvidiaSkill() {
    QFETCH(QString, graph);
    QFETCH(QString, profile);
    LoadOptions options;
    options.profileJson = profile;
    const EnginePlan plan = loadPlan(graph, options);
    const PlanLeads leads = findLeads(plan);
    const SkillFigures skill = skillFigures(graph, profile);
    QVERIFY(skill.topPercent > 0);
    const Lead* hot = leadOf(leads, "hot-layer");
    QCOMPARE(hot != nullptr, skill.topPercent >= 5);
    if (hot)
        QCOMPARE(*hot->percent, skill.topPercent);
    const Lead* tiny = leadOf(leads, "tiny-kernels");
    QCOMPARE(tiny != nullptr, skill.tinyFires());
    if (tiny) // the skill also counts NoOp layers' records (0 ms), which plans do not keep
        QVERIFY(qAbs(*tiny->percent - skill.tinyPercent) < 1e-9);
}

void TestLeads::judgesShapesByTypeAndOrigin() {
    const EnginePlan plan = loadPlan(fixturePath("leads.graph.json"));
    const PlanLeads leads = findLeads(plan);
    const Lead* shapes = leadOf(leads, "shape-overhead");
    QVERIFY(shapes);
    QStringList names;
    for (int index : shapes->layers)
        names << plan.layers[std::size_t(index)].name;
    // A Cast and a Shape layer by type, a kgen kernel whose ONNX origin is a Cast; not the
    // ForeignNode whose name holds "Slice" and "Reshape", nor kgen_add (an Add and a Mul).
    QCOMPARE(names, (QStringList{"cast_to_float", "shape_of", "__myl_Cast_myl0_1"}));
}

void TestLeads::planWithoutTimings_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QStringList>("ids");
    QTest::newRow("mnist layer information")
        << dataPath(kMnistGraph) << QStringList{"non-tensor-core-gemm"}; // its conv reads 1 channel
    QTest::newRow("fixture without profile")
        << QString() // copied alone at run time
        << QStringList{"reformats",       "precision-fallback",     "non-tensor-core-gemm",
                       "several-streams", "conv-channel-alignment", "conv-nonstandard-padding"};
}

// Leads that need no timings come by count, in the catalog's order; the others say what they
// need and how to get it; no time is 0.
void TestLeads::planWithoutTimings() {
    QFETCH(QString, plan);
    QFETCH(QStringList, ids);
    QTemporaryDir dir;
    if (plan.isEmpty()) {
        plan = dir.filePath("alone.graph.json");
        QVERIFY(QFile::copy(fixturePath("leads.graph.json"), plan));
    }
    const EnginePlan loaded = loadPlan(plan);
    QVERIFY(!loaded.hasProfile);
    const PlanLeads leads = findLeads(loaded);
    QCOMPARE(idsOf(leads), ids);
    checkInvariants(loaded, leads);
    for (const Lead& lead : leads.leads) {
        QVERIFY(!lead.ms && !lead.percent);
        QCOMPARE(lead.unmeasured, int(lead.layers.size()));
        QVERIFY2(!lead.evidence.contains(" ms"), qPrintable(lead.evidence)); // no time, not 0
    }
    QCOMPARE(unjudgedIds(leads),
             (QStringList{"hot-layer", "far-from-roof", "tiny-kernels", "generated-kernels",
                          "shape-overhead", "slower-tactic", "latency-gap"}));
    for (const UnjudgedLead& u : leads.unjudged)
        if (u.id != QLatin1String("slower-tactic")) {
            QCOMPARE(u.needs, QStringLiteral("per-layer timings"));
            QCOMPARE(u.how, QString::fromLatin1(kPerLayerTimingsHint));
        }
    QVERIFY(!leads.latencyMs);
    const OrderedJson json = leadsJson(loaded, leads);
    QVERIFY(json["latency_ms"].is_null());
    QVERIFY(json["leads"][0]["ms"].is_null() && json["leads"][0]["percent"].is_null());
    QVERIFY(json["leads"][0]["layers"][0]["ms"].is_null());
}

// With the verbose build log of the same engine: node_max_pool2d_1 chose a tactic 11 % slower,
// kept in the FP16 NHWC8 format of its neighbours; the log times the reformats the fastest
// (FP32 linear) tactic would need at 0.00353773 + 0.00352414 ms.
void TestLeads::slowerTacticWithBuildLog() {
    LoadOptions options;
    options.logs = {dataPath("realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log")};
    const EnginePlan plan = loadPlan(dataPath(kMnistGraph), options);
    QVERIFY(plan.tactics);
    const PlanLeads leads = findLeads(plan);
    QVERIFY(!unjudgedIds(leads).contains("slower-tactic"));
    const Lead* lead = leadOf(leads, "slower-tactic");
    QVERIFY(lead);
    QCOMPARE(lead->layers.size(), std::size_t(1));
    QCOMPARE(plan.layers[std::size_t(lead->layers[0])].name, QStringLiteral("node_max_pool2d_1"));
    QVERIFY(!lead->ms); // the plan has no profile
    const OrderedJson& trade = lead->facts["layers"][0];
    QCOMPARE(trade["chosen_ms"].get<double>(), 0.00330556);
    QCOMPARE(trade["fastest_ms"].get<double>(), 0.0029732);
    QCOMPARE(trade["chosen_format"].get<std::string>(),
             std::string("Half(1568,1:8,112,8) -> Half(392,1:8,56,8)"));
    QCOMPARE(trade["fastest_format"].get<std::string>(),
             std::string("Float(12544,196,14,1) -> Float(3136,49,7,1)"));
    QVERIFY(qAbs(trade["reformat_ms"].get<double>() - (0.00353773 + 0.00352414)) < 1e-12);
    QVERIFY(lead->evidence.contains("11 % slower"));
}

void TestLeads::brokenCopies_data() {
    QTest::addColumn<QString>("breakage");
    for (const char* breakage : {"records dropped", "duplicated name", "percentages doubled",
                                 "wrong count header", "another build's profile"})
        QTest::newRow(breakage) << breakage;
}

// Copies of AlexNet broken as users' files are: the leads still come, each layer once, and say
// what they could not weigh.
void TestLeads::brokenCopies() {
    QFETCH(QString, breakage);
    QByteArray graph = readAll(dataPath(kAlexNet + ".graph.json"));
    QByteArray profile = readAll(dataPath(kAlexNet + ".profile.json"));
    if (breakage == "records dropped") {
        profile = editRecords(
            profile, [](QJsonObject& r) { return !r.value("name").toString().contains("Gemm"); });
    } else if (breakage == "duplicated name") {
        graph.replace("\"/features/features.8/Conv + /features/features.9/Relu\"",
                      "\"/features/features.6/Conv + /features/features.7/Relu\"");
    } else if (breakage == "percentages doubled") {
        profile = editRecords(profile, [](QJsonObject& r) {
            r["percentage"] = r.value("percentage").toDouble() * 2;
            return true;
        });
    } else if (breakage == "wrong count header") {
        profile.replace("\"count\": 14590", "\"count\": 3");
    } else if (breakage == "another build's profile") {
        graph = readAll(dataPath(kControlNet + "a/layerinfo.json"));
        profile = readAll(dataPath(kControlNet + "b/profile.json"));
    }
    QTemporaryDir dir;
    const EnginePlan plan = loadPlan(writePlan(dir, graph, profile));
    const PlanLeads leads = findLeads(plan);
    checkInvariants(plan, leads);
    const EnginePlan original = loadPlan(dataPath(kAlexNet));
    // The copies keep no metadata, so no device: the original's leads without the roofline's.
    const PlanLeads originalLeads = findLeads(original, computeRoofline(original, std::nullopt));
    const Lead* gemms = leadOf(leads, "non-tensor-core-gemm");
    const Lead* hot = leadOf(leads, "hot-layer");
    if (breakage == "records dropped") {
        // The GEMMs stay a lead by count, their time unknown; the next layer is the hottest.
        QVERIFY(gemms && !gemms->ms && gemms->unmeasured == 3);
        QVERIFY(hot);
        QCOMPARE(plan.layers[std::size_t(hot->layers[0])].name,
                 QStringLiteral("/features/features.3/Conv + /features/features.4/Relu"));
        QCOMPARE(*hot->percent, 5.00526);
        QVERIFY(!leads.notes.filter("3 of 13 layers have no profile record").isEmpty());
    } else if (breakage == "duplicated name") {
        QVERIFY(plan.findLayer("/features/features.6/Conv + /features/features.7/Relu_2"));
        QCOMPARE(idsOf(leads), idsOf(originalLeads));
    } else if (breakage == "percentages doubled") {
        // Shares then come from the times: the GEMM's 0.239573 ms of 0.522 ms, not 91.4 %. (The
        // plan's records add up to 199.2 %: trex's rules drop the shape_call layer's.)
        QVERIFY(!leads.notes.filter("add up to 199.2 %").isEmpty());
        QVERIFY(hot && qAbs(*hot->percent - 0.239573 / *plan.totalAverageMs() * 100) < 1e-9);
        QVERIFY(*hot->percent < 50);
    } else if (breakage == "wrong count header") {
        QCOMPARE(idsOf(leads), idsOf(originalLeads));
        QCOMPARE(*hot->percent, 45.705);
    } else {
        // Joined by name where the names agree; the rest have no time and the notes say so.
        QVERIFY(!plan.warnings.isEmpty());
        QVERIFY(!leads.notes.filter("have no profile record").isEmpty());
        QVERIFY(leadOf(leads, "reformats"));
    }
}

void TestLeads::refusesAnotherEnginesProfile() {
    QTemporaryDir dir;
    const QString plan =
        writePlan(dir, readAll(dataPath(kAlexNet + ".graph.json")),
                  readAll(dataPath("trex/resnet-a100/fp32/resnet.onnx.engine.profile.json")));
    QVERIFY_THROWS_EXCEPTION(PlanError, loadPlan(plan));
}

void TestLeads::writesJson() {
    const EnginePlan plan = loadPlan(fixturePath("leads.graph.json"));
    const PlanLeads leads = findLeads(plan);
    const OrderedJson json = leadsJson(plan, leads);
    QCOMPARE(json["plan"].get<std::string>(), std::string("leads.graph.json"));
    QCOMPARE(json["latency_ms"].get<double>(), 1.0);
    QCOMPARE(json["leads"].size(), leads.leads.size());
    const OrderedJson& first = json["leads"][0];
    QCOMPARE(first["rank"].get<int>(), 1);
    QCOMPARE(first["id"].get<std::string>(), std::string("hot-layer"));
    QCOMPARE(first["layers"][0]["name"].get<std::string>(), std::string("conv_a"));
    QCOMPARE(first["layers"][0]["index"].get<int>(), 1);
    QCOMPARE(first["facts"]["top_five_layers"].size(), std::size_t(5));
    QCOMPARE(json["not_judged"][0]["id"].get<std::string>(), std::string("far-from-roof"));
    QCOMPARE(json["not_judged"][1]["id"].get<std::string>(), std::string("slower-tactic"));
    QCOMPARE(json["not_judged"][1]["needs"].get<std::string>(), std::string("a verbose build log"));
}

PLANSCOPE_TEST_MAIN(TestLeads, QCoreApplication)
#include "tst_leads.moc"
