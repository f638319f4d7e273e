#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "metrics/LayerGroups.h"

using namespace planscope;
using planscope::test::dataPath;

namespace {
constexpr double kMegabyte = 1024.0 * 1024.0;
}

// The real exports in ../shared/data, checked against what trex computes on them.
class TestRealPlans : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void matchesTrexSummary_data();
    void matchesTrexSummary();
    void readsMobileNetFirstLayer();
    void annotatesConvolutions();
    void readsMetadata();
    void readsTensorRT10Plan();
    void readsFreelyNamedMyelinPlan();
    void readsGraphSavedAsLog();
};

void TestRealPlans::initTestCase() {
    QVERIFY2(QFileInfo::exists(dataPath("README.md")),
             qPrintable("the real plans are missing: expected them in " + dataPath("")));
}

void TestRealPlans::matchesTrexSummary_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<int>("layers");
    QTest::addColumn<QString>("averageMs");
    QTest::addColumn<QString>("weightsMB");
    QTest::addColumn<QString>("activationsMB");
    QTest::addColumn<QString>("firstInput");
    QTest::newRow("mobilenet qat") << "trex/mobilenet/mobilenet.qat.onnx.engine" << 72 << "0.470"
                                   << "3.3"
                                   << "15.9"
                                   << "input1: [1, 3, 224, 224]xFP32 NCHW";
    QTest::newRow("mobilenet residuals")
        << "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine" << 57 << "0.356"
        << "3.3"
        << "14.2"
        << "inputs.1: [1, 3, 224, 224]xFP32 NCHW";
    QTest::newRow("resnet qat") << "trex/resnet-a100/qat/resnet-qat.onnx.engine" << 35 << "1.096"
                                << "11.1"
                                << "562.2"
                                << "input.1: [32, 3, 224, 224]xFP32 NCHW";
    QTest::newRow("resnet fp32") << "trex/resnet-a100/fp32" << 24 << "2.124"
                                 << "44.6"
                                 << "836.3"
                                 << "input.1: [32, 3, 224, 224]xFP32 NCHW";
    QTest::newRow("resnet fp16") << "trex/resnet-a100/fp16" << 25 << "1.017"
                                 << "22.3"
                                 << "421.4"
                                 << "input.1: [32, 3, 224, 224]xFP32 NCHW";
    QTest::newRow("resnet qat residual") << "trex/resnet-a100/qat-residual" << 25 << "0.731"
                                         << "11.1"
                                         << "181.7"
                                         << "input.1: [32, 3, 224, 224]xFP32 NCHW";
    QTest::newRow("resnet qat qgap") << "trex/resnet-a100/qat-residual-qgap" << 23 << "0.673"
                                     << "11.1"
                                     << "170.9"
                                     << "input.1: [32, 3, 224, 224]xFP32 NCHW";
    QTest::newRow("aeb bev trt8.6") << "realworld/aeb-bev-trt86" << 104 << "18.514"
                                    << "42.8"
                                    << "976.9"
                                    << "t_temp2cur: [1, 4, 4]xFP16";
    // trex says 4.7 MB weights and 114.9 MB activations here: it counts the Myelin GEMMs'
    // weight matrices, constant input tensors, as activations. PlanScope counts them as weights.
    QTest::newRow("alexnet trt10") << "realworld/alexnet-trt10-rtx3060" << 13 << "0.522"
                                   << "116.5"
                                   << "3.1"
                                   << "input: [1, 3, 224, 224]xFP16 NCHW";
    QTest::newRow("mnist trt10.16") << "realworld/mnist-trt10.16-h100" << 9 << "-"
                                    << "0.2"
                                    << "0.4"
                                    << "x: [1, 1, 28, 28]xFP32";
}

void TestRealPlans::matchesTrexSummary() {
    QFETCH(QString, plan);
    QFETCH(int, layers);
    QFETCH(QString, averageMs);
    QFETCH(QString, weightsMB);
    QFETCH(QString, activationsMB);
    QFETCH(QString, firstInput);
    const EnginePlan p = loadPlan(dataPath(plan));
    QCOMPARE(int(p.layers.size()), layers);
    // The mnist folder has no profile: its average time is missing, not 0.
    const auto average = p.totalAverageMs();
    QCOMPARE(average ? QString::number(*average, 'f', 3) : QString("-"), averageMs);
    QCOMPARE(QString::number(p.totalWeightsBytes().value() / kMegabyte, 'f', 1), weightsMB);
    QCOMPARE(QString::number(p.totalActivationBytes().value() / kMegabyte, 'f', 1), activationsMB);
    QVERIFY(!p.inputBindings().empty());
    QCOMPARE(p.inputBindings().front()->description(), firstInput);
}

void TestRealPlans::readsMobileNetFirstLayer() {
    const EnginePlan plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    const Layer& first = plan.layers.front();
    QCOMPARE(first.name, QString("QuantizeLinear_2"));
    QCOMPARE(first.type, QString("Reformat"));
    QCOMPARE(first.precision, QString("FP32"));
    QCOMPARE(first.outputPrecision, QString("INT8"));
    QCOMPARE(first.inputBytes, 602112.0);
    QCOMPARE(first.outputBytes, 150528.0);
    QCOMPARE(first.attribute("Origin"), QString("QDQ"));
    QCOMPARE(first.timing.averageMs, 0.00474854);
    QCOMPARE(first.timing.medianMs, 0.004544);
    QCOMPARE(plan.profiledIterations, 6610LL);
    const auto byType = groupLayers(plan.layers, layerTypeKey);
    QCOMPARE(byType.front().key, QString("Convolution"));
    QCOMPARE(byType.front().count, 53);
    QCOMPARE(QString::number(byType.front().latencyPct.value(), 'f', 1), QString("81.5"));
}

void TestRealPlans::annotatesConvolutions() {
    const EnginePlan plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    const Layer& conv = plan.layers[1]; // 3x3 stride-2 conv, 3 -> 32 channels, 224 -> 112
    QVERIFY(conv.convolution.has_value());
    const ConvolutionMetrics& m = *conv.convolution;
    QCOMPARE(m.macs, 10838016.0); // 1*32*112*112*3*3*3
    QCOMPARE(m.gemmM, qint64(12544));
    QCOMPARE(m.gemmN, qint64(32));
    QCOMPARE(m.gemmK, qint64(27));
    QCOMPARE(m.bytes, 150528.0 + 864.0 + 401408.0);
    QCOMPARE(m.arithmeticIntensity, m.macs / m.bytes);
    QCOMPARE(m.computeEfficiency, m.macs / conv.timing.averageMs);
    int convolutions = 0;
    for (const Layer& l : plan.layers)
        convolutions += l.convolution ? 1 : 0;
    QCOMPARE(convolutions, 53);
    QVERIFY(!plan.layers[0].convolution);
}

void TestRealPlans::readsMetadata() {
    const EnginePlan plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    QCOMPARE(plan.metadata.deviceName(), QString("NVIDIA TITAN RTX"));
    QCOMPARE(plan.metadata.builder["Precision"].get<std::string>(), std::string("FP32+FP16+INT8"));
    QCOMPARE(plan.metadata.performance["Latency"].size(), std::size_t(7));
    QCOMPARE(plan.metadata.performance["Latency"][3].get<double>(), 0.351196); // median
    QCOMPARE(plan.metadata.inference["CUDA Graph"].get<std::string>(), std::string("Enabled"));
    QVERIFY(plan.timingSamplesMs.size() > 1000);
    QCOMPARE(plan.timingSamplesMs.front(), 0.484512);

    const EnginePlan resnet = loadPlan(dataPath("trex/resnet-a100/fp16"));
    QVERIFY(resnet.metadata.deviceName().contains("A100"));
}

void TestRealPlans::readsTensorRT10Plan() {
    const EnginePlan plan = loadPlan(dataPath("realworld/alexnet-trt10-rtx3060"));
    for (const Layer& l : plan.layers) {
        QVERIFY2(l.subtype != "shape_call", qPrintable(l.name));
        QVERIFY2(!l.metadata.contains(QChar(0x1F)), qPrintable(l.name));
    }
    const Layer* gemm = plan.findLayer("/classifier/classifier_4/Gemm_myl9_3");
    QVERIFY(gemm);
    QCOMPARE(gemm->type, QString("gemm"));
    QCOMPARE(gemm->precision, QString("FP16"));
    QCOMPARE(gemm->inputs[2].format(), QString("FP32")); // "Float": spelled as precisions are
    QVERIFY(gemm->metadata.contains("]+[ONNX Layer"));
    QCOMPARE(gemm->timing.averageMs, 0.109582);
    QVERIFY(plan.warnings.join(' ').indexOf("Partial") < 0);
    QCOMPARE(plan.metadata.deviceName(), QString("NVIDIA GeForce RTX 3060 Laptop GPU"));
}

void TestRealPlans::readsFreelyNamedMyelinPlan() {
    const EnginePlan plan = loadPlan(dataPath("realworld/aeb-bev-trt86"));
    QCOMPARE(plan.name, QString("layers_.json"));
    QVERIFY(plan.hasProfile);
    const auto byType = groupLayers(plan.layers, layerTypeKey);
    QCOMPARE(byType.front().key, QString("Myelin"));
    QCOMPARE(byType.front().count, 2);
    int plugins = 0;
    for (const Layer& l : plan.layers)
        plugins += l.type.startsWith("PluginV") ? 1 : 0;
    QCOMPARE(plugins, 1);
    QCOMPARE(int(plan.inputBindings().size() + plan.outputBindings().size()), 17);
}

void TestRealPlans::readsGraphSavedAsLog() {
    const EnginePlan plan =
        loadPlan(dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log"));
    QCOMPARE(plan.layers.size(), std::size_t(9));
    QCOMPARE(plan.layers.front().name, QString("node_conv2d + node_relu"));
    QCOMPARE(plan.layers.front().metadata,
             QString("[ONNX Layer: node_conv2d]+[ONNX Layer: node_relu]"));
    QVERIFY(!plan.hasProfile);
}

PLANSCOPE_TEST_MAIN(TestRealPlans, QCoreApplication)
#include "tst_real_plans.moc"
