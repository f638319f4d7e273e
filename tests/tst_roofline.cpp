#include "TestSupport.h"
#include "analysis/PlanAnalysis.h"
#include "charts/ChartCatalog.h"
#include "demo/SyntheticPlan.h"
#include "io/PlanLoader.h"
#include "kernels/KernelName.h"
#include "metrics/PlanJson.h"
#include "roofline/GpuTable.h"
#include "roofline/RateTable.h"
#include "roofline/Roofline.h"
#include "roofline/RooflineJson.h"

#include <QTemporaryDir>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

// The work per layer (FLOPs, bytes, parameters) by README's rules on hand-computed layers, the
// devices' roofs by the formula, and every layer's speed of light (roofline/).
class TestRoofline : public QObject {
    Q_OBJECT
  private slots:
    void countsLayerWork_data();
    void countsLayerWork();
    void readsDeviceRoofs_data();
    void readsDeviceRoofs();
    void readsMathClassFromKernelName_data();
    void readsMathClassFromKernelName();
    void noLayerAboveItsRoofWithoutNote_data();
    void noLayerAboveItsRoofWithoutNote();
    void judgesResNetOnA100();
    void explainsLayersAboveTheirRoofs();
    void findsGpusInTheTable_data();
    void findsGpusInTheTable();
    void ratesNameTheirSources();
    void myelinConvolutionsAreConvolutions();
    void summaryHasWorkAndSpeedOfLight();
    void writesEveryLayerOfALargePlanInOrder();
};

namespace {

const QString kResNet = QStringLiteral("trex/resnet-a100/fp16/resnet.onnx.engine");
const QString kMobileNet = QStringLiteral("trex/mobilenet/mobilenet.qat.onnx.engine");
const QString kAlexNet = QStringLiteral("realworld/alexnet-trt10-rtx3060/alexnet_fp16");
const QString kMnistGraph =
    QStringLiteral("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log");
// The --dumpLayerInfo run of the graph's build (its device section; no per-layer times: the
// profiling run's log, result-05, is another build's).
const QString kMnistLog = QStringLiteral("realworld/mnist-trt10.16-h100/trtexec-result-04.log");

// A shared plan by its path under the data folder; MNIST's graph with its profiling run's log.
EnginePlan sharedPlan(const QString& relative) {
    LoadOptions options;
    if (relative == kMnistGraph)
        options.logs = {dataPath(kMnistLog)};
    return loadPlan(dataPath(relative), options);
}

LayerRoofline layerOf(const EnginePlan& plan, const Roofline& roofline, const QString& name) {
    const Layer* layer = plan.findLayer(name);
    if (!layer)
        qFatal("no layer %s", qPrintable(name));
    return roofline.layer(static_cast<std::size_t>(layer->index));
}

constexpr double kUnknown = -1; // a figure the files do not give: empty

std::optional<double> expected(double value) {
    return value == kUnknown ? std::nullopt : std::optional(value);
}

bool near(double a, double b, double tolerance = 1e-3) {
    return std::abs(a - b) <= tolerance * std::max(std::abs(a), std::abs(b));
}

} // namespace

void TestRoofline::countsLayerWork_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("layer");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("params");
    // 2 x N x K x P x Q x C/G x R x S; input + output + weights (FP16) + bias.
    QTest::newRow("resnet 3x3 convolution")
        << kResNet << "Conv_3 + Relu_4" << 2.0 * 32 * 64 * 56 * 56 * 64 * 9
        << 2.0 * 32 * 64 * 56 * 56 * 2 + 36864 * 2 + 64 * 2 << 36864.0 + 64;
    QTest::newRow("resnet 7x7 first layer")
        << kResNet << "Conv_0 + Relu_1" << 2.0 * 32 * 64 * 112 * 112 * 3 * 49
        << 32.0 * 3 * 224 * 224 * 2 + 32.0 * 64 * 112 * 112 * 2 + 9408 * 2 + 64 * 2 << 9408.0 + 64;
    // Depthwise: G = C = 32, INT8 tensors and weights, FP32 bias.
    QTest::newRow("mobilenet depthwise")
        << kMobileNet << "features.1.conv.0.0.weight + QuantizeLinear_25 + Conv_29 + PWN(Clip_33)"
        << 2.0 * 32 * 112 * 112 * 1 * 9 << 2.0 * 32 * 112 * 112 + 288 + 32 * 4 << 288.0 + 32;
    // A fused ConvActPool: its convolution's ConvKernel and ConvGroups; the output is the
    // pooling's (56 x 56), as the rule takes the first output.
    QTest::newRow("resnet ConvActPool")
        << QStringLiteral("trex/resnet-a100/qat-residual/resnet-qat-residual.onnx.engine")
        << "conv1.weight + QuantizeLinear_7 + Conv_9 + MaxPool_12"
        << 2.0 * 32 * 64 * 56 * 56 * 3 * 49
        << 32.0 * 3 * 224 * 224 + 32.0 * 64 * 56 * 56 + 9408 + 64 * 4 << 9408.0 + 64;
    QTest::newRow("alexnet 11x11 convolution")
        << kAlexNet << "/features/features.0/Conv + /features/features.1/Relu"
        << 2.0 * 64 * 55 * 55 * 3 * 121
        << 3.0 * 224 * 224 * 2 + 64 * 55 * 55 * 2 + 23232 * 2 + 64 * 2 << 23232.0 + 64;
    // Myelin gemm: [1, 9216] x [9216, 4096]; the weights are listed inputs (counted once), as
    // are alpha, beta (FP32) and the bias.
    QTest::newRow("alexnet myelin gemm")
        << kAlexNet << "/classifier/classifier_1/Gemm_myl9_2" << 2.0 * 4096 * 9216
        << 9216.0 * 2 + 9216.0 * 4096 * 2 + 4 + 4 + 4096 * 2 + 4096 * 2
        << 9216.0 * 4096 + 1 + 1 + 4096;
    QTest::newRow("alexnet pooling") << kAlexNet << "/features/features.2/MaxPool" << kUnknown
                                     << 64.0 * 55 * 55 * 2 + 64 * 27 * 27 * 2 << 0.0;
    QTest::newRow("mnist FP32 convolution")
        << kMnistGraph << "node_conv2d + node_relu" << 2.0 * 32 * 28 * 28 * 25
        << 28.0 * 28 * 4 + 32 * 28 * 28 * 4 + 800 * 4 + 32 * 4 << 832.0;
    // One listed input: its weights are not in the files (params unknown, bytes without them).
    QTest::newRow("mnist myelin gemm without weights")
        << kMnistGraph << "node_linear_myl4_0" << 2.0 * 1024 * 3136 << 3136.0 * 4 + 1024 * 4
        << kUnknown;
    // Myelin's kinds: the kernel size from the name (t1r3s3), a deconvolution, attention and a
    // gemm with its weights as an input.
    const QString fixture = fixturePath("myelin-kinds.graph.json");
    QTest::newRow("correlation, kernel from its name")
        << fixture << "node_conv1_myl0_0" << 2.0 * 2 * 64 * 32 * 32 * 16 * 9
        << 2.0 * 16 * 32 * 32 * 2 + 2.0 * 64 * 32 * 32 * 2 << kUnknown;
    QTest::newRow("conv_act_pool without a kernel size")
        << fixture << "node_conv2_myl0_1" << kUnknown
        << 2.0 * 64 * 32 * 32 * 2 + 2.0 * 64 * 16 * 16 * 2 << kUnknown;
    QTest::newRow("deconv") << fixture << "node_up_myl0_2" << 2.0 * 2 * 64 * 16 * 16 * 32 * 4
                            << 2.0 * 64 * 16 * 16 * 2 + 2.0 * 32 * 32 * 32 * 2 << kUnknown;
    QTest::newRow("mha") << fixture << "node_attention_myl0_3" << 4.0 * 2 * 8 * 128 * 256 * 64
                         << 2.0 * 8 * (128 + 256 + 256 + 128) * 64 * 2 << 0.0;
    QTest::newRow("gemm") << fixture << "node_linear_myl0_4" << 2.0 * 4 * 1000 * 512
                          << 4.0 * 512 * 2 + 512 * 1000 * 2 + 4 * 1000 * 4 << 512.0 * 1000;
}

void TestRoofline::countsLayerWork() {
    QFETCH(QString, plan);
    QFETCH(QString, layer);
    QFETCH(double, flops);
    QFETCH(double, bytes);
    QFETCH(double, params);
    const EnginePlan loaded = plan.startsWith('/') ? loadPlan(plan) : sharedPlan(plan);
    const Layer* found = loaded.findLayer(layer);
    QVERIFY(found);
    const LayerWork work = layerWork(*found);
    QCOMPARE(work.flops, expected(flops));
    QCOMPARE(work.bytes, expected(bytes));
    QCOMPARE(work.params, expected(params));
}

void TestRoofline::readsDeviceRoofs_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("bandwidth");
    QTest::addColumn<double>("fp16");
    QTest::addColumn<double>("fp16Acc16");
    QTest::addColumn<double>("fp32");
    // peak = SMs x clock x rate per SM per clock; bandwidth = bus / 8 x memory clock x 2.
    QTest::newRow("A100 80GB PCIe")
        << kResNet << "NVIDIA A100 80GB PCIe" << 5120 / 8.0 * 1.512 * 2 << 108 * 1.41 * 2048 / 1e3
        << 108 * 1.41 * 2048 / 1e3 << 108 * 1.41 * 128 / 1e3;
    QTest::newRow("TITAN RTX") << kMobileNet << "NVIDIA TITAN RTX" << 384 / 8.0 * 7.001 * 2
                               << 72 * 1.77 * 1024 / 1e3 << 72 * 1.77 * 1024 / 1e3
                               << 72 * 1.77 * 128 / 1e3;
    // A GeForce part: FP32 accumulation at half the FP16-accumulate rate.
    QTest::newRow("RTX 3060 Laptop")
        << kAlexNet << "NVIDIA GeForce RTX 3060 Laptop GPU" << 192 / 8.0 * 7.001 * 2
        << 30 * 1.425 * 512 / 1e3 << 30 * 1.425 * 1024 / 1e3 << 30 * 1.425 * 256 / 1e3;
    QTest::newRow("H100 PCIe") << kMnistGraph << "NVIDIA H100 PCIe" << 5120 / 8.0 * 1.593 * 2
                               << 114 * 1.755 * 4096 / 1e3 << 114 * 1.755 * 4096 / 1e3
                               << 114 * 1.755 * 256 / 1e3;
}

void TestRoofline::readsDeviceRoofs() {
    QFETCH(QString, plan);
    QFETCH(QString, name);
    QFETCH(double, bandwidth);
    QFETCH(double, fp16);
    QFETCH(double, fp16Acc16);
    QFETCH(double, fp32);
    const std::optional<GpuDevice> device = deviceFromMetadata(sharedPlan(plan).metadata);
    QVERIFY(device);
    QCOMPARE(device->name, name);
    QCOMPARE(device->source, DeviceSource::Files);
    QVERIFY(near(device->bandwidthGbs(), bandwidth, 1e-9));
    QVERIFY(near(*device->peakTflops(MathClass::Fp16), fp16, 1e-9));
    QVERIFY(near(*device->peakTflops(MathClass::Fp16Acc16), fp16Acc16, 1e-9));
    QVERIFY(near(*device->peakTflops(MathClass::Fp32), fp32, 1e-9));
}

void TestRoofline::readsMathClassFromKernelName_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("math");
    QTest::newRow("xmma FP16 accumulate")
        << "sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x64x32_"
           "stage3_warpsize4x1x1_g1_tensor16x8x16_t1r3s3_aACCESS"
        << "fp16_acc16";
    QTest::newRow("xmma FP32 accumulate")
        << "sm86_xmma_fprop_implicit_gemm_f16f16_f16f32_f32_nhwckrsc_nhwc_tilesize64x64x64_stage4_"
           "warpsize2x2x1_g1_tensor16x8x16"
        << "fp16";
    QTest::newRow("xmma TF32") << "sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_"
                                  "tilesize256x64x32_stage3_warpsize4x2x1_g1_tensor16x8x8"
                               << "tf32";
    QTest::newRow("cutlass first layer") << "trt_turing_cutlass_image_network_first_layer_hmma_"
                                            "fprop_f16f16f32_nhwc_nhwc_k64r7s7c4_stride2x2"
                                         << "fp16";
    QTest::newRow("xmma INT8") << "sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_"
                                  "vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize32x32x64_stage1_"
                                  "warpsize2x1x1_g1_tensor8x8x16"
                               << "int8";
    QTest::newRow("cublas gemv on CUDA cores")
        << "sm50_xmma_cublas_gemvx_f16f16_f32_f32_tn_n_int32_unit_n_launch_param4x32x32_strided_"
           "unit_stride"
        << "fp32";
    QTest::newRow("DP4A on CUDA cores: the int8 roof")
        << "ampere_fp32_icudnn_int8x4_128x64_relu_medium_nn_v1"
        << "int8";
    QTest::newRow("Myelin's generated kernel") << "__myl_Res_0x63adb2bae59ff89a94fc133e2755c132"
                                               << "";
    QTest::newRow("TensorRT's runner") << "TensorRT"
                                       << "";
}

void TestRoofline::readsMathClassFromKernelName() {
    QFETCH(QString, kernel);
    QFETCH(QString, math);
    const std::optional<MathClass> found = mathClassOfKernel(decodeKernelName(kernel));
    QCOMPARE(found ? QString::fromLatin1(mathClassName(*found)) : QString(), math);
}

void TestRoofline::noLayerAboveItsRoofWithoutNote_data() {
    QTest::addColumn<QString>("plan");
    QTest::newRow("resnet fp16") << kResNet;
    QTest::newRow("resnet fp32") << QStringLiteral("trex/resnet-a100/fp32/resnet.onnx.engine");
    for (const char* qat : {"qat", "qat-residual", "qat-residual-qgap"})
        QTest::newRow(qat)
            << QStringLiteral("trex/resnet-a100/%1/resnet-%1.onnx.engine").arg(QLatin1String(qat));
    QTest::newRow("mobilenet") << kMobileNet;
    QTest::newRow("mobilenet residuals")
        << QStringLiteral("trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine");
    QTest::newRow("alexnet") << kAlexNet;
    QTest::newRow("mnist") << kMnistGraph;
}

// A layer faster than its speed of light says why; the plans' devices give every layer with
// FLOPs a roof.
void TestRoofline::noLayerAboveItsRoofWithoutNote() {
    QFETCH(QString, plan);
    const EnginePlan loaded = sharedPlan(plan);
    const Roofline roofline = rooflineFromFiles(loaded);
    QVERIFY(roofline.device);
    QCOMPARE(roofline.size(), loaded.layers.size());
    int judged = 0;
    for (std::size_t i = 0; i < roofline.size(); ++i) {
        const LayerRoofline r = roofline.layer(i);
        if (r.work.flops)
            QVERIFY(r.peakTflops);
        if (!r.solPercent)
            continue;
        ++judged;
        if (*r.solPercent > 100)
            QVERIFY2(!r.note.isEmpty(), qPrintable(QString::number(*r.solPercent)));
        QVERIFY(near(*r.aboveSolMs, *r.ms - *r.solMs, 1e-9));
    }
    QCOMPARE(judged > 0, loaded.hasProfile);
}

// The A100's ResNet-50 FP16 engine: its 3x3 convolution runs FP16-accumulate kernels, judged
// against that roof; the engine's speed of light is the layers' sum.
void TestRoofline::judgesResNetOnA100() {
    const EnginePlan plan = sharedPlan(kResNet);
    const Roofline roofline = rooflineFromFiles(plan);
    const LayerRoofline conv = layerOf(plan, roofline, "Conv_3 + Relu_4");
    QCOMPARE(conv.math, std::optional(MathClass::Fp16Acc16));
    QVERIFY(conv.mathFromName);
    QCOMPARE(conv.bound, std::optional(Bound::Compute));
    const double flops = 2.0 * 32 * 64 * 56 * 56 * 64 * 9;
    const double peak = 108 * 1.41 * 2048 / 1e3;
    QVERIFY(near(*conv.solMs, flops / (peak * 1e12) * 1e3, 1e-9));
    QVERIFY(near(*conv.intensity, flops / *conv.work.bytes, 1e-12));
    QVERIFY(near(*conv.solPercent, *conv.solMs / *conv.ms * 100, 1e-9));
    QVERIFY(near(*conv.achievedTflops, flops / (*conv.ms / 1e3) / 1e12, 1e-9));
    // A pooling: memory-bound, no math.
    const LayerRoofline pool = layerOf(plan, roofline, "MaxPool_2");
    QCOMPARE(pool.bound, std::optional(Bound::Memory));
    QVERIFY(!pool.math);
    QVERIFY(near(*pool.solMs, *pool.work.bytes / (5120 / 8.0 * 1.512 * 2 * 1e9) * 1e3, 1e-9));
    double sol = 0;
    for (std::size_t i = 0; i < roofline.size(); ++i)
        sol += roofline.layer(i).solMs.value_or(0);
    QVERIFY(near(*roofline.total.solMs, sol, 1e-12));
    QVERIFY(near(*roofline.total.ms, *plan.totalAverageMs(), 1e-12));
    QVERIFY(*roofline.total.solPercent > 0 && *roofline.total.solPercent < 100);
}

// On a GPU far slower than the one that ran it, every layer beats its speed of light: the
// compute-bound ones name the defect (rates or class), the memory-bound ones L2.
void TestRoofline::explainsLayersAboveTheirRoofs() {
    const EnginePlan plan = sharedPlan(kResNet);
    GpuDevice slow = *deviceFromMetadata(plan.metadata);
    slow.clockGhz /= 100;
    slow.memoryClockGhz /= 100;
    const Roofline roofline = computeRoofline(plan, slow);
    const LayerRoofline conv = layerOf(plan, roofline, "Conv_3 + Relu_4");
    QVERIFY(*conv.solPercent > 100);
    QVERIFY2(conv.note.startsWith("above its fp16_acc16 compute roof"), qPrintable(conv.note));
    QVERIFY(conv.note.contains("its kernel's name"));
    // 64 MB of tensors: more than the A100's 40 MB L2.
    const LayerRoofline pool = layerOf(plan, roofline, "MaxPool_2");
    QCOMPARE(pool.bound, std::optional(Bound::Memory));
    QVERIFY2(pool.note.startsWith("faster than DRAM allows for its"), qPrintable(pool.note));
    QVERIFY(pool.note.contains("40.0 MB on this GPU"));
    // The global average pooling's 3.3 MB fit in it.
    const LayerRoofline gap = layerOf(plan, roofline, "GlobalAveragePool_46");
    QVERIFY2(gap.note.startsWith("faster than DRAM allows: its"), qPrintable(gap.note));
    QVERIFY(gap.note.contains("fit in L2 (40.0 MB on this GPU)"));
}

void TestRoofline::findsGpusInTheTable_data() {
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("matches"); // when NAME is ambiguous or unknown
    QTest::newRow("short name") << "rtx 3090"
                                << "NVIDIA GeForce RTX 3090" << 0;
    QTest::newRow("full name") << "NVIDIA H100 PCIe"
                               << "NVIDIA H100 PCIe" << 0;
    QTest::newRow("part of one name") << "orin nano"
                                      << "NVIDIA Jetson Orin Nano 8GB" << 0;
    QTest::newRow("ambiguous") << "A100"
                               << "" << 4;
    QTest::newRow("unknown") << "Voodoo 2"
                             << "" << 0;
}

void TestRoofline::findsGpusInTheTable() {
    QFETCH(QString, query);
    QFETCH(QString, name);
    QFETCH(int, matches);
    const GpuLookup lookup = findGpu(query);
    QCOMPARE(lookup.device ? lookup.device->name : QString(), name);
    QCOMPARE(lookup.matches.size(), matches);
    if (lookup.device)
        QCOMPARE(lookup.device->source, DeviceSource::GpuOption);
}

// The figures: RTX 3090 142 TFLOPS FP16 with FP16 accumulation, 71 with FP32, 936 GB/s;
// every table row names its source.
void TestRoofline::ratesNameTheirSources() {
    const GpuDevice rtx3090 = *findGpu("RTX 3090").device;
    QVERIFY(near(*rtx3090.peakTflops(MathClass::Fp16Acc16), 142.3, 1e-3));
    QVERIFY(near(*rtx3090.peakTflops(MathClass::Fp16), 71.2, 1e-3));
    QVERIFY(near(rtx3090.bandwidthGbs(), 936, 1e-3));
    QVERIFY(!rtx3090.peakTflops(MathClass::Fp8));
    // The RTX Blackwell whitepaper's GeForce RTX 5090: 419 TFLOPS FP16 with FP16 accumulation,
    // 209.5 with FP32 (and BF16), 419 FP8, 104.8 TF32; INT8 and FP4 at full rate.
    const GpuDevice rtx5090 = *findGpu("RTX 5090").device;
    QVERIFY(near(*rtx5090.peakTflops(MathClass::Fp16Acc16), 419.0, 2e-3));
    QVERIFY(near(*rtx5090.peakTflops(MathClass::Fp16), 209.5, 2e-3));
    QVERIFY(near(*rtx5090.peakTflops(MathClass::Bf16), 209.5, 2e-3));
    QVERIFY(near(*rtx5090.peakTflops(MathClass::Fp8), 419.0, 2e-3));
    QVERIFY(near(*rtx5090.peakTflops(MathClass::Tf32), 104.8, 2e-3));
    QVERIFY(near(*rtx5090.peakTflops(MathClass::Int8), 838.0, 2e-3));
    QVERIFY(near(*rtx5090.peakTflops(MathClass::Fp4), 1676.0, 2e-3));
    // The RTX PRO 6000 Blackwell is not a GeForce part: its FP16 at the full rate.
    const GpuDevice pro6000 = *findGpu("RTX PRO 6000").device;
    QCOMPARE(*pro6000.peakTflops(MathClass::Fp16), *pro6000.peakTflops(MathClass::Fp16Acc16));
    // B200 as its driver reads it: 7680-bit bus at 3996 MHz, 7.67 TB/s.
    QVERIFY(near(findGpu("B200").device->bandwidthGbs(), 7672.3, 1e-4));
    for (const RateRow& row : rateTable())
        QVERIFY(std::strlen(row.source) > 20);
    for (const GpuTableEntry& entry : gpuTable()) {
        QVERIFY(std::strlen(entry.source) > 20);
        QVERIFY2(rateRow(entry.major, entry.minor), entry.name);
    }
    for (const char* cc : {"7.0", "7.2", "7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "10.3",
                           "11.0", "12.0", "12.1"}) {
        const QStringList parts = QString::fromLatin1(cc).split('.');
        QVERIFY2(rateRow(parts[0].toInt(), parts[1].toInt()), cc);
    }
}

// Myelin's correlation, conv_act_pool and deconv are what they are: the convolution charts
// have the correlation (its kernel from its name), the weights they do not export are unknown.
void TestRoofline::myelinConvolutionsAreConvolutions() {
    const EnginePlan plan = loadPlan(fixturePath("myelin-kinds.graph.json"));
    const Layer& correlation = *plan.findLayer("node_conv1_myl0_0");
    QVERIFY(correlation.isConvolution());
    QVERIFY(correlation.convolution);
    QCOMPARE(correlation.convolution->macs, 2.0 * 64 * 32 * 32 * 16 * 9);
    QCOMPARE(correlation.convolution->kernel, std::vector<qint64>({3, 3}));
    QVERIFY(!correlation.weightsKnown());
    QVERIFY(plan.findLayer("node_conv2_myl0_1")->isConvolution());
    QCOMPARE(layerKind(*plan.findLayer("node_up_myl0_2")), LayerKind::Deconvolution);
    QCOMPARE(layerKind(*plan.findLayer("node_linear_myl0_4")), LayerKind::MatrixMultiply);
    QCOMPARE(layerKind(*plan.findLayer("node_attention_myl0_3")), LayerKind::Attention);
    QCOMPARE(plan.layersWithoutWeights(), 3);
    const PlanAnalysis analysis(std::make_shared<const EnginePlan>(plan));
    for (const charts::ChartDefinition& definition : charts::chartCatalog())
        if (definition.group == QLatin1String("Convolutions"))
            for (const charts::Panel& panel : definition.build(analysis).panels)
                QVERIFY2(!panel.emptyMessage.contains(QLatin1String("no convolutions")),
                         qPrintable(definition.id));
    // No device in the files: the work figures alone, no speed of light.
    const Roofline roofline = rooflineFromFiles(plan);
    QVERIFY(!roofline.device);
    QCOMPARE(roofline.layer(0).work.flops, std::optional(2.0 * 2 * 64 * 32 * 32 * 16 * 9));
    QVERIFY(!roofline.layer(0).solMs);
    QVERIFY(!roofline.total.solMs);
}

void TestRoofline::summaryHasWorkAndSpeedOfLight() {
    const EnginePlan plan = sharedPlan(kResNet);
    const OrderedJson summary = summaryJson(plan);
    const Roofline roofline = rooflineFromFiles(plan);
    QCOMPARE(summary["gflops"].get<double>(), *roofline.total.flops / 1e9);
    QCOMPARE(summary["params"].get<double>(), *roofline.total.params);
    QCOMPARE(summary["sol_ms"].get<double>(), *roofline.total.solMs);
    QCOMPARE(summary["sol_percent"].get<double>(), *roofline.total.solPercent);
    QVERIFY(summary.contains("weights_bytes")); // the keys it had stay
    // trex's example is a ResNet-18 of batch 32: 11.69 M parameters (its fully connected
    // layer's as a constant), 1.8 G multiply-adds per image.
    QVERIFY(*roofline.total.params > 11.6e6 && *roofline.total.params < 11.7e6);
    QVERIFY(*roofline.total.flops / 32 / 2 > 1.75e9 && *roofline.total.flops / 32 / 2 < 1.85e9);
}

// roofline --json writes a large plan's layers in parts side by side: they come out in the
// plan's order, each once, in exactly nlohmann's dump(2) layout.
void TestRoofline::writesEveryLayerOfALargePlanInOrder() {
    QTemporaryDir dir;
    const QString prefix = dir.filePath("large.onnx.engine");
    QString error;
    QVERIFY2(writeSyntheticPlan(prefix, {.layers = 9000, .timingSamples = 10}, &error),
             qPrintable(error));
    const EnginePlan plan = loadPlan(prefix);
    const Roofline roofline = rooflineFromFiles(plan);
    std::vector<std::string> pieces;
    writeRooflineJson(plan, roofline, [&](std::string_view piece) { pieces.emplace_back(piece); });
    QVERIFY(pieces.size() > 2); // the header and the rounds of parts, each handed on
    std::string text;
    for (const std::string& piece : pieces)
        text += piece;
    const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(text);
    QCOMPARE(parsed.dump(2) + '\n', text);
    const auto& layers = parsed["layers"];
    QCOMPARE(layers.size(), plan.layers.size());
    for (std::size_t i = 0; i < layers.size(); ++i) {
        QCOMPARE(layers[i]["index"].get<std::size_t>(), i);
        QCOMPARE(QString::fromStdString(layers[i]["name"].get<std::string>()), plan.layers[i].name);
    }
}

PLANSCOPE_TEST_MAIN(TestRoofline, QCoreApplication)
#include "tst_roofline.moc"
