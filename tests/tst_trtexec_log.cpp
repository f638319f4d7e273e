#include "TestSupport.h"
#include "io/FileKind.h"
#include "io/MetadataReader.h"
#include "io/PlanLoader.h"
#include "io/log/TrtexecLog.h"
#include "io/profile/ProfileReader.h"
#include "tactics/TacticLog.h"

#include <QTemporaryDir>

using namespace planscope;
using namespace planscope::test;

namespace {

const QString kMnist = QStringLiteral("realworld/mnist-trt10.16-h100/");

QString logPath(const QString& name) {
    return name.startsWith(QLatin1String("trtexec-")) ? dataPath(kMnist + name) : fixturePath(name);
}

double number(const OrderedJson& section, const char* key) {
    const auto it = section.find(key);
    return it != section.end() && it->is_number() ? it->get<double>() : -1;
}

QString text(const OrderedJson& section, const char* key) {
    const auto it = section.find(key);
    return it != section.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                  : QStringLiteral("<missing>");
}

QString errorOf(const std::function<void()>& body) {
    try {
        body();
    } catch (const PlanError& e) {
        return e.message();
    }
    return {};
}

double sumOfAverages(const std::vector<Layer>& layers) {
    double sum = 0;
    for (const Layer& l : layers)
        sum += l.timing.averageMs;
    return sum;
}

} // namespace

class TestTrtexecLog : public QObject {
    Q_OBJECT
  private slots:
    void readsHeaderAndSections_data();
    void readsHeaderAndSections();
    void convertsNumbersAsTrexDoes();
    void keepsWholeValuesAndEveryKey();
    void readsProfileTable_data();
    void readsProfileTable();
    void layerListMatchesExportedGraph();
    void readsOneLineQuirks();
    void readsEngineLayerTensors_data();
    void readsEngineLayerTensors();
    void logAloneIsAPlan();
    void pythonApiBuildLogIsAPlan();
    void runLogWithoutLayersIsARun();
    void logBesidePlanGivesTimingsAndMetadata();
    void siblingLogsOfAnotherEngineAreSetAside();
    void convertWritesTrexFiles();
    void rejectsBadLogs_data();
    void rejectsBadLogs();
    void tellsDroppedFilesApart_data();
    void tellsDroppedFilesApart();
    void warnsOnTruncatedLog();
    void readsTrt11Lines();
    void showsBuildRouteTuning();
    void transfersOffByDefaultFromTrt11();
};

void TestTrtexecLog::readsHeaderAndSections_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("device");
    QTest::addColumn<int>("buildKeys");
    QTest::addColumn<int>("inferenceKeys");
    QTest::addColumn<int>("performanceKeys");
    QTest::newRow("8.0 profile") << "trt80-profile.log"
                                 << "8.0.3"
                                 << "./trtexec --loadEngine=mobilenet.engine --dumpProfile"
                                 << "TITAN RTX" << 0 << 2 << 3;
    QTest::newRow("8.6 profile") << "trt86-profile.log"
                                 << "8.6.1"
                                 << "trtexec --loadEngine=resnet.engine --dumpProfile "
                                    "--separateProfileRun --useSpinWait --noDataTransfers"
                                 << "NVIDIA A100-SXM4-40GB" << 8 << 7 << 8;
    QTest::newRow("10.3 layer info") << "trt10-layerinfo.log"
                                     << "10.3.0"
                                     << "trtexec --onnx=tiny.onnx --fp16 --profilingVerbosity="
                                        "detailed --dumpLayerInfo --dumpProfile --noDataTransfers"
                                     << "NVIDIA L4" << 6 << 3 << 5;
    QTest::newRow("real 10.16 build and run")
        << "trtexec-result-01.log"
        << "10.16.1"
        << "trtexec --onnx=/work/trt-samples-for-hackathon-cn/cookbook/00-Data/model/"
           "model-trained.onnx"
        << "NVIDIA H100 PCIe" << 50 << 22 << 8;
    QTest::newRow("real 10.16 dumpProfile")
        << "trtexec-result-05.log"
        << "10.16.1"
        << "trtexec --loadEngine=./model-trained.trt --dumpProfile "
           "--exportTimes=./model-trained-exportTimes.json "
           "--exportProfile=./model-trained-exportProfile.json"
        << "NVIDIA H100 PCIe" << 0 << 22 << 0;
}

void TestTrtexecLog::readsHeaderAndSections() {
    QFETCH(QString, file);
    const TrtexecLog log = readTrtexecLog(logPath(file));
    QFETCH(QString, version);
    QCOMPARE(log.tensorrtVersion, version);
    QFETCH(QString, command);
    QCOMPARE(log.commandLines.value(0), command);
    QCOMPARE(log.result, QString("PASSED"));
    QFETCH(QString, device);
    QCOMPARE(text(log.deviceInformation, "Selected Device"), device);
    QFETCH(int, buildKeys);
    QCOMPARE(int(log.buildOptions.size()), buildKeys);
    QFETCH(int, inferenceKeys);
    QCOMPARE(int(log.inferenceOptions.size()), inferenceKeys);
    QFETCH(int, performanceKeys);
    QCOMPARE(int(log.performanceSummary.size()), performanceKeys);
    QVERIFY2(log.warnings.isEmpty(), qPrintable(log.warnings.join('\n')));
    QCOMPARE(sniffFileKind(logPath(file)), FileKind::TrtexecLog);
}

void TestTrtexecLog::convertsNumbersAsTrexDoes() {
    const TrtexecLog a100 = readTrtexecLog(fixturePath("trt86-profile.log"));
    const OrderedJson& perf = a100.performanceSummary;
    QCOMPARE(number(perf, "Throughput"), 1534.75);
    QCOMPARE(number(perf, "Total Host Walltime"), 3.00113);
    QCOMPARE(number(perf, "Total GPU Compute Time"), 2.98924);
    const OrderedJson latency = perf["Latency"];
    QCOMPARE(int(latency.size()), 7);
    QCOMPARE(latency[0].get<double>(), 0.629883);
    QCOMPARE(latency[2].get<double>(), 0.648987);
    QCOMPARE(latency[6].get<double>(), 0.667969);
    QCOMPARE(perf["H2D Latency"][3].get<double>(), 0.0);
    const OrderedJson& device = a100.deviceInformation;
    QCOMPARE(number(device, "Compute Capability"), 8.0);
    QCOMPARE(number(device, "SMs"), 108.0);
    QCOMPARE(number(device, "Memory Bus Width"), 5120.0);
    QCOMPARE(number(device, "Compute Clock Rate"), 1.41);
    QCOMPARE(number(device, "Memory Clock Rate"), 1.215);
    QCOMPARE(text(device, "Device Global Memory"), QString("40536 MiB")); // trex keeps text

    // TensorRT 8.0 printed fewer percentiles: the list has what the log has.
    const TrtexecLog titan = readTrtexecLog(fixturePath("trt80-profile.log"));
    QCOMPARE(int(titan.performanceSummary["Latency"].size()), 5);
    QCOMPARE(titan.performanceSummary["Latency"][4].get<double>(), 0.52);

    // TensorRT 10 renamed the clock rates; they are numbers all the same.
    const TrtexecLog h100 = readTrtexecLog(dataPath(kMnist + "trtexec-result-01.log"));
    QCOMPARE(number(h100.deviceInformation, "Application Compute Clock Rate"), 1.755);
    QCOMPARE(number(h100.deviceInformation, "Application Memory Clock Rate"), 1.593);
    QCOMPARE(number(h100.deviceInformation, "SMs"), 114.0);
    QCOMPARE(number(h100.deviceInformation, "Compute Capability"), 9.0);
    QCOMPARE(number(h100.performanceSummary, "Throughput"), 15374.3);
    QCOMPARE(h100.performanceSummary["Latency"][0].get<double>(), 0.0410156);
    QCOMPARE(h100.performanceSummary["GPU Compute Time"][3].get<double>(), 0.0361328);
    QCOMPARE(number(h100.performanceSummary, "Total GPU Compute Time"), 1.6586);
}

void TestTrtexecLog::keepsWholeValuesAndEveryKey() {
    const TrtexecLog log = readTrtexecLog(dataPath(kMnist + "trtexec-result-04.log"));
    QCOMPARE(text(log.buildOptions, "Memory Pools"),
             QString("workspace: default, dlaSRAM: default, dlaLocalDRAM: default, "
                     "dlaGlobalDRAM: default, tacticSharedMem: default"));
    QCOMPARE(text(log.buildOptions, "Tempfile Controls"),
             QString("{ in_memory: allow, temporary: allow }"));
    QCOMPARE(text(log.buildOptions, "Profiling verbosity"), QString("2"));
    QCOMPARE(text(log.modelOptions, "Format"), QString("ONNX"));
    QCOMPARE(text(log.modelOptions, "Output"), QString(""));
    QCOMPARE(text(log.systemOptions, "ignoreParsedPluginLibs"), QString("0"));
    QCOMPARE(text(log.reportingOptions, "Dump refittable layers"), QString("Disabled"));
    QCOMPARE(text(log.deviceInformation, "Device 0"),
             QString("\"NVIDIA H100 PCIe\" UUID: GPU-31e9692b-62b7-2d62-f0b1-f4195b568ac7"));
    // The sections end where trex ends them: the note after a blank line is not a key.
    QVERIFY(!log.deviceInformation.contains("Note"));
    QCOMPARE(int(log.deviceInformation.size()), 12);
    QCOMPARE(int(log.modelOptions.size()), 3);
    QCOMPARE(int(log.systemOptions.size()), 6);
}

void TestTrtexecLog::readsProfileTable_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("records");
    QTest::addColumn<qlonglong>("iterations");
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("average");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("sumOfAverages");
    QTest::newRow("8.0 name first, no median")
        << "trt80-profile.log" << 3 << 6302LL << "block1 dw conv" << 0.08 << 0.0 << 0.2951;
    QTest::newRow("8.6 names with spaces and quotes")
        << "trt86-profile.log" << 5 << 4606LL << "res2a_branch2a + res2a_relu \"quoted\"" << 0.2
        << 0.1997 << 0.3049;
    QTest::newRow("real 10.16") << "trtexec-result-05.log" << 15 << 18362LL << "node_conv2d_myl0_1"
                                << 0.0105 << 0.0098 << 0.0833;
}

void TestTrtexecLog::readsProfileTable() {
    QFETCH(QString, file);
    const TrtexecLog log = readTrtexecLog(logPath(file));
    QVERIFY(log.profileTable.has_value());
    const ProfileFile& table = *log.profileTable;
    QFETCH(int, records);
    QCOMPARE(int(table.records.size()), records);
    QFETCH(qlonglong, iterations);
    QCOMPARE(table.iterations, iterations);
    QFETCH(QString, name);
    const auto it = std::find_if(table.records.begin(), table.records.end(),
                                 [&](const ProfileRecord& r) { return r.name == name; });
    QVERIFY2(it != table.records.end(), qPrintable(name));
    QFETCH(double, average);
    QCOMPARE(it->averageMs, average);
    QFETCH(double, median);
    QCOMPARE(it->medianMs, median);
    double sum = 0;
    for (const ProfileRecord& r : table.records)
        sum += r.averageMs;
    QFETCH(double, sumOfAverages);
    QVERIFY2(qAbs(sum - sumOfAverages) < 0.00051, qPrintable(QString::number(sum)));
}

// --dumpLayerInfo prints the engine that --exportLayerInfo writes as JSON (the real files come
// from two builds of one model: the same layers, though a tactic may differ).
void TestTrtexecLog::layerListMatchesExportedGraph() {
    const EnginePlan fromLog = loadPlan(dataPath(kMnist + "trtexec-result-04.log"));
    const EnginePlan exported = loadPlan(dataPath(kMnist + "model-trained-exportLayerInfo.log"));
    QCOMPARE(fromLog.layers.size(), std::size_t(9));
    QCOMPARE(fromLog.layers.size(), exported.layers.size());
    QVERIFY(!fromLog.namesOnly);
    for (std::size_t i = 0; i < fromLog.layers.size(); ++i) {
        const Layer& a = fromLog.layers[i];
        const Layer& b = exported.layers[i];
        QCOMPARE(a.name, b.name);
        QCOMPARE(a.type, b.type);
        QCOMPARE(a.subtype, b.subtype);
        QCOMPARE(a.metadata, b.metadata);
        QCOMPARE(a.precision, b.precision);
        QCOMPARE(a.inputs.size(), b.inputs.size());
        QCOMPARE(a.outputs.size(), b.outputs.size());
        QCOMPARE(a.inputs[0].shape, b.inputs[0].shape);
        QCOMPARE(a.outputs[0].name, b.outputs[0].name);
        QCOMPARE(a.weightsBytes, b.weightsBytes);
        QCOMPARE(a.attributes().size(), b.attributes().size());
    }
    QCOMPARE(fromLog.bindings, QStringList({"x", "y", "z"}));
    QCOMPARE(fromLog.totalWeightsBytes().value(), exported.totalWeightsBytes().value());
    QCOMPARE(fromLog.layers[0].attribute("Kernel"), QString("[5,5]"));
}

void TestTrtexecLog::readsOneLineQuirks() {
    const EnginePlan plan = loadPlan(fixturePath("trt10-layerinfo.log"));
    QCOMPARE(plan.layers.size(), std::size_t(4));
    const Layer& conv = plan.layers[0];
    QCOMPARE(conv.name, QString("conv1 + relu1"));
    QCOMPARE(conv.type, QString("Convolution"));
    QCOMPARE(conv.precision, QString("FP16"));
    QCOMPARE(conv.outputs[0].longFormat(),
             QString("Channel major FP16 format where channel % 8 == 0 (kHWC8)"));
    QCOMPARE(conv.weightsBytes, 432.0 * 2);
    QCOMPARE(conv.metadata, QString("[ONNX Layer: /conv1/Conv]+[ONNX Layer: /relu1/Relu]"));
    const Layer& reformat = plan.layers[1];
    QCOMPARE(
        reformat.name,
        QString("Reformatting CopyNode for Input Tensor 0 to {ForeignNode[/fc/MatMul.../fc/Add]}"));
    QCOMPARE(reformat.type, QString("Reformat"));
    QCOMPARE(reformat.outputs[0].name, QString("relu1_out copy"));
    QCOMPARE(reformat.outputs[0].precision(), QString("FP32"));
    QCOMPARE(plan.layers[2].name, QString("{ForeignNode[/fc/MatMul.../fc/Add]}"));
    QCOMPARE(plan.layers[2].subtype, QString("Myelin"));
    QCOMPARE(plan.layers[3].metadata, QString());
    QCOMPARE(plan.layers[3].outputs[0].shape, std::vector<qint64>({1, 10}));
    QCOMPARE(plan.bindings, QStringList({"input", "probs"}));
}

// The verbose build's layer list writes a tensor as "relu (Half[-1,32:8,14,14])" from TensorRT
// 8.5 on, as "tensor-0[Float(-2,1,28,28)]" in 8.4 and before; negative dimensions are dynamic.
void TestTrtexecLog::readsEngineLayerTensors_data() {
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QStringList>("inputs");
    QTest::addColumn<QStringList>("outputs");
    QTest::addColumn<QString>("firstTensor"); // the first tensor's dimensions and type
    QTest::addColumn<bool>("whole");          // every tensor read
    QTest::newRow("8.6") << QByteArray("Layer(CaskPooling): MaxPool-3, Tactic: 0xdb415cba6b0e9137, "
                                       "Reformatted Input Tensor 0 to MaxPool-3 (Half[-1,32:8,28,"
                                       "28]) -> tensor-3 (Half[-1,32:8,14,14])")
                         << QStringList({"Reformatted Input Tensor 0 to MaxPool-3"})
                         << QStringList({"tensor-3"}) << "[-1,32,28,28] Half" << true;
    QTest::newRow("8.4") << QByteArray("Layer(CaskConvolution): Conv-1 + ReLU-2, Tactic: "
                                       "0x7f3c2b1e8a9d0c44, tensor-0[Float(-2,1,28,28)] -> "
                                       "tensor-2[Float(-2,32,28,28)]")
                         << QStringList({"tensor-0"}) << QStringList({"tensor-2"})
                         << "[-2,1,28,28] Float" << true;
    QTest::newRow("8.4 names with brackets")
        << QByteArray("Layer(Reformat): Reformatting CopyNode for Input Tensor 0 to Conv_0 + "
                      "PWN(Clip_3), Tactic: 0, input_0[Float(1,3,512,768)] -> Reformatted Input "
                      "Tensor 0 to Conv_0 + PWN(Clip_3)[Int8(1,3,512,768)]")
        << QStringList({"input_0"})
        << QStringList({"Reformatted Input Tensor 0 to Conv_0 + PWN(Clip_3)"})
        << "[1,3,512,768] Float" << true;
    QTest::newRow("8.4 constant, two outputs")
        << QByteArray("Layer(Constant): 3198 + (Unnamed Layer* 13) [Shuffle], Tactic: 0,  -> "
                      "(Unnamed Layer* 13) [Shuffle]_output[Float(1,4864,256)], {ForeignNode[a..."
                      "(Unnamed Layer* 4) [Shuffle]]}[Half(128,1000)]")
        << QStringList()
        << QStringList({"(Unnamed Layer* 13) [Shuffle]_output",
                        "{ForeignNode[a...(Unnamed Layer* 4) [Shuffle]]}"})
        << "[1,4864,256] Float" << true;
    QTest::newRow("unknown form") << QByteArray("Layer(Shuffle): s, Tactic: 0, x <Float 1x2> -> "
                                                "y (Float[1,2])")
                                  << QStringList() << QStringList({"y"}) << "[1,2] Float" << false;
}

void TestTrtexecLog::readsEngineLayerTensors() {
    QFETCH(QByteArray, line);
    const QList<QByteArray> lines{"[TRT] [V] Engine Layer Information:", line, "[TRT] [I] done"};
    qsizetype next = 0;
    QStringList warnings;
    const QByteArray graph = parseEngineLayerInformation(lines, 0, next, warnings);
    QCOMPARE(next, qsizetype(2));
    const nlohmann::json layer = nlohmann::json::parse(graph.toStdString())["Layers"][0];
    const auto names = [&](const char* side) {
        QStringList list;
        for (const auto& t : layer[side])
            list << QString::fromStdString(t["Name"].get<std::string>());
        return list;
    };
    QFETCH(QStringList, inputs);
    QCOMPARE(names("Inputs"), inputs);
    QFETCH(QStringList, outputs);
    QCOMPARE(names("Outputs"), outputs);
    const auto& first = inputs.isEmpty() ? layer["Outputs"][0] : layer["Inputs"][0];
    QFETCH(QString, firstTensor);
    QCOMPARE(QString::fromStdString(first["Dimensions"].dump() + ' ' +
                                    first["Format/Datatype"].get<std::string>()),
             firstTensor);
    QFETCH(bool, whole);
    QCOMPARE(warnings.join(' ').contains("in a form PlanScope does not read"), !whole);
}

void TestTrtexecLog::logAloneIsAPlan() {
    // Layer list and profile table in one log: a full plan with timings, joined by position.
    const EnginePlan full = loadPlan(fixturePath("trt10-layerinfo.log"));
    QVERIFY(full.hasProfile);
    QCOMPARE(full.profiledIterations, 24370LL);
    QVERIFY(qAbs(full.totalAverageMs().value() - 0.12) < 1e-9);
    QCOMPARE(full.layers[2].timing.averageMs, 0.06);
    QCOMPARE(full.metadata.deviceName(), QString("NVIDIA L4"));
    QCOMPARE(text(full.metadata.builder, "Precision"), QString("FP32+FP16"));
    QCOMPARE(text(full.metadata.builder, "Format"), QString("ONNX"));
    QCOMPARE(number(full.metadata.performance, "Throughput"), 8123.4);
    QCOMPARE(text(full.metadata.system, "Device"), QString("0"));
    QCOMPARE(full.metadata.tensorrtVersion, QString("10.3.0"));
    QCOMPARE(full.sources.profile, fixturePath("trt10-layerinfo.log"));
    QVERIFY2(full.warnings.isEmpty(), qPrintable(full.warnings.join('\n')));

    // A --dumpProfile log alone: layers known by name, with timings.
    const EnginePlan names = loadPlan(dataPath(kMnist + "trtexec-result-05.log"));
    QVERIFY(names.namesOnly);
    QCOMPARE(names.layers.size(), std::size_t(15));
    QCOMPARE(names.layers[1].name, QString("node_conv2d_myl0_1"));
    QCOMPARE(names.layers[1].timing.averageMs, 0.0105);
    QCOMPARE(names.layers[1].timing.percent, 12.7);
    QVERIFY(qAbs(sumOfAverages(names.layers) - 0.0833) < 0.0005);
    QCOMPARE(names.profiledIterations, 18362LL);
    QCOMPARE(names.metadata.deviceName(), QString("NVIDIA H100 PCIe"));
    QCOMPARE(text(names.metadata.inference, "Iterations"), QString("10"));
    QCOMPARE(names.name, QString("trtexec-result-05.log"));
    QVERIFY2(names.warnings.join(' ').contains("--dumpProfile"),
             qPrintable(names.warnings.join('\n')));
}

// A build through TensorRT's Python API logs what trtexec --verbose logs of the build, with no
// trtexec lines around it: it opens alone as the verbose build log it is (tests/fixtures/
// python-api-build.log, "[date] [TRT] [V]" lines; tactics-trt84-python.log, "[TRT] [V]" lines).
void TestTrtexecLog::pythonApiBuildLogIsAPlan() {
    const QString path = fixturePath("python-api-build.log");
    QCOMPARE(sniffFileKind(path), FileKind::TrtexecLog);
    const EnginePlan plan = loadPlan(path);
    QCOMPARE(plan.layers.size(), std::size_t(3));
    QCOMPARE(plan.layers[0].name, QString("node_conv2d + node_relu"));
    QCOMPARE(plan.layers[0].type, QString("Convolution"));
    QCOMPARE(plan.layers[2].subtype, QString("Myelin"));
    QCOMPARE(plan.bindings, QStringList({"x", "y"}));
    // Static shapes: the activations are the layers' inputs and outputs, in FP32.
    QCOMPARE(plan.totalActivationBytes().value(), 4.0 * (784 + 2 * 25088 + 2 * 6272 + 10));
    QCOMPARE(plan.metadata.buildMemory["Total Activation Memory"].get<double>(), 104448.0);
    QVERIFY(plan.tactics);
    QCOMPARE(int(plan.tactics->subjects.size()), 3);
    QCOMPARE(plan.tactics->subjectForLayer("node_max_pool2d")->timings.size(), std::size_t(2));
    QCOMPARE(plan.layers[1].tactic, QString("sm50_xmma_pooling_tiled_FP32NCHW_kMAX_tP2_tQ16_tR2_"
                                            "tS2_tU2_tV2_tUnroll4_tThreads128"));
    // No trtexec run to finish: no warning that it was cut short.
    QVERIFY2(!plan.warnings.join(' ').contains("&&&& PASSED"),
             qPrintable(plan.warnings.join('\n')));

    // Without the time before its tags, and without the engine's layer list (a log cut before
    // the build ended): still a TensorRT log, read beside a plan for its tactics, refused alone
    // with what to do.
    const QString cut = fixturePath("tactics-trt84-python.log");
    QCOMPARE(sniffFileKind(cut), FileKind::TrtexecLog);
    const QString message = errorOf([&] { loadPlan(cut); });
    QVERIFY2(message.startsWith(cut + ": this TensorRT log has no engine layer list") &&
                 message.contains("trt.Logger.VERBOSE") && message.contains("planscope tactics"),
             qPrintable(message));
    LoadOptions options;
    options.logs << cut;
    const EnginePlan beside = loadPlan(fixturePath("lint.graph.json"), options);
    QVERIFY(beside.tactics);
    QCOMPARE(int(beside.tactics->subjects.size()), 2);
}

// A run log with a performance summary and no per-layer part is a run: its device, configuration
// and performance, no layers; what needs layers is missing, not 0.
void TestTrtexecLog::runLogWithoutLayersIsARun() {
    const EnginePlan run = loadPlan(dataPath(kMnist + "trtexec-result-01.log"));
    QVERIFY(run.layers.empty());
    QCOMPARE(run.metadata.deviceName(), QString("NVIDIA H100 PCIe"));
    QCOMPARE(text(run.metadata.builder, "Format"), QString("ONNX"));
    QCOMPARE(number(run.metadata.performance, "Throughput"), 15374.3);
    QCOMPARE(run.metadata.buildMemory["Total Activation Memory"].get<double>(), 125440.0);
    QVERIFY(!run.totalAverageMs());
    QVERIFY(!run.totalWeightsBytes());
    QVERIFY(!run.totalActivationBytes());
    const QString warnings = run.warnings.join('\n');
    QVERIFY2(warnings.contains("a run timed as a whole") && warnings.contains("--dumpProfile"),
             qPrintable(warnings));
    QVERIFY2(!warnings.contains("No per-layer profile"), qPrintable(warnings));

    // A log with neither layers nor a performance summary (a build without --verbose) is refused.
    const QString message = errorOf([] { loadPlan(fixturePath("build-only.log")); });
    QVERIFY2(message.contains("build-only.log: this trtexec log has no per-layer information and "
                              "no performance summary") &&
                 message.contains("--dumpLayerInfo"),
             qPrintable(message));
}

void TestTrtexecLog::logBesidePlanGivesTimingsAndMetadata() {
    // trex's process_engine layout: PREFIX.graph.json beside PREFIX.profile.log, no JSON profile.
    QTemporaryDir dir;
    const QString prefix = dir.filePath("tiny.onnx.engine");
    const TrtexecLog log = readTrtexecLog(fixturePath("trt10-layerinfo.log"));
    QFile::copy(fixturePath("trt10-layerinfo.log"), prefix + ".profile.log");
    QFile graph(prefix + ".graph.json");
    QVERIFY(graph.open(QIODevice::WriteOnly));
    graph.write(log.layerGraphJson);
    graph.close();

    for (const QString& opened : {prefix, prefix + ".profile.log"}) {
        const EnginePlan plan = loadPlan(opened);
        QCOMPARE(plan.sources.graph, prefix + ".graph.json");
        QCOMPARE(plan.sources.logs, QStringList({prefix + ".profile.log"}));
        QVERIFY(plan.hasProfile);
        QVERIFY(qAbs(plan.totalAverageMs().value() - 0.12) < 1e-9);
        QCOMPARE(plan.metadata.deviceName(), QString("NVIDIA L4"));
        QCOMPARE(plan.metadata.commandLines.size(), 1);
    }

    // A log named on the command line, beside a graph exported on its own.
    LoadOptions options;
    options.logs << dataPath(kMnist + "trtexec-result-04.log");
    const EnginePlan plan =
        loadPlan(dataPath(kMnist + "model-trained-exportLayerInfo.log"), options);
    QCOMPARE(text(plan.metadata.builder, "Precision"), QString("FP32"));
    QCOMPARE(number(plan.metadata.device, "SMs"), 114.0);
}

// The mnist folder holds logs of several runs; a table that profiles another build of the
// model must not lend its timings to this graph's layers by accident.
void TestTrtexecLog::siblingLogsOfAnotherEngineAreSetAside() {
    const EnginePlan plan = loadPlan(dataPath(kMnist + "model-trained-exportLayerInfo.log"));
    QCOMPARE(plan.sources.logs.size(), 3);
    QCOMPARE(plan.metadata.deviceName(), QString("NVIDIA H100 PCIe"));
    QCOMPARE(number(plan.metadata.performance, "Throughput"), 15374.3);
    QVERIFY(!plan.hasProfile);
    QVERIFY2(plan.warnings.join(' ').contains("trtexec-result-05.log"),
             qPrintable(plan.warnings.join('\n')));
}

void TestTrtexecLog::convertWritesTrexFiles() {
    QTemporaryDir dir;
    const QString prefix = dir.filePath("resnet.engine");
    const TrtexecLog log = readTrtexecLog(fixturePath("trt86-profile.log"));
    const QStringList written = convertLog(log, prefix);
    QCOMPARE(written, QStringList({prefix + ".build.metadata.json",
                                   prefix + ".profile.metadata.json", prefix + ".profile.json"}));
    QCOMPARE(sniffFileKind(written[0]), FileKind::BuildMetadata);
    QCOMPARE(sniffFileKind(written[1]), FileKind::ProfileMetadata);
    QCOMPARE(sniffFileKind(written[2]), FileKind::Profile);

    EngineMetadata metadata;
    readBuildMetadata(written[0], metadata);
    readProfileMetadata(written[1], metadata);
    QCOMPARE(text(metadata.builder, "Precision"), QString("FP32+FP16"));
    QCOMPARE(number(metadata.performance, "Throughput"), 1534.75);
    QCOMPARE(metadata.performance["Latency"].size(), std::size_t(7));
    QCOMPARE(number(metadata.device, "SMs"), 108.0);
    const ProfileFile profile = readProfile(written[2]);
    QCOMPARE(profile.records.size(), std::size_t(5));
    QCOMPARE(profile.iterations, 4606LL);
    QCOMPARE(profile.records[2].name, QString("res2a_branch2a + res2a_relu \"quoted\""));
    QCOMPARE(profile.records[4].medianMs, 0.0466);

    // A --dumpLayerInfo log also gives the graph: the converted files open as a plan.
    const QString mnist = dir.filePath("mnist.engine");
    const QStringList files =
        convertLog(readTrtexecLog(dataPath(kMnist + "trtexec-result-04.log")), mnist);
    QVERIFY(files.contains(mnist + ".graph.json"));
    const EnginePlan plan = loadPlan(mnist);
    QCOMPARE(plan.layers.size(), std::size_t(9));
    QCOMPARE(plan.metadata.deviceName(), QString("NVIDIA H100 PCIe"));
}

void TestTrtexecLog::rejectsBadLogs_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty") << QByteArray("\n  \n") << "the file is empty";
    QTest::newRow("binary") << QByteArray("\x7f"
                                          "ELF\x02\x01\x01\0\0\0\0plan",
                                          16)
                            << "binary data";
    QTest::newRow("another tool") << QByteArray("[I] polygraphy run model.onnx\nPASSED\n")
                                  << "not a trtexec log";
}

void TestTrtexecLog::rejectsBadLogs() {
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    const QString message = errorOf([&] { parseTrtexecLog(content, "bad.log"); });
    QVERIFY2(message.startsWith("bad.log: ") && message.contains(expected), qPrintable(message));
    QVERIFY2(message.contains("tee FILE.log"), qPrintable(message));

    // Opened as a plan, a file of no known kind is refused with the same kind of advice.
    QString other = errorOf([] { loadPlan(fixturePath("not-a-trtexec.log")); });
    QVERIFY2(other.contains("not-a-trtexec.log: text that is neither JSON nor a trtexec log"),
             qPrintable(other));
    // Files of other kinds are named for what they are.
    QTemporaryDir dir;
    QFile png(dir.filePath("chart.png"));
    QVERIFY(png.open(QIODevice::WriteOnly));
    png.write(QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
    png.close();
    other = errorOf([&] { loadPlan(png.fileName()); });
    QVERIFY2(other.contains("chart.png: a PNG image"), qPrintable(other));
    other = errorOf(
        [] { loadPlan(dataPath("realworld/polygraphy-mnist-trt10.16/polygraphy-run-05.log")); });
    QVERIFY2(other.contains("a polygraphy run log, not a plan") &&
                 other.contains("planscope accuracy"),
             qPrintable(other));
}

void TestTrtexecLog::tellsDroppedFilesApart_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<DroppedFile>("kind");
    QTest::newRow("polygraphy run log")
        << fixturePath("polygraphy-fp16-failed.log") << DroppedFile::AccuracyLog;
    QTest::newRow("verbose build log")
        << fixturePath("tactics-trt84-python.log") << DroppedFile::BuildLog;
    QTest::newRow("trtexec log") << fixturePath("trt86-profile.log") << DroppedFile::Plan;
    QTest::newRow("graph JSON") << fixturePath("lint.graph.json") << DroppedFile::Plan;
    QTest::newRow("no such file") << fixturePath("no-such.log") << DroppedFile::Plan;
}

// What the window does with a dropped file is decided by io/ alone.
void TestTrtexecLog::tellsDroppedFilesApart() {
    QFETCH(QString, file);
    QFETCH(DroppedFile, kind);
    QCOMPARE(sniffDroppedFile(file), kind);
}

void TestTrtexecLog::warnsOnTruncatedLog() {
    const EnginePlan plan = loadPlan(fixturePath("truncated-profile.log"));
    QCOMPARE(plan.layers.size(), std::size_t(2));
    QCOMPARE(plan.layers[1].name, QString("pool1"));
    const QString warnings = plan.warnings.join('\n');
    QVERIFY2(warnings.contains("no Total row"), qPrintable(warnings));
    QVERIFY2(warnings.contains("ends before trtexec finished"), qPrintable(warnings));
}

// trtexec 11.1's lines, in a log made after its source (tests/fixtures/trt11-tune.log).
void TestTrtexecLog::readsTrt11Lines() {
    const TrtexecLog log = readTrtexecLog(fixturePath("trt11-tune.log"));
    QCOMPARE(log.tensorrtVersion, QString("11.1.0"));
    QCOMPARE(log.buildOptions["Precision"], "Strongly Typed");
    QCOMPARE(log.buildOptions["Input(s)s format"], "CHW");
    QCOMPARE(log.inferenceOptions["Accuracy Algorithm"], "L0");
    QCOMPARE(log.inferenceOptions["Absolute Tolerance (atol)"], "1e-05");
    QCOMPARE(log.inferenceOptions["Relative Tolerance (rtol)"], "0.001");
    QCOMPARE(log.inferenceOptions["Accuracy Threshold"], "0.99");
    QCOMPARE(log.buildMemory["Total Weights Memory"].get<double>(), 13100672.0);
    const OrderedJson& tuning = log.buildRouteTuning;
    QCOMPARE(tuning["configurations"].get<int>(), 3);
    QCOMPARE(tuning["iterations"].size(), std::size_t(3));
    QCOMPARE(tuning["iterations"][1]["route"], "myelin:aggressive");
    QCOMPARE(tuning["iterations"][2]["iteration"].get<int>(), 2);
    QCOMPARE(tuning["best_route"], "myelin:aggressive");
    QCOMPARE(tuning["best_gpu_time_ms"].get<double>(), 0.0213);
    QCOMPARE(tuning["succeeded"].get<int>(), 2);
    QCOMPARE(tuning["tried"].get<int>(), 3);
    // The child's "Using tuning build route" lines and the TASK_BEGIN markers add nothing.
    QVERIFY(log.warnings.isEmpty());
}

void TestTrtexecLog::showsBuildRouteTuning() {
    const TrtexecLog log = readTrtexecLog(fixturePath("trt11-tune.log"));
    const BuildRouteTable table = buildRouteTable(log.buildRouteTuning);
    QCOMPARE(table.rows.size(), std::size_t(3));
    QCOMPARE(table.rows[0].route, QString("default"));
    QVERIFY(!table.rows[0].best);
    QVERIFY(table.rows[1].best);
    QVERIFY(!table.rows[2].best);
    QCOMPARE(table.bestGpuTimeMs, 0.0213);
    QCOMPARE(table.bestGpuTimeText(), QString("0.0213 ms"));
    QCOMPARE(table.outcome, QString("2 / 3 iterations succeeded, 3 route configurations"));
    QVERIFY(buildRouteTable(OrderedJson::object()).empty());

    LoadOptions options;
    options.logs = {fixturePath("trt11-tune.log")};
    const EnginePlan plan = loadPlan(fixturePath("trt11.graph.json"), options);
    QCOMPARE(plan.metadata.buildRouteTuning["best_route"], "myelin:aggressive");
}

// From TensorRT 11 trtexec times no transfers without --includeDataTransfers: its zeros are
// "not measured" (null), whatever the Inference Options say or leave out.
void TestTrtexecLog::transfersOffByDefaultFromTrt11() {
    EngineMetadata metadata;
    metadata.tensorrtVersion = QStringLiteral("11.0.0");
    metadata.commandLines = {QStringLiteral("trtexec --loadEngine=a.engine")};
    const OrderedJson measured = OrderedJson::array({0.1, 0.3, 0.2, 0.2, 0.25, 0.28, 0.3});
    metadata.performance["H2D Latency"] = measured;
    markUnmeasuredTransfers(metadata);
    QVERIFY(metadata.performance["H2D Latency"].is_null());

    metadata.commandLines = {
        QStringLiteral("trtexec --loadEngine=a.engine --includeDataTransfers")};
    metadata.performance["H2D Latency"] = measured;
    markUnmeasuredTransfers(metadata);
    QCOMPARE(metadata.performance["H2D Latency"], measured);

    metadata.tensorrtVersion = QStringLiteral("10.16.1");
    metadata.commandLines = {QStringLiteral("trtexec --loadEngine=a.engine")};
    markUnmeasuredTransfers(metadata);
    QCOMPARE(metadata.performance["H2D Latency"], measured);
}

PLANSCOPE_TEST_MAIN(TestTrtexecLog, QCoreApplication)
#include "tst_trtexec_log.moc"
