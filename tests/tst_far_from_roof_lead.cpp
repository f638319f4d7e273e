#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "leads/Lead.h"
#include "leads/LeadsJson.h"
#include "roofline/GpuTable.h"
#include "roofline/Roofline.h"

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

const Lead* leadOf(const PlanLeads& leads, const QString& id) {
    for (const Lead& lead : leads.leads)
        if (lead.id == id)
            return &lead;
    return nullptr;
}

// A100 80GB PCIe (the ResNet plans' metadata): 108 SMs at 1.41 GHz, 5120-bit memory at 1.512 GHz.
constexpr double kA100Gbs = 5120 / 8.0 * 1.512 * 2;
constexpr double kA100Fp32Tflops = 108 * 1.41 * 128 / 1e3;
// RTX 3060 Laptop (AlexNet's): 30 SMs at 1.425 GHz, FP16-accumulate Tensor Cores 1024 per clock.
constexpr double kRtx3060Fp16Acc16Tflops = 30 * 1.425 * 1024 / 1e3;

} // namespace

// Issue 45's lead: layers under 50 % of their speed of light, ranked by their time above 80 % of
// it (ms - sol_ms / 0.8), that time the lead's; by bound, the next step.
class TestFarFromRoofLead : public QObject {
    Q_OBJECT
  private slots:
    void ranksByTimeAboveTheCeiling_data();
    void ranksByTimeAboveTheCeiling();
    void cudaCoreMathGetsATensorCorePrecision();
    void needsTheDevice();
    void hotLayerSaysItsShareOfTheRoof();
};

void TestFarFromRoofLead::ranksByTimeAboveTheCeiling_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<int>("count");         // layers under 50 %
    QTest::addColumn<int>("first");         // furthest past the ceiling
    QTest::addColumn<double>("firstSolMs"); // hand-computed
    QTest::addColumn<double>("firstMs");    // the profile's average
    QTest::addColumn<QString>("bound");
    QTest::addColumn<QString>("step");
    // Conv_0 + Relu_1, batch 32: FP16 in 3x224x224 and out 64x112x112, 64x3x7x7 FP16 weights and
    // 64 biases: 61,032,960 bytes at 1935.36 GB/s (its 7.55 GFLOPs take 0.024 ms at 312 TFLOP/s).
    QTest::newRow("resnet fp16: memory-bound")
        << "trex/resnet-a100/fp16/resnet.onnx.engine" << 17 << 1
        << (32.0 * (3 * 224 * 224 + 64 * 112 * 112) * 2 + 64 * 3 * 49 * 2 + 64 * 2) /
               (kA100Gbs * 1e6)
        << 0.111616 << "memory"
        << "Memory-bound (7 layers, 0.1752 ms above the ceiling): fuse them";
    // features.0: 2 x 64 x 55 x 55 x 3 x 11 x 11 FLOPs on an fp16_acc16 kernel.
    QTest::newRow("alexnet: compute-bound on Tensor Cores")
        << "realworld/alexnet-trt10-rtx3060/alexnet_fp16" << 10 << 1
        << 2.0 * 64 * 55 * 55 * 3 * 121 / (kRtx3060Fp16Acc16Tflops * 1e9) << 0.0243372 << "compute"
        << "Compute-bound on Tensor Cores (5 layers, 0.0773 ms above the ceiling): fill the "
           "Tensor Core tiles";
    // Every MobileNet layer runs under 5 % of the TITAN RTX's roofs.
    QTest::newRow("mobilenet: every layer")
        << "trex/mobilenet/mobilenet.qat.onnx.engine" << 72 << 58 << -1.0 << 0.0164488 << "memory"
        << "Memory-bound (72 layers, 0.4329 ms above the ceiling)";
}

void TestFarFromRoofLead::ranksByTimeAboveTheCeiling() {
    QFETCH(QString, plan);
    QFETCH(int, count);
    QFETCH(int, first);
    QFETCH(double, firstSolMs);
    QFETCH(double, firstMs);
    QFETCH(QString, bound);
    QFETCH(QString, step);
    const EnginePlan loaded = loadPlan(dataPath(plan));
    const Roofline roofline = rooflineFromFiles(loaded);
    const PlanLeads leads = findLeads(loaded, roofline);
    const Lead* lead = leadOf(leads, "far-from-roof");
    QVERIFY(lead);
    QCOMPARE(int(lead->layers.size()), count);
    QVERIFY(lead->partOfLayersTime);
    const OrderedJson& layers = lead->facts["layers"]; // the 20 furthest
    QCOMPARE(int(layers.size()), std::min(count, 20));
    QCOMPARE(layers[0]["index"].get<int>(), first);
    QCOMPARE(QString::fromStdString(layers[0]["bound"].get<std::string>()), bound);
    const LayerRoofline r = roofline.layer(std::size_t(first));
    if (firstSolMs > 0)
        QVERIFY2(qAbs(*r.solMs - firstSolMs) < 1e-12, qPrintable(QString::number(*r.solMs)));
    QCOMPARE(*r.ms, firstMs);
    const double firstAbove = firstMs - *r.solMs / 0.8;
    QVERIFY(qAbs(layers[0]["above_ceiling_ms"].get<double>() - firstAbove) < 1e-12);
    // Ranked by the time above the ceiling; the lead's time is their sum, its share of the
    // latency; every layer of the roofline under 50 % is in it, and no other.
    double previous = std::numeric_limits<double>::infinity();
    for (const OrderedJson& layer : layers) {
        const double above = layer["above_ceiling_ms"].get<double>();
        QVERIFY(above <= previous && above > 0);
        previous = above;
        const LayerRoofline lr = roofline.layer(layer["index"].get<std::size_t>());
        QVERIFY(*lr.solPercent < 50);
        QCOMPARE(layer["sol_percent"].get<double>(), *lr.solPercent);
        QVERIFY(qAbs(above - (*lr.ms - *lr.solMs / 0.8)) < 1e-12);
    }
    int under = 0;
    double sum = 0;
    std::vector<double> aboveAll;
    for (std::size_t i = 0; i < roofline.size(); ++i)
        if (const LayerRoofline lr = roofline.layer(i); lr.solPercent && *lr.solPercent < 50) {
            ++under;
            sum += *lr.ms - *lr.solMs / 0.8;
            aboveAll.push_back(*lr.ms - *lr.solMs / 0.8);
        }
    QCOMPARE(under, count);
    std::sort(aboveAll.begin(), aboveAll.end(), std::greater<>());
    QVERIFY(qAbs(layers.back()["above_ceiling_ms"].get<double>() - aboveAll[layers.size() - 1]) <
            1e-12); // none left out above the last listed
    QVERIFY(qAbs(lead->facts["above_ceiling_ms"].get<double>() - sum) < 1e-12);
    QVERIFY(qAbs(*lead->ms - sum) < 1e-12);
    QVERIFY(qAbs(*lead->percent - sum / *loaded.totalAverageMs() * 100) < 1e-9);
    QVERIFY2(lead->nextStep.contains(step), qPrintable(lead->nextStep));
    QVERIFY2(lead->evidence.contains(roofline.device->name), qPrintable(lead->evidence));
    // The JSON lists its layers slowest first, as every lead's; its time is its own.
    const OrderedJson json = leadsJson(loaded, leads);
    for (const OrderedJson& l : json["leads"])
        if (l["id"] == "far-from-roof")
            QCOMPARE(l["ms"].get<double>(), *lead->ms);
}

// The fixture's matmul_simt runs a SIMT kernel (fp32 on CUDA cores): on an A100 its 2.3 MFLOPs
// over 153,760 bytes (15 FLOP/byte) are compute-bound, under 0.2 % of the roof.
void TestFarFromRoofLead::cudaCoreMathGetsATensorCorePrecision() {
    const EnginePlan plan = loadPlan(fixturePath("leads.graph.json"));
    const GpuTableEntry* a100 = gpuTableEntryNamed("A100 80GB PCIe");
    QVERIFY(a100);
    const Roofline roofline = computeRoofline(plan, deviceOf(*a100));
    const PlanLeads leads = findLeads(plan, roofline);
    const Lead* lead = leadOf(leads, "far-from-roof");
    QVERIFY(lead);
    const LayerRoofline simt = roofline.layer(3);
    QCOMPARE(plan.layers[3].name, QStringLiteral("matmul_simt"));
    QVERIFY(qAbs(*simt.solMs - 2.0 * 20 * 64 * 900 / (kA100Fp32Tflops * 1e9)) < 1e-15);
    bool found = false;
    for (const OrderedJson& layer : lead->facts["layers"])
        if (layer["index"] == 3) {
            found = true;
            QCOMPARE(layer["bound"].get<std::string>(), std::string("compute"));
            QCOMPARE(layer["math_unit"].get<std::string>(), std::string("cuda cores"));
        } else if (layer["bound"] == "compute") {
            QCOMPARE(layer["math_unit"].get<std::string>(), std::string("tensor cores"));
        }
    QVERIFY(found);
    QVERIFY2(lead->nextStep.contains("Compute-bound on CUDA cores (1 layer, 0.0999 ms above the "
                                     "ceiling): give them a Tensor Core precision"),
             qPrintable(lead->nextStep));
}

// Without a device the lead is not judged, and says how to get one; without timings it needs
// those first.
void TestFarFromRoofLead::needsTheDevice() {
    const PlanLeads leads = findLeads(loadPlan(fixturePath("leads.graph.json")));
    QVERIFY(!leadOf(leads, "far-from-roof"));
    bool unjudged = false;
    for (const UnjudgedLead& u : leads.unjudged)
        if (u.id == "far-from-roof") {
            unjudged = true;
            QCOMPARE(u.needs, QStringLiteral("the GPU's description"));
            QVERIFY(u.how.contains("--gpu NAME"));
        }
    QVERIFY(unjudged);
}

// ResNet FP16's hot layer is Conv_0 at 0.0315 / 0.1116 = 28.3 % of its memory roof.
void TestFarFromRoofLead::hotLayerSaysItsShareOfTheRoof() {
    const EnginePlan plan = loadPlan(dataPath("trex/resnet-a100/fp16/resnet.onnx.engine"));
    const PlanLeads leads = findLeads(plan);
    const Lead* hot = leadOf(leads, "hot-layer");
    QVERIFY(hot);
    const double sol = 61032960 / (kA100Gbs * 1e6);
    QVERIFY(qAbs(hot->facts["sol_percent"].get<double>() - sol / 0.111616 * 100) < 1e-9);
    QVERIFY2(hot->evidence.endsWith("It runs at 28.3 % of its speed of light (memory-bound: "
                                    "0.0315 ms on the NVIDIA A100 80GB PCIe)."),
             qPrintable(hot->evidence));
    // A plan without a device says nothing of it.
    const PlanLeads bev = findLeads(loadPlan(dataPath("realworld/aeb-bev-trt86/layers_.json")));
    const Lead* bevHot = leadOf(bev, "hot-layer");
    QVERIFY(bevHot);
    QVERIFY(bevHot->facts["sol_percent"].is_null());
    QVERIFY(!bevHot->evidence.contains("speed of light"));
}

PLANSCOPE_TEST_MAIN(TestFarFromRoofLead, QCoreApplication)
#include "tst_far_from_roof_lead.moc"
