#include "CliRun.h"
#include "TestSupport.h"

#include <nlohmann/json.hpp>

using planscope::test::dataPath;
using planscope::test::fixturePath;
using planscope::test::runPlanscope;
using Json = nlohmann::ordered_json;

// `planscope roofline`: its JSON's keys as README documents them, --gpu and --gpu list, and a
// plan whose files describe no GPU.
class TestRooflineCli : public QObject {
    Q_OBJECT
  private slots:
    void writesTheDocumentedJson();
    void judgesOnAChosenGpu();
    void refusesAGpuNameOfSeveral();
    void listsTheGpuTable();
    void printsTheLayersByTimeAboveTheirSpeedOfLight();
};

namespace {

const QString kResNet = QStringLiteral("trex/resnet-a100/fp16/resnet.onnx.engine");

QStringList keys(const Json& object) {
    QStringList names;
    for (const auto& item : object.items())
        names << QString::fromStdString(item.key());
    return names;
}

} // namespace

void TestRooflineCli::writesTheDocumentedJson() {
    const auto run = runPlanscope({"roofline", "--json", dataPath(kResNet)});
    QCOMPARE(run.status, 0);
    const Json json = Json::parse(run.out.toStdString());
    QCOMPARE(keys(json), QStringList({"device", "total", "layers"}));
    QCOMPARE(keys(json["device"]),
             QStringList({"name", "compute_capability", "sms", "clock_ghz", "memory_bus_bits",
                          "memory_clock_ghz", "bandwidth_gbs", "source", "peaks_tflops"}));
    QCOMPARE(keys(json["device"]["peaks_tflops"]),
             QStringList({"fp32", "tf32", "fp16", "fp16_acc16", "bf16", "int8", "fp8", "fp4"}));
    QCOMPARE(json["device"]["source"], "files");
    QCOMPARE(json["device"]["compute_capability"], "8.0");
    QVERIFY(json["device"]["peaks_tflops"]["fp8"].is_null()); // Ampere has no FP8
    QCOMPARE(keys(json["total"]),
             QStringList({"flops", "params", "bytes", "ms", "sol_ms", "sol_percent"}));
    QCOMPARE(json["layers"].size(), std::size_t(25)); // every layer of the layer list
    QCOMPARE(keys(json["layers"][0]),
             QStringList({"index", "name", "type", "math", "flops", "bytes", "intensity",
                          "peak_tflops", "bound", "sol_ms", "ms", "sol_percent", "achieved_tflops",
                          "achieved_gbs", "above_sol_ms", "note"}));
    // FLOPs and bytes are whole numbers, written as integers.
    QVERIFY(json["total"]["flops"].is_number_integer());
    // The CSV has the layers' columns.
    const auto csv = runPlanscope({"roofline", "--csv", dataPath(kResNet)});
    QCOMPARE(csv.status, 0);
    QVERIFY(csv.text().startsWith("index,name,type,math,flops,bytes,intensity,peak_tflops,bound,"
                                  "sol_ms,ms,sol_percent,achieved_tflops,achieved_gbs,above_sol_ms,"
                                  "note\n"));
    QCOMPARE(csv.text().count('\n'), 26);
}

void TestRooflineCli::judgesOnAChosenGpu() {
    // Files without a device: the work figures come, device and speed of light null.
    const QString fixture = fixturePath("myelin-kinds.graph.json");
    const auto bare = runPlanscope({"roofline", "--json", fixture});
    QCOMPARE(bare.status, 0);
    const Json none = Json::parse(bare.out.toStdString());
    QVERIFY(none["device"].is_null());
    QVERIFY(none["layers"][0]["flops"].is_number_integer());
    QVERIFY(none["layers"][0]["sol_ms"].is_null());
    // --gpu names one from the table.
    const auto chosen = runPlanscope({"roofline", "--json", "--gpu", "rtx 3090", fixture});
    QCOMPARE(chosen.status, 0);
    const Json json = Json::parse(chosen.out.toStdString());
    QCOMPARE(json["device"]["name"], "NVIDIA GeForce RTX 3090");
    QCOMPARE(json["device"]["source"], "gpu option");
    QVERIFY(json["layers"][0]["sol_ms"].is_number());
    QVERIFY(chosen.err.isEmpty());
    // Beside a described device, it says which one it used.
    const auto beside =
        runPlanscope({"roofline", "--json", "--gpu", "H100 SXM", dataPath(kResNet)});
    QCOMPARE(beside.status, 0);
    QVERIFY2(beside.err.contains("using --gpu's NVIDIA H100 SXM, not the files' NVIDIA A100 80GB "
                                 "PCIe"),
             qPrintable(beside.err));
    QCOMPARE(Json::parse(beside.out.toStdString())["device"]["source"], "gpu option");
}

void TestRooflineCli::refusesAGpuNameOfSeveral() {
    const auto run = runPlanscope({"roofline", "--gpu", "A100", dataPath(kResNet)});
    QCOMPARE(run.status, 2);
    QVERIFY2(run.err.contains("NVIDIA A100 80GB PCIe"), qPrintable(run.err));
    const auto unknown = runPlanscope({"roofline", "--gpu", "Voodoo 2", dataPath(kResNet)});
    QCOMPARE(unknown.status, 2);
    QVERIFY2(unknown.err.contains("--gpu list"), qPrintable(unknown.err));
}

void TestRooflineCli::listsTheGpuTable() {
    const auto run = runPlanscope({"roofline", "--gpu", "list"});
    QCOMPARE(run.status, 0);
    for (const char* gpu : {"NVIDIA T4", "NVIDIA A100 80GB SXM", "NVIDIA H100 NVL", "NVIDIA B200",
                            "NVIDIA GeForce RTX 5090", "NVIDIA Jetson AGX Thor"})
        QVERIFY2(run.text().contains(gpu), gpu);
    QVERIFY(run.text().contains("A100 Tensor Core GPU Architecture whitepaper"));
    QVERIFY(run.text().contains("  12.1:"));
}

void TestRooflineCli::printsTheLayersByTimeAboveTheirSpeedOfLight() {
    const auto run = runPlanscope({"roofline", dataPath(kResNet)});
    QCOMPARE(run.status, 0);
    const QStringList lines = run.text().split('\n');
    QVERIFY(lines[0].startsWith("Device: NVIDIA A100 80GB PCIe (compute capability 8.0, 108 SMs"));
    QVERIFY2(lines[2].contains("fp16 311.9"), qPrintable(lines[2]));
    const qsizetype header = lines.indexOf(QRegularExpression("^ +above ms.*layer$"));
    QVERIFY(header > 0);
    // The first layer is the one furthest above its speed of light.
    QVERIFY2(lines[header + 1].endsWith("Conv_0 + Relu_1"), qPrintable(lines[header + 1]));
}

PLANSCOPE_TEST_MAIN(TestRooflineCli, QCoreApplication)
#include "tst_roofline_cli.moc"
