#include "AnalysisSupport.h"
#include "TestSupport.h"
#include "charts/ChartCatalog.h"
#include "io/PlanLoader.h"
#include "io/log/TacticLogReader.h"
#include "lint/Linter.h"
#include "tactics/TacticJson.h"

#include <QTemporaryDir>
#include <cmath>

using namespace planscope;
using planscope::test::analysisOf;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

const QString kBuilds = QStringLiteral("realworld/mnist-verbose-builds/");

const TacticSubject* subjectNamed(const TacticLog& log, const QString& name) {
    for (const TacticSubject& s : log.subjects)
        if (s.name == name)
            return &s;
    return nullptr;
}

} // namespace

// The three real verbose build logs, counted by hand (grep and awk over the files): subjects
// are the distinct names of "Timing Runner" lines, timings the "Tactic ... Time:" lines.
class TestTacticLog : public QObject {
    Q_OBJECT
  private slots:
    void readsRealLogs_data();
    void readsRealLogs();
    void readsSubject_data();
    void readsSubject();
    void readsBuildsAndEngineLayers();
    void keepsCachedResults();
    void readsOlderAndPythonFormats();
    void refusesLogsWithoutTactics_data();
    void refusesLogsWithoutTactics();
    void writesJson();
    void opensAsPlan();
    void typesAndNamesLayersOfALog();
    void opensTrt84BuildWithUnknownFigures();
    void findsBuildLogBesideEngine();
};

void TestTacticLog::readsRealLogs_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("subjects");
    QTest::addColumn<int>("timings");
    QTest::addColumn<int>("choices");
    QTest::addColumn<QString>("version");
    QTest::newRow("8.6.0") << "trt8.6.0-rtx3090-verbose-build.log" << 20 << 1934 << 58 << "8.6.0";
    QTest::newRow("10.14.1") << "trt10.14.1-rtx6000ada-verbose-build.log" << 27 << 983 << 43
                             << "10.14.1";
    QTest::newRow("10.16.1") << "trt10.16.1-h100-verbose-build.log" << 27 << 1361 << 41
                             << "10.16.1";
}

void TestTacticLog::readsRealLogs() {
    QFETCH(QString, file);
    QFETCH(int, subjects);
    QFETCH(int, timings);
    QFETCH(int, choices);
    QFETCH(QString, version);
    const TacticLog log = readTacticLog(dataPath(kBuilds + file));
    QCOMPARE(int(log.subjects.size()), subjects);
    QCOMPARE(log.timingCount(), timings);
    int chosen = 0;
    for (const TacticSubject& s : log.subjects)
        chosen += int(s.chosen.size());
    QCOMPARE(chosen, choices);
    QCOMPARE(log.tensorrtVersion, version);
}

void TestTacticLog::readsSubject_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("timings");
    QTest::addColumn<double>("fastestMs");
    QTest::addColumn<int>("choices");
    QTest::addColumn<QString>("layer");
    QTest::newRow("8.6 conv") << "trt8.6.0-rtx3090-verbose-build.log"
                              << "Conv-1 + ReLU-2" << 210 << 0.00437721 << 7 << "Conv-1 + ReLU-2";
    QTest::newRow("8.6 reformat") << "trt8.6.0-rtx3090-verbose-build.log"
                                  << "Optimizer Reformat(tensor-6 -> <out>)" << 135 << 0.00213015
                                  << 0 << "";
    QTest::newRow("8.6 gemm") << "trt8.6.0-rtx3090-verbose-build.log"
                              << "MatMul-12" << 459 << 0.00504891 << 6 << "MatMul-12";
    QTest::newRow("10.14 conv") << "trt10.14.1-rtx6000ada-verbose-build.log"
                                << "node_conv2d + node_relu" << 333 << 0.00324358 << 6
                                << "node_conv2d + node_relu";
    QTest::newRow("10.16 conv") << "trt10.16.1-h100-verbose-build.log"
                                << "node_conv2d + node_relu" << 537 << 0.00521567 << 5 << "";
    QTest::newRow("10.16 myelin") << "trt10.16.1-h100-verbose-build.log"
                                  << "{ForeignNode[node_conv2d...node_relu]}" << 1 << 0.00534586
                                  << 1 << "{ForeignNode[node_conv2d...node_relu]}";
    QTest::newRow("10.16 pooling")
        << "trt10.16.1-h100-verbose-build.log"
        << "node_max_pool2d" << 34 << 0.00294885 << 4 << "node_max_pool2d";
}

void TestTacticLog::readsSubject() {
    QFETCH(QString, file);
    QFETCH(QString, name);
    QFETCH(int, timings);
    QFETCH(double, fastestMs);
    QFETCH(int, choices);
    QFETCH(QString, layer);
    const TacticLog log = readTacticLog(dataPath(kBuilds + file));
    const TacticSubject* s = subjectNamed(log, name);
    QVERIFY2(s, qPrintable(name));
    QCOMPARE(int(s->timings.size()), timings);
    QVERIFY(s->fastest());
    QCOMPARE(s->fastest()->timeMs, fastestMs);
    QCOMPARE(int(s->chosen.size()), choices);
    QCOMPARE(s->layer, layer);
}

void TestTacticLog::readsBuildsAndEngineLayers() {
    const TacticLog v86 = readTacticLog(dataPath(kBuilds + "trt8.6.0-rtx3090-verbose-build.log"));
    QCOMPARE(int(v86.builds.size()), 1);
    QCOMPARE(v86.builds[0].strategy, 2);
    QCOMPARE(*v86.builds[0].tacticSelectionSeconds, 5.71367);
    QCOMPARE(*v86.builds[0].engineGenerationSeconds, 5.7269);
    QCOMPARE(*v86.buildSeconds, 9.55249);
    QCOMPARE(int(v86.engineLayers.size()), 15);
    // The engine's first convolution: chosen 0x98e92db98836b738 in the last of its 7 choices.
    const TacticSubject* conv = subjectNamed(v86, "Conv-1 + ReLU-2");
    const TacticSummary summary = summarizeSubject(v86, *conv);
    QCOMPARE(tacticText(summary.chosen->tactic), QString("0x98e92db98836b738"));
    QVERIFY(summary.chosenMs);
    QVERIFY(*summary.chosenMs >= summary.fastest->timeMs);
    // 8.6 names the first conv's timings: "Tactic Name: ampere_scudnn_128x128_relu_medium_nn_v1".
    QCOMPARE(conv->timings[0].tacticName, QString("ampere_scudnn_128x128_relu_medium_nn_v1"));
    QCOMPARE(tacticText(conv->timings[0].tactic), QString("0xf067e6205da31c2e"));
    QCOMPARE(conv->timings[0].timeMs, 0.0129196);
    QCOMPARE(conv->timings[0].runner, QString("CaskConvolution"));
    QCOMPARE(conv->formats[0], QString("Float(784,784,28,1) -> Float(25088,784,28,1)"));
    QCOMPARE(conv->skipped[0].runner, QString("CudnnConvolution"));
    QCOMPARE(conv->skipped[0].reason, QString("no valid tactics for this config"));
    QVERIFY(conv->autotuneSeconds.value_or(0) > 0.112085);

    // TensorRT 10.16 built three engines (backend strategies 4, 3, 2) and kept the second.
    const TacticLog v1016 = readTacticLog(dataPath(kBuilds + "trt10.16.1-h100-verbose-build.log"));
    QCOMPARE(int(v1016.builds.size()), 3);
    QCOMPARE(v1016.builds[0].strategy, 4);
    QCOMPARE(v1016.builds[2].strategy, 2);
    QCOMPARE(v1016.keptBuild(), 1);
    QCOMPARE(*v1016.builds[1].tacticSelectionSeconds, 7.70415);
    QCOMPARE(v1016.builds[1].memoryBytes.back(),
             std::make_pair(QString("Total Weights Memory"), 6551296.0));
    QCOMPARE(int(v1016.engineLayers.size()), 6);
    QCOMPARE(v1016.engineLayers[1].name, QString("node_max_pool2d"));
    QCOMPARE(tacticText(*v1016.engineLayers[1].tactic), QString("0xdd39499496c9cc38"));
    // 10.x skips with "Skipping CaskFlattenConvolution: No valid tactics for node_conv2d + ...".
    const TacticSubject* conv10 = subjectNamed(v1016, "node_conv2d + node_relu");
    QCOMPARE(conv10->skipped[0].runner, QString("CaskFlattenConvolution"));
    QCOMPARE(conv10->skipped[0].reason, QString("No valid tactics for node_conv2d + node_relu"));
    // A Myelin runner that could not run for lack of workspace.
    const TacticSubject* myelin = subjectNamed(v1016, "{ForeignNode[node_conv2d...node_relu]}");
    QVERIFY(myelin->skipped[0].reason.startsWith("Skipping tactic 0 due to insufficient memory"));
    QCOMPARE(tacticText(myelin->chosen.back().tactic), QString("0x0000000000000000"));

    const TacticLog v1014 =
        readTacticLog(dataPath(kBuilds + "trt10.14.1-rtx6000ada-verbose-build.log"));
    QCOMPARE(v1014.keptBuild(), 0); // "Use backend strategy 4 ... as the initial choice", kept
    // Its engine runs the first convolution with 0x112767cf498572ea, one of the six choices.
    const TacticSubject* conv1014 = subjectNamed(v1014, "node_conv2d + node_relu");
    QCOMPARE(tacticText(summarizeSubject(v1014, *conv1014).chosen->tactic),
             QString("0x112767cf498572ea"));
    QCOMPARE(*v1014.buildSeconds, 13.8436);
}

void TestTacticLog::keepsCachedResults() {
    const TacticLog log = readTacticLog(dataPath(kBuilds + "trt10.16.1-h100-verbose-build.log"));
    int cached = 0;
    for (const TacticSubject& s : log.subjects)
        cached += int(s.cached.size());
    for (const TacticSubject& s : log.cachedOnly)
        cached += int(s.cached.size());
    QCOMPARE(cached, 103); // "got cached result" lines
    QCOMPARE(int(log.cachedOnly.size()), 2);
    QCOMPARE(log.cachedOnly[0].name, QString("Optimizer Reformat(relu_2 -> <out>)"));
    const TacticSubject* pool = subjectNamed(log, "node_max_pool2d");
    const CachedTactic& first = pool->cached.front();
    QCOMPARE(first.format, QString("Float(25088,784,28,1) -> Float(6272,196,14,1)"));
    QCOMPARE(first.runner, QString("CaskPooling"));
    QCOMPARE(tacticText(first.tactic), QString("0xdd39499496c9cc38"));
    QCOMPARE(first.timeMs, 0.00294885);
}

void TestTacticLog::readsOlderAndPythonFormats() {
    const TacticLog log = readTacticLog(fixturePath("tactics-trt84-python.log"));
    QCOMPARE(int(log.subjects.size()), 2);
    const TacticSubject& conv = log.subjects[0];
    QCOMPARE(conv.name, QString("Conv_0 + Relu_1"));
    QCOMPARE(int(conv.timings.size()), 3);
    QCOMPARE(conv.timings[0].runner, QString("CaskConvolution"));
    QCOMPARE(conv.timings[0].tacticName, QString("ampere_scudnn_128x64_relu_small_nn_v1"));
    QCOMPARE(conv.timings[1].tacticName, QString());
    QCOMPARE(tacticText(conv.timings[2].tactic), QString("0xfffffffffffffc18")); // -1000
    QVERIFY(std::isinf(conv.timings[2].timeMs));
    QCOMPARE(conv.fastest()->timeMs, 0.0512);
    QCOMPARE(conv.skipped.size(), std::size_t(1));
    QCOMPARE(conv.chosen.size(), std::size_t(1));
    QCOMPARE(conv.autotuneSeconds.value_or(-1), 0.25);
    QCOMPARE(log.subjects[1].name, QString("{ForeignNode[a...b]} [profile 1]"));
}

void TestTacticLog::refusesLogsWithoutTactics_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("says");
    QTest::newRow("plain log") << QByteArray("[I] === Model Options ===\n[I] Format: ONNX\n")
                               << "Build the engine with trtexec --verbose";
    QTest::newRow("empty") << QByteArray("\n \n") << "the file is empty";
    QTest::newRow("binary") << QByteArray("ftrt\0\0\x01\x02", 8) << "binary file";
    QTest::newRow("truncated") << QByteArray("[V] [TRT] --------------- Timing Runner: a (")
                               << "no tactic timings";
}

void TestTacticLog::refusesLogsWithoutTactics() {
    QFETCH(QByteArray, text);
    QFETCH(QString, says);
    QTemporaryDir dir;
    const QString path = dir.filePath("odd.log");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
    file.close();
    try {
        readTacticLog(path);
        QFAIL("read a log without tactics");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().contains(says), qPrintable(e.message()));
        QVERIFY2(e.message().startsWith(path), qPrintable(e.message()));
    }
}

void TestTacticLog::writesJson() {
    const TacticLog log = readTacticLog(dataPath(kBuilds + "trt8.6.0-rtx3090-verbose-build.log"));
    const OrderedJson json = tacticLogJson(log);
    QCOMPARE(json["subjects"].size(), std::size_t(20));
    const OrderedJson& conv = json["subjects"][0];
    QCOMPARE(conv["name"].get<std::string>(), std::string("Conv-1 + ReLU-2"));
    QCOMPARE(conv["layer"].get<std::string>(), std::string("Conv-1 + ReLU-2"));
    QCOMPARE(conv["timings"].size(), std::size_t(210));
    QCOMPARE(conv["timings"][0]["tactic"].get<std::string>(), std::string("0xf067e6205da31c2e"));
    QCOMPARE(conv["timings"][0]["time_ms"].get<double>(), 0.0129196);
    QCOMPARE(conv["chosen"][0]["runner"].get<std::string>(), std::string("CaskConvolution"));
    QCOMPARE(conv["skipped"][0]["runner"].get<std::string>(), std::string("CudnnConvolution"));
    QVERIFY(json["subjects"][10]["layer"].is_null()); // an optimizer reformat
    QCOMPARE(json["builds"][0]["strategy"].get<int>(), 2);
}

// A verbose build log opens like any plan: its engine layer list gives the layers (NoOps folded),
// and its tactics come with it, linked to those layers.
void TestTacticLog::opensAsPlan() {
    const EnginePlan plan = loadPlan(dataPath(kBuilds + "trt8.6.0-rtx3090-verbose-build.log"));
    QCOMPARE(int(plan.layers.size()), 10); // 15 listed, 5 of them NoOps
    QCOMPARE(plan.layers[1].name, QString("Conv-1 + ReLU-2"));
    QCOMPARE(plan.layers[1].precision, QString("FP16"));
    QCOMPARE(plan.inputBindings().front()->name, QString("tensor-0"));
    QVERIFY(plan.tactics);
    QCOMPARE(int(plan.tactics->subjects.size()), 20);
    const TacticSubject* conv = plan.tactics->subjectForLayer("Conv-1 + ReLU-2");
    QVERIFY(conv);
    QCOMPARE(int(conv->timings.size()), 210);
    QCOMPARE(tacticText(summarizeSubject(*plan.tactics, *conv).chosen->tactic),
             QString("0x98e92db98836b738")); // the engine's, as the layer list gives it

    // The charts: one bar per layer the log tuned (8 of the 10; the Reformat and NoOp-like
    // layers were not timed under their own names).
    const charts::Chart autotune = charts::buildChart(analysisOf(plan), "tactics-autotune-time");
    QCOMPARE(autotune.panels[0].bars.size(), std::size_t(8));
    QCOMPARE(autotune.panels[0].bars[0].segments[0].value, conv->autotuneSeconds.value());
    QCOMPARE(autotune.panels[0].bars[0].segments[0].layer, 1);
    const charts::Chart chosen = charts::buildChart(analysisOf(plan), "tactics-chosen-vs-fastest");
    QCOMPARE(chosen.panels[0].bars.size(), std::size_t(8));
    QVERIFY(chosen.panels[0].bars[0].segments[0].value >= 1.0);
    QCOMPARE(chosen.panels[1].points.size(), std::size_t(8));
}

// The log's layer list names runners and tactic numbers; the layers get the types a graph JSON
// gives those runners and the names the log's timings give those tactics, so the charts group
// them and the linters judge them as they would the graph JSON's.
void TestTacticLog::typesAndNamesLayersOfALog() {
    const EnginePlan plan = loadPlan(dataPath(kBuilds + "trt8.6.0-rtx3090-verbose-build.log"));
    const Layer& conv = plan.layers[1];
    QCOMPARE(conv.type, QString("Convolution"));
    QCOMPARE(conv.subtype, QString("CaskConvolution"));
    QCOMPARE(conv.tactic, QString("sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_"
                                  "nhwckrsc_nhwc_tilesize128x16x64_stage1_warpsize4x1x1_g1_"
                                  "tensor16x8x16_aligna4_alignc4")); // 0x98e92db98836b738
    QCOMPARE(plan.layers[2].type, QString("Pooling"));
    QCOMPARE(plan.layers[5].type, QString("Shuffle"));
    QCOMPARE(plan.layers[6].type, QString("CaskGemmConvolution")); // no graph JSON to go by
    QCOMPARE(plan.layers[0].tactic, QString("TensorRT")); // a Reformat: its timings have no names

    // An xmma kernel is on Tensor Cores; the first convolution reads one channel, and the
    // classifier's GEMM run as a convolution (CaskGemmConvolution) writes K = 10.
    QStringList convFindings;
    for (const LintFinding& f : lintPlan(plan))
        if (f.rule.startsWith("conv-"))
            convFindings << f.rule + ' ' + f.layerName;
    QCOMPARE(convFindings, QStringList({"conv-channel-alignment Conv-1 + ReLU-2",
                                        "conv-channel-alignment MatMul-12"}));
}

// TensorRT 8.4's verbose build (tests/fixtures/trt84-verbose-build.log): its layer list writes
// tensors as "tensor-0[Float(-2,1,28,28)]", and it logs no "profiling completed" lines. The
// tensors are read, dynamic; the activations and the autotuning times are unknown, never 0.
void TestTacticLog::opensTrt84BuildWithUnknownFigures() {
    const EnginePlan plan = loadPlan(fixturePath("trt84-verbose-build.log"));
    QCOMPARE(int(plan.layers.size()), 8); // 9 listed, one a NoOp
    const Layer& conv = plan.layers[0];
    QCOMPARE(conv.inputs.size(), std::size_t(1));
    QCOMPARE(conv.inputs[0].name, QString("tensor-0"));
    QCOMPARE(conv.inputs[0].shape, std::vector<qint64>({-2, 1, 28, 28}));
    QCOMPARE(conv.precision, QString("FP32"));
    QCOMPARE(conv.tactic,
             QString("sm80_xmma_fprop_implicit_gemm_indexed_f32f32_f32f32_f32_nchwkcrs_"
                     "nchw_tilesize64x32x8_stage3_warpsize2x1x1_g1_ffma_aligna4_"
                     "alignc4")); // named by its "Set Tactic Name" line
    QCOMPARE(plan.layers[1].type, QString("Pooling"));
    QCOMPARE(plan.layers[7].outputs.size(), std::size_t(2));
    QCOMPARE(plan.layers[7].outputs[1].precision(), QString("INT32"));
    QCOMPARE(plan.inputBindings().front()->name, QString("tensor-0"));
    QVERIFY(!conv.ioBytesKnown());
    QVERIFY(!plan.totalActivationBytes()); // dynamic shapes
    QCOMPARE(plan.metadata.tensorrtVersion, QString("8.4.1"));

    QVERIFY(plan.tactics);
    QCOMPARE(int(plan.tactics->subjects.size()), 2);
    const TacticSubject* tuned = plan.tactics->subjectForLayer("Conv-1 + ReLU-2");
    QVERIFY(tuned);
    QCOMPARE(tuned->timings.size(), std::size_t(4));
    QVERIFY(!tuned->autotuneSeconds);
    QVERIFY(tacticLogJson(*plan.tactics)["subjects"][0]["autotune_s"].is_null());
    const charts::Chart autotune = charts::buildChart(analysisOf(plan), "tactics-autotune-time");
    QVERIFY(autotune.panels[0].bars.empty());
    QVERIFY2(autotune.panels[0].emptyMessage.contains("gives no autotuning times"),
             qPrintable(autotune.panels[0].emptyMessage));
}

// planscope profile keeps the verbose build log as PREFIX.build.log: opening PREFIX finds it and
// its tactics, linked to the graph's layers.
void TestTacticLog::findsBuildLogBesideEngine() {
    QTemporaryDir dir;
    const QString prefix = dir.filePath("model.onnx.engine");
    QVERIFY(QFile::copy(dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log"),
                        prefix + ".graph.json"));
    QVERIFY(QFile::copy(dataPath(kBuilds + "trt10.16.1-h100-verbose-build.log"),
                        prefix + ".build.log"));
    const EnginePlan plan = loadPlan(prefix);
    QVERIFY(plan.tactics);
    QCOMPARE(int(plan.tactics->subjects.size()), 27);
    const TacticSubject* pool = plan.tactics->subjectForLayer("node_max_pool2d");
    QVERIFY(pool);
    QCOMPARE(tacticText(summarizeSubject(*plan.tactics, *pool).chosen->tactic),
             QString("0xdd39499496c9cc38"));
}

PLANSCOPE_TEST_MAIN(TestTacticLog, QCoreApplication)
#include "tst_tactic_log.moc"
