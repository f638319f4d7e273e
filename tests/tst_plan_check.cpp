#include "TestSupport.h"
#include "io/PlanFacts.h"
#include "io/PlanLoader.h"

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

using Place = GraphEntry::Place;
Q_DECLARE_METATYPE(GraphEntry::Place)

class TestPlanCheck : public QObject {
    Q_OBJECT
  private slots:
    // What the loader keeps of the files for the check (io/PlanFacts.h).
    void keepsGraphEntries_data();
    void keepsGraphEntries();
    void keepsSetAsideLayers();
    void keepsOtherProfilesApart();
    void keepsProfileAsRead_data();
    void keepsProfileAsRead();
    void leavesForeignProfileOut();
};

namespace {

EnginePlan quirksPlan(const QString& profile = QStringLiteral("quirks.profile.json")) {
    LoadOptions options;
    options.profileJson = fixturePath(profile);
    return loadPlan(fixturePath("quirks.graph.json"), options);
}

} // namespace

void TestPlanCheck::keepsGraphEntries_data() {
    QTest::addColumn<int>("entry");
    QTest::addColumn<QString>("name");
    QTest::addColumn<Place>("place");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("planName"); // the layer's name in the plan, where it is one
    QTest::newRow("separators") << 0 << "in+reformat" << Place::Layer << 0 << "in+reformat";
    QTest::newRow("signal") << 1 << "sync" << Place::SetAside << 0 << "";
    QTest::newRow("deconvolution") << 2 << "up" << Place::Layer << 1 << "up";
    QTest::newRow("noop") << 3 << "noop" << Place::SetAside << 3 << "";
    QTest::newRow("first dup") << 4 << "dup" << Place::Layer << 2 << "dup";
    QTest::newRow("second dup, renamed by trex") << 5 << "dup" << Place::Layer << 3 << "dup_2";
    QTest::newRow("constant") << 6 << "const" << Place::Constant << 0 << "";
    QTest::newRow("add") << 7 << "add" << Place::Layer << 4 << "add";
    QTest::newRow("shape call") << 8 << "shape" << Place::SetAside << 1 << "";
    QTest::newRow("binding noop") << 9 << "noop_out" << Place::SetAside << 4 << "";
    QTest::newRow("wait") << 10 << "waiter" << Place::SetAside << 2 << "";
}

void TestPlanCheck::keepsGraphEntries() {
    QFETCH(int, entry);
    QFETCH(QString, name);
    QFETCH(Place, place);
    QFETCH(int, index);
    QFETCH(QString, planName);
    const EnginePlan plan = quirksPlan();
    QVERIFY(plan.facts);
    QCOMPARE(plan.facts->graph.size(), 11u);
    const GraphEntry& e = plan.facts->graph[static_cast<std::size_t>(entry)];
    QCOMPARE(e.name, name);
    QCOMPARE(e.place, place);
    QCOMPARE(e.index, index);
    if (place == Place::Layer) {
        QCOMPARE(plan.layers[static_cast<std::size_t>(index)].name, planName);
        QCOMPARE(plan.layers[static_cast<std::size_t>(index)].index, index);
    }
}

void TestPlanCheck::keepsSetAsideLayers() {
    const EnginePlan plan = quirksPlan();
    QStringList names;
    for (const Layer& l : plan.facts->setAside)
        names << l.name;
    QCOMPARE(names, QStringList({"sync", "shape", "waiter", "noop", "noop_out"}));
    // A NoOp keeps its tensors as exported, though the graph folds it away.
    const Layer& noop = plan.facts->setAside[3];
    QCOMPARE(noop.inputs.at(0).name, QString("t1"));
    QCOMPARE(noop.outputs.at(0).name, QString("t2"));
    QCOMPARE(plan.layers.size(), 5u);
    QCOMPARE(plan.constants.size(), 1u);
}

void TestPlanCheck::keepsOtherProfilesApart() {
    LoadOptions options;
    options.profile = 1;
    const EnginePlan plan = loadPlan(fixturePath("profiles.graph.json"), options);
    const auto& entries = plan.facts->graph;
    QCOMPARE(entries.size(), 4u);
    QCOMPARE(entries[0].place, Place::OtherProfile);
    QCOMPARE(entries[0].index, -1);
    QCOMPARE(entries[2].name, QString("conv [profile 1]"));
    QCOMPARE(entries[2].place, Place::Layer);
    QCOMPARE(entries[3].index, 1);
}

void TestPlanCheck::keepsProfileAsRead_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<QString>("profile"); // empty: the graph is a trtexec log with its table
    QTest::addColumn<int>("records");
    QTest::addColumn<long long>("header");
    QTest::addColumn<int>("record");
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("averageMs");
    QTest::addColumn<int>("absent");
    QTest::addColumn<bool>("repaired");
    // Records of dropped layers stay, names keep their separators: the check sees the file.
    QTest::newRow("every record") << fixturePath("quirks.graph.json") << "quirks.profile.json" << 11
                                  << 100LL << 0 << QString("in\x1Ereformat") << 0.01 << 0 << false;
    QTest::newRow("a signal's record") << fixturePath("quirks.graph.json") << "quirks.profile.json"
                                       << 11 << 100LL << 1 << "sync" << 0.001 << 0 << false;
    QTest::newRow("no medianMs (TensorRT 8.3)")
        << fixturePath("names-only.graph.json") << "pre84.profile.json" << 4 << 20LL << 2 << "conv1"
        << 0.2 << int(MedianField) << false;
    QTest::newRow("unescaped names") << fixturePath("quirks.graph.json") << "unescaped.profile.json"
                                     << 5 << 50LL << 0 << "in+reformat" << 0.02 << 0 << true;
    QTest::newRow("a log's table (TensorRT 8.0)")
        << fixturePath("trt80-profile.log") << "" << 3 << 6302LL << 1 << "block1 dw conv" << 0.08
        << int(MedianField) << false;
    QTest::newRow("trex's mobilenet")
        << dataPath("trex/mobilenet/mobilenet.qat.onnx.engine") << "" << 73 << 6610LL << 70
        << "QuantizeLinear_854" << 0.00391285 << 0 << false;
}

void TestPlanCheck::keepsProfileAsRead() {
    QFETCH(QString, graph);
    QFETCH(QString, profile);
    QFETCH(int, records);
    QFETCH(long long, header);
    QFETCH(int, record);
    QFETCH(QString, name);
    QFETCH(double, averageMs);
    QFETCH(int, absent);
    QFETCH(bool, repaired);
    LoadOptions options;
    if (!profile.isEmpty())
        options.profileJson = fixturePath(profile);
    const EnginePlan plan = loadPlan(graph, options);
    QVERIFY(plan.facts->profile);
    const ProfileFile& file = *plan.facts->profile;
    QCOMPARE(plan.facts->profilePath, plan.sources.profile);
    QCOMPARE(static_cast<int>(file.records.size()), records);
    QCOMPARE(file.iterations, header);
    const ProfileRecord& r = file.records.at(static_cast<std::size_t>(record));
    QCOMPARE(r.name, name);
    QCOMPARE(r.averageMs, averageMs);
    QCOMPARE(int(r.absent), absent);
    QCOMPARE(file.repaired, repaired);
    QVERIFY(plan.facts->profileRefused.isEmpty());
}

void TestPlanCheck::leavesForeignProfileOut() {
    LoadOptions options;
    options.profileJson = fixturePath("other-engine.profile.json");
    options.refuseForeignProfile = false;
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"), options);
    QVERIFY(!plan.hasProfile);
    QVERIFY(plan.sources.profile.isEmpty()); // not among the plan's files: it was not used
    QVERIFY(!plan.layers.front().timing.measured);
    QCOMPARE(plan.facts->profilePath, options.profileJson);
    QCOMPARE(plan.facts->profile->records.size(), 3u);
    QVERIFY2(plan.facts->profileRefused.contains("another engine"),
             qPrintable(plan.facts->profileRefused));
    const QString warnings = plan.warnings.join(' ');
    QVERIFY2(warnings.contains("other-engine.profile.json") &&
                 warnings.contains("opened without its timings"),
             qPrintable(warnings));
}

PLANSCOPE_TEST_MAIN(TestPlanCheck, QCoreApplication)
#include "tst_plan_check.moc"
