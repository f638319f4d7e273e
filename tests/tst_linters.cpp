#include "PlantedWeights.h"
#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "lint/LayerKinds.h"
#include "lint/LintCatalog.h"
#include "lint/Linter.h"
#include "lint/WeightLinter.h"
#include "plan/SideBySide.h"

#include <stdexcept>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

std::vector<LintFinding> findingsOn(const std::vector<LintFinding>& all, const QString& layer,
                                    const QString& rule) {
    std::vector<LintFinding> found;
    for (const LintFinding& f : all)
        if (f.layerName == layer && f.rule == rule)
            found.push_back(f);
    return found;
}

int countOf(const std::vector<LintFinding>& all, const QString& rule) {
    return int(std::count_if(all.begin(), all.end(),
                             [&](const LintFinding& f) { return f.rule == rule; }));
}

// The six rules trex has; the fixture lint.graph.json was made for them.
LintSettings trexRulesOnly() {
    LintSettings settings;
    for (const QString& rule : standardRules().mid(6))
        settings.disabled.insert(rule);
    return settings;
}

QString detail(const LintFinding& f, const QString& key) {
    for (const auto& [k, v] : f.details)
        if (k == key)
            return v;
    return {};
}

} // namespace

class TestLinters : public QObject {
    Q_OBJECT
  private slots:
    void findsModelWeightRules_data();
    void findsModelWeightRules();
    void findsOnFixture_data();
    void findsOnFixture();
    void keepsEveryFindingOfALayer();
    void runsSideBySideInOrder();
    void scaleNeedsWeightsToTakeIt();
    void normalizationStatisticsAreNoFallback_data();
    void normalizationStatisticsAreNoFallback();
    void controlNetsNormalizationsAreNoFallback();
    void explainsSmallInputChannels();
    void judgesTensorCoresByKernelName_data();
    void judgesTensorCoresByKernelName();
    void saysWhatTheKernelDecodesTo();
    void flagsMobileNetQuantize();
    void listsStableRules();
    void findsNewRulesOnFixture_data();
    void findsNewRulesOnFixture();
    void countsNewRulesOnFixture();
    void findsSparseKernelMismatches_data();
    void findsSparseKernelMismatches();
    void followsSettings();
    void stronglyTypedHasNoFallback();
    void lintsOnlyTheLayersAskedFor_data();
    void lintsOnlyTheLayersAskedFor();
    void refusesBadThresholds();
    void findsQatResidualOnResNet();
    void checksFullyConnectedAlignment_data();
    void checksFullyConnectedAlignment();
    void staysQuietWhereNothingIsWrong_data();
    void staysQuietWhereNothingIsWrong();
};

void TestLinters::findsOnFixture_data() {
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("conversion");
    QTest::newRow("tensor-core fp16 conv") << "conv_fp16_tc_ok"
                                           << "conv-not-accelerated" << 0 << "";
    QTest::newRow("aligned fp16 conv") << "conv_fp16_tc_ok"
                                       << "conv-channel-alignment" << 0 << "";
    QTest::newRow("simt fp16 conv") << "conv_fp16_small_unaligned"
                                    << "conv-not-accelerated" << 1 << "";
    QTest::newRow("unaligned fp16 conv") << "conv_fp16_small_unaligned"
                                         << "conv-channel-alignment" << 1 << "";
    QTest::newRow("imma conv") << "conv_int8_float_out_unaligned"
                               << "conv-not-accelerated" << 0 << "";
    QTest::newRow("int8 conv float out") << "conv_int8_float_out_unaligned"
                                         << "conv-int8-float-output" << 1 << "";
    QTest::newRow("int8 conv K=24") << "conv_int8_float_out_unaligned"
                                    << "conv-channel-alignment" << 1 << "";
    QTest::newRow("fp32 conv not tc") << "conv_fp32_plain"
                                      << "conv-not-accelerated" << 0 << "";
    QTest::newRow("fp32 conv aligned") << "conv_fp32_plain"
                                       << "conv-channel-alignment" << 0 << "";
    QTest::newRow("layout reformat") << "reformat_layout_only"
                                     << "reformat-type-conversion" << 0 << "";
    QTest::newRow("type reformat") << "reformat_fp32_to_fp16"
                                   << "reformat-type-conversion" << 1 << "FP32 -> FP16";
    QTest::newRow("type slice") << "slice_int8_to_fp32"
                                << "slice-type-conversion" << 1 << "INT8 -> FP32";
    QTest::newRow("quantize") << "scale_quantize"
                              << "unfused-qdq" << 1 << "FP32 -> INT8";
    QTest::newRow("dequantize") << "scale_dequantize"
                                << "unfused-qdq" << 1 << "INT8 -> FP16";
    QTest::newRow("float scale") << "scale_float"
                                 << "unfused-qdq" << 0 << "";
}

void TestLinters::findsOnFixture() {
    QFETCH(QString, layer);
    QFETCH(QString, rule);
    QFETCH(int, count);
    QFETCH(QString, conversion);
    const EnginePlan plan = loadPlan(fixturePath("lint.graph.json"));
    const auto found = findingsOn(lintPlan(plan), layer, rule);
    QCOMPARE(int(found.size()), count);
    for (const LintFinding& f : found) {
        QCOMPARE(f.severity, Severity::Warning);
        QVERIFY(!f.hazard.isEmpty());
        QVERIFY(!f.help.isEmpty());
        QVERIFY(!f.mitigation.isEmpty());
        QCOMPARE(plan.layers[f.layerIndex].name, layer);
        if (!conversion.isEmpty())
            QCOMPARE(detail(f, "type conversion"), conversion);
    }
}

// The linters and lead kinds run on the machine's cores: results in the tasks' order, every task
// run once, a task's failure reaching the caller after the others stopped.
void TestLinters::runsSideBySideInOrder() {
    std::atomic<int> runs = 0;
    const std::vector<int> squares = sideBySide<int>(50, [&runs](std::size_t i) {
        ++runs;
        return static_cast<int>(i * i);
    });
    QCOMPARE(runs.load(), 50);
    QCOMPARE(squares.size(), std::size_t(50));
    QCOMPARE(squares[7], 49);
    QCOMPARE(squares[49], 2401);
    QVERIFY(sideBySide<int>(0, [](std::size_t) { return 1; }).empty());
    bool thrown = false;
    try {
        sideBySide<int>(20, [](std::size_t i) {
            if (i == 13)
                throw std::runtime_error("task 13");
            return 0;
        });
    } catch (const std::runtime_error& e) {
        thrown = QByteArray(e.what()) == "task 13";
    }
    QVERIFY(thrown);
}

// unfused-scale: a Scale after a convolution (the fixture's scale_float reads conv_fp16_tc_ok's
// output) is one its weights could take; ControlNet's 27 Scales after InstanceNormalization
// plugins (a GroupNorm's affine part) are not.
void TestLinters::scaleNeedsWeightsToTakeIt() {
    const auto found = findingsOn(lintPlan(loadPlan(fixturePath("lint.graph.json"))), "scale_float",
                                  "unfused-scale");
    QCOMPARE(found.size(), std::size_t(1));
    QVERIFY2(found[0].hazard.contains("after a Convolution layer"), qPrintable(found[0].hazard));
    QCOMPARE(found[0].details.at(1), (std::pair<QString, QString>("after", "conv_fp16_tc_ok")));
    const auto controlNet = lintPlan(loadPlan(
        dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json")));
    QCOMPARE(std::count_if(controlNet.begin(), controlNet.end(),
                           [](const LintFinding& f) { return f.rule == "unfused-scale"; }),
             0);
}

void TestLinters::normalizationStatisticsAreNoFallback_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<bool>("statistics");
    QTest::newRow("Myelin, spelled out") << "__myl_MeanSubMulMeanMulMulAddSqrtDivMul_myl0_3"
                                         << "kgen"
                                         << "" << true;
    QTest::newRow("Myelin, three letters") << "__myl_AddCasMea_myl0_4"
                                           << "kgen"
                                           << "" << true;
    QTest::newRow("Myelin instance norm") << "__myl_InorMulAdd_myl1_2"
                                          << "kgen"
                                          << "" << true;
    QTest::newRow("Myelin element-wise") << "__myl_MulAddCast_myl0_5"
                                         << "kgen"
                                         << "" << false;
    QTest::newRow("ReduceMean in Metadata") << "__myl_Redu_myl0_6"
                                            << "kgen"
                                            << "[ONNX Layer: /blocks.0/norm/ReduceMean_1]" << true;
    QTest::newRow("Myelin name beside Metadata") << "__myl_Mean_myl0_7"
                                                 << "kgen"
                                                 << "[ONNX Layer: /blocks.0/Add]" << true;
    QTest::newRow("plugin by name") << "/middle_block/out_layers.0/InstanceNormalization"
                                    << "PluginV2"
                                    << "" << true;
    QTest::newRow("TensorRT's Normalization") << "norm"
                                              << "Normalization"
                                              << "" << true;
    QTest::newRow("inference BatchNormalization") << "/bn/BatchNormalization"
                                                  << "Scale"
                                                  << "" << false;
    QTest::newRow("a convolution") << "/conv/Conv + /relu/Relu"
                                   << "Convolution"
                                   << "" << false;
}

void TestLinters::normalizationStatisticsAreNoFallback() {
    QFETCH(QString, name);
    QFETCH(QString, type);
    QFETCH(QString, metadata);
    QFETCH(bool, statistics);
    Layer layer;
    layer.name = name;
    layer.type = type;
    layer.metadata = metadata;
    QCOMPARE(computesNormalizationStatistics(layer), statistics);
}

// ControlNet's FP16 engine keeps two InstanceNormalization plugins in FP32 on purpose: the
// FP32 Adds and Scales after them are the fallbacks.
void TestLinters::controlNetsNormalizationsAreNoFallback() {
    const EnginePlan plan = loadPlan(
        dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json"));
    QStringList types;
    for (const LintFinding& f : lintPlan(plan))
        if (f.rule == "precision-fallback")
            types << plan.layers[std::size_t(f.layerIndex)].type;
    types.sort();
    QCOMPARE(types, (QStringList{"ElementWise", "ElementWise", "Scale", "Scale"}));
}

void TestLinters::keepsEveryFindingOfALayer() {
    const EnginePlan plan = loadPlan(fixturePath("lint.graph.json"));
    const auto all = lintPlan(plan, trexRulesOnly());
    int onLayer = 0;
    for (const LintFinding& f : all)
        onLayer += f.layerName == "conv_int8_float_out_unaligned" ? 1 : 0;
    QCOMPARE(onLayer, 2); // trex would keep only the last one
    QCOMPARE(int(all.size()), 8);
}

void TestLinters::explainsSmallInputChannels() {
    const EnginePlan plan = loadPlan(fixturePath("lint.graph.json"));
    const auto found =
        findingsOn(lintPlan(plan), "conv_fp16_small_unaligned", "conv-not-accelerated");
    QCOMPARE(found.size(), std::size_t(1));
    QVERIFY2(found[0].mitigation.contains("small number of input channels"),
             qPrintable(found[0].mitigation));
}

// conv-not-accelerated on the real plans: a non-FP32 convolution is flagged when its kernel's
// name decodes to CUDA-core math, and not when it decodes to Tensor Cores or does not say.
// trex's substring rule ("imma|hmma|xmma|i88|884") flags the FP16 ResNet's 7 Ampere HMMA
// kernels (h16816cudnn) and passes the SIMT kernels of xmma.
void TestLinters::judgesTensorCoresByKernelName_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<int>("trexFindings");
    QTest::addColumn<QStringList>("flagged"); // the flagged layers' kernels
    QTest::newRow("resnet fp16") << "trex/resnet-a100/fp16/resnet.onnx.engine" << 7
                                 << QStringList();
    QTest::newRow("resnet fp32") << "trex/resnet-a100/fp32/resnet.onnx.engine" << 0
                                 << QStringList();
    QTest::newRow("resnet qat") << "trex/resnet-a100/qat/resnet-qat.onnx.engine" << 1
                                << QStringList{
                                       "ampere_fp32_icudnn_int8x4_128x64_relu_medium_nn_v1"};
    // trex also flags the 17 depthwise convolutions TensorRT runs without a kernel name.
    QTest::newRow("mobilenet qat")
        << "trex/mobilenet/mobilenet.qat.onnx.engine" << 18
        << QStringList{"volta_int8x4_icudnn_int8x4_128x32_relu_xregs_medium_c32_nn_v1",
                       "sm70_xmma_fprop_conv1x1_i8f32_f32_f32_nchw_vect_c_4kcrs_vect_c_4_nchw_simt_"
                       "small_batch_bias_relu"};
    // trex flags 16 HMMA GEMMs (h16816gemm) and passes the two SIMT ones and the sm50 GEMV.
    QTest::newRow("controlnet")
        << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json" << 16
        << QStringList{"sm70_xmma_gemm_as_conv1x1_f16f16_f16_f16_tn_n_simt_small_batch_bias_relu",
                       "sm50_xmma_cublas_gemvx_f16f16_f32_f32_tn_n_int32_unit_n_launch_"
                       "param16x32x32_strided_unit_stride",
                       "sm70_xmma_gemm_as_conv1x1_f16f16_f16_f16_tn_n_simt_small_batch_bias_relu"};
    // Three INT8 small-K xmma kernels do not say where their math runs: not flagged.
    QTest::newRow("aeb-bev") << "realworld/aeb-bev-trt86/layers_.json" << 1
                             << QStringList{"ampere_int8x4_icudnn_int8x4_128x32_relu_interior_c32_"
                                            "nn_v1"};
    QTest::newRow("alexnet fp16") << "realworld/alexnet-trt10-rtx3060/alexnet_fp16" << 0
                                  << QStringList();
}

void TestLinters::judgesTensorCoresByKernelName() {
    QFETCH(QString, plan);
    QFETCH(QStringList, flagged);
    const EnginePlan loaded = loadPlan(dataPath(plan));
    QStringList kernels;
    for (const LintFinding& f : lintPlan(loaded))
        if (f.rule == QLatin1String("conv-not-accelerated")) {
            kernels << detail(f, "tactic");
            QVERIFY2(detail(f, "kernel").startsWith("CUDA cores"), qPrintable(detail(f, "kernel")));
            QVERIFY2(f.hazard.startsWith("Convolution is not accelerated: its kernel "),
                     qPrintable(f.hazard));
        }
    QCOMPARE(kernels, flagged);
    // What trex's rule finds on the same plan (its convolutions: type Convolution), to show where
    // the two part.
    static const QRegularExpression trexAccelerated("imma|hmma|xmma|i88|884");
    int trex = 0;
    for (const Layer& layer : loaded.layers)
        trex += layer.type == QLatin1String("Convolution") && layer.precision != "FP32" &&
                !trexAccelerated.match(layer.tactic).hasMatch();
    QTEST(trex, "trexFindings");
}

void TestLinters::saysWhatTheKernelDecodesTo() {
    const auto found = findingsOn(lintPlan(loadPlan(fixturePath("lint.graph.json"))),
                                  "conv_fp16_small_unaligned", "conv-not-accelerated");
    QCOMPARE(found.size(), std::size_t(1));
    QCOMPARE(found[0].hazard,
             QString("Convolution is not accelerated: its kernel runs SIMT math on "
                     "CUDA cores (\"simt\" in its name), not on Tensor Cores."));
    QCOMPARE(detail(found[0], "kernel"), QString("CUDA cores: SIMT"));

    const auto gemv = findingsOn(
        lintPlan(loadPlan(dataPath(
            "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json"))),
        "/time_embed/time_embed.2/Gemm", "conv-not-accelerated");
    QCOMPARE(gemv.size(), std::size_t(1));
    QCOMPARE(gemv[0].hazard,
             QString("Convolution is not accelerated: its kernel is built for sm50, "
                     "which has no Tensor Cores."));
    QVERIFY2(gemv[0].mitigation.contains("larger batch"), qPrintable(gemv[0].mitigation));
}

void TestLinters::flagsMobileNetQuantize() {
    const EnginePlan plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    const auto all = lintPlan(plan);
    const auto found = findingsOn(all, "QuantizeLinear_2", "reformat-type-conversion");
    QCOMPARE(found.size(), std::size_t(1));
    QCOMPARE(detail(found[0], "type conversion"), QString("FP32 -> INT8"));
    QCOMPARE(detail(found[0], "origin"), QString("QDQ"));
    QCOMPARE(found[0].layerIndex, 0);
    int reformats = 0;
    for (const LintFinding& f : all)
        reformats += f.rule == "reformat-type-conversion" ? 1 : 0;
    QCOMPARE(reformats, 17);
}

void TestLinters::listsStableRules() {
    QStringList rules;
    for (const auto& linter : standardLinters())
        rules << linter->rules();
    QCOMPARE(rules, QStringList({"conv-not-accelerated", "conv-int8-float-output",
                                 "conv-channel-alignment", "reformat-type-conversion",
                                 "slice-type-conversion", "unfused-qdq", "conv-nonstandard-padding",
                                 "unfused-scale", "shuffle-costly", "unquantized-residual",
                                 "precision-fallback", "small-batch", "weights-sparsity",
                                 "sparse-kernel-mismatch"}));
    QCOMPARE(standardRules(),
             rules + QStringList({"sparse-ready-dense-kernel", "quantized-outlier-channel"}));
    QCOMPARE(modelWeightRules(), standardRules().mid(rules.size()));
}

// The rules that read the ONNX model's weights, on weights planted on real plans' layers: 2:4-ready
// weights on dense kernels of a GPU with sparse Tensor Cores (the A100's ResNet; not MobileNet's
// TITAN RTX, compute capability 7.5), an outlier channel on INT8 layers (not on an FP32 one).
void TestLinters::findsModelWeightRules_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<int>("layer");
    QTest::addColumn<bool>("outlier"); // planted: the outlier channel, else two zeros in four
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("detail"); // the first detail's value
    const QString resnet = "trex/resnet-a100/qat/resnet-qat.onnx.engine";
    const QString mobilenet = "trex/mobilenet/mobilenet.qat.onnx.engine";
    const QString sparse = "sparse-ready-dense-kernel";
    const QString outlier = "quantized-outlier-channel";
    QTest::newRow("xmma int8 dense, A100") << resnet << 5 << false << sparse << 1 << "100.0 %";
    QTest::newRow("cuDNN int8x4 dense, A100") << resnet << 1 << false << sparse << 1 << "100.0 %";
    QTest::newRow("not 2:4-ready") << resnet << 5 << true << sparse << 0 << "";
    QTest::newRow("no kernel name (pooling)") << resnet << 2 << false << sparse << 0 << "";
    QTest::newRow("TITAN RTX, no sparse cores") << mobilenet << 1 << false << sparse << 0 << "";
    QTest::newRow("int8 outlier") << resnet << 5 << true << outlier << 1 << "50.0";
    QTest::newRow("int8 outlier, TITAN RTX") << mobilenet << 1 << true << outlier << 1 << "50.0";
    QTest::newRow("fp32 outlier") << resnet << 2 << true << outlier << 0 << "";
    QTest::newRow("int8 without outlier") << resnet << 5 << false << outlier << 0 << "";
}

void TestLinters::findsModelWeightRules() {
    QFETCH(QString, plan);
    QFETCH(int, layer);
    QFETCH(bool, outlier);
    QFETCH(QString, rule);
    QFETCH(int, count);
    QFETCH(QString, detail);
    const EnginePlan loaded = loadPlan(dataPath(plan));
    const auto weights = test::plantedModel(
        {test::plantedLayer(layer, outlier ? test::outlierChannel() : test::twoOfFourZeros())});
    std::vector<LintFinding> found;
    lintModelWeights(loaded, *weights, {}, found);
    found = findingsOn(found, loaded.layers[std::size_t(layer)].name, rule);
    QCOMPARE(int(found.size()), count);
    for (const LintFinding& f : found) {
        QCOMPARE(f.severity, Severity::Warning);
        QCOMPARE(f.layerIndex, layer);
        QVERIFY(!f.hazard.isEmpty() && !f.mitigation.isEmpty() && !f.help.isEmpty());
        QCOMPARE(f.details.front().second, detail);
    }
    if (count == 0)
        return;
    LintSettings off; // a rule turned off finds nothing
    off.disabled.insert(rule);
    std::vector<LintFinding> none;
    lintModelWeights(loaded, *weights, off, none);
    QCOMPARE(int(findingsOn(none, loaded.layers[std::size_t(layer)].name, rule).size()), 0);
    if (rule == "sparse-ready-dense-kernel")
        QCOMPARE(found.front().details[1].second, QString("8.0"));
}

void TestLinters::findsNewRulesOnFixture_data() {
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("count");
    QTest::addColumn<Severity>("severity");
    const Severity w = Severity::Warning;
    QTest::newRow("same padding") << "conv_pad_same"
                                  << "conv-nonstandard-padding" << 0 << w;
    QTest::newRow("valid 3x3") << "conv_pad_valid"
                               << "conv-nonstandard-padding" << 1 << w;
    QTest::newRow("asymmetric") << "conv_pad_asymmetric"
                                << "conv-nonstandard-padding" << 1 << w;
    QTest::newRow("7x7 stride 2") << "conv_7x7_stride2"
                                  << "conv-nonstandard-padding" << 0 << w;
    QTest::newRow("7x7 pad 2") << "conv_7x7_pad2"
                               << "conv-nonstandard-padding" << 1 << w;
    QTest::newRow("batch norm") << "scale_batchnorm"
                                << "unfused-scale" << 1 << w;
    QTest::newRow("batch norm is no Q/DQ") << "scale_batchnorm"
                                           << "unfused-qdq" << 0 << w;
    QTest::newRow("slow shuffle") << "shuffle_slow"
                                  << "shuffle-costly" << 1 << w;
    QTest::newRow("fast shuffle") << "shuffle_fast"
                                  << "shuffle-costly" << 0 << w;
    QTest::newRow("casting shuffle") << "shuffle_cast"
                                     << "shuffle-costly" << 1 << w;
    QTest::newRow("float residual") << "conv_int8_float_residual"
                                    << "unquantized-residual" << 1 << w;
    QTest::newRow("quantize for residual") << "reformat_quantize_in"
                                           << "unquantized-residual" << 1 << w;
    QTest::newRow("requantize residual output") << "reformat_requantize"
                                                << "unquantized-residual" << 1 << w;
    QTest::newRow("int8 residual") << "conv_int8_int8_residual"
                                   << "unquantized-residual" << 0 << w;
    QTest::newRow("dequantize at the end") << "reformat_dequantize"
                                           << "unquantized-residual" << 0 << w;
    QTest::newRow("fp32 pooling") << "pool_fp32"
                                  << "precision-fallback" << 1 << w;
    QTest::newRow("fp32 reformat") << "reformat_dequantize"
                                   << "precision-fallback" << 0 << w;
    QTest::newRow("batch 1") << "conv_pad_same"
                             << "small-batch" << 1 << Severity::Info;
    QTest::newRow("sparse") << "conv_sparse"
                            << "weights-sparsity" << 1 << Severity::Info;
    QTest::newRow("dense") << "conv_pad_same"
                           << "weights-sparsity" << 0 << Severity::Info;
}

void TestLinters::findsNewRulesOnFixture() {
    QFETCH(QString, layer);
    QFETCH(QString, rule);
    QFETCH(int, count);
    QFETCH(Severity, severity);
    const EnginePlan plan = loadPlan(fixturePath("lint-rules.graph.json"));
    const auto found = findingsOn(lintPlan(plan), layer, rule);
    QCOMPARE(int(found.size()), count);
    for (const LintFinding& f : found) {
        QCOMPARE(f.severity, severity);
        QVERIFY(!f.hazard.isEmpty() && !f.mitigation.isEmpty() && !f.help.isEmpty());
        QCOMPARE(plan.layers[f.layerIndex].name, layer); // every finding links to its layer
    }
}

// Sparse weights on a dense kernel, a sparse kernel on 64 input channels: findings; a sparse
// kernel on 256 channels each way, and a kernel name no grammar reads: none.
void TestLinters::findsSparseKernelMismatches_data() {
    QTest::addColumn<QString>("layer");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("hazard");
    QTest::newRow("dense kernel") << "sparse_weights_dense_kernel" << 1 << "runs a dense kernel";
    QTest::newRow("narrow sparse") << "sparse_kernel_small" << 1 << "64 input and 256 output";
    QTest::newRow("wide sparse") << "sparse_kernel_large" << 0 << "";
    QTest::newRow("unknown kernel") << "sparse_weights_unknown_kernel" << 0 << "";
}

void TestLinters::findsSparseKernelMismatches() {
    QFETCH(QString, layer);
    QFETCH(int, count);
    QFETCH(QString, hazard);
    const EnginePlan plan = loadPlan(fixturePath("sparse-kernels.graph.json"));
    const auto found = findingsOn(lintPlan(plan), layer, "sparse-kernel-mismatch");
    QCOMPARE(int(found.size()), count);
    for (const LintFinding& f : found) {
        QCOMPARE(f.severity, Severity::Warning);
        QVERIFY2(f.hazard.contains(hazard), qPrintable(f.hazard));
    }
}

void TestLinters::countsNewRulesOnFixture() {
    const EnginePlan plan = loadPlan(fixturePath("lint-rules.graph.json"));
    const auto all = lintPlan(plan);
    QCOMPARE(countOf(all, "conv-nonstandard-padding"), 3);
    QCOMPARE(countOf(all, "unfused-scale"), 1);
    QCOMPARE(countOf(all, "shuffle-costly"), 2);
    QCOMPARE(countOf(all, "unquantized-residual"), 3);
    QCOMPARE(countOf(all, "precision-fallback"), 1);
    QCOMPARE(countOf(all, "small-batch"), 1);
    QCOMPARE(countOf(all, "weights-sparsity"), 1);
    const auto batch = std::find_if(all.begin(), all.end(),
                                    [](const LintFinding& f) { return f.rule == "small-batch"; });
    QCOMPARE(detail(*batch, "latency-bound layers"), QString("2 of 17"));
    const auto padding = findingsOn(all, "conv_7x7_pad2", "conv-nonstandard-padding");
    QCOMPARE(detail(padding[0], "expected"), QString("[3,3]"));
    QVERIFY(padding[0].hazard.contains("expected [3,3]"));
}

void TestLinters::lintsOnlyTheLayersAskedFor_data() {
    QTest::addColumn<QString>("plan");
    QTest::newRow("ResNet QAT") << "trex/resnet-a100/qat";
    QTest::newRow("ResNet QAT residual") << "trex/resnet-a100/qat-residual";
    QTest::newRow("MobileNet QAT") << "trex/mobilenet/mobilenet.qat.onnx.engine";
    QTest::newRow("ControlNet") << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/"
                                   "layerinfo.json";
}

// Linting some layers (an export of part of the graph) finds on them exactly what linting the
// whole plan finds on them, in the same order.
void TestLinters::lintsOnlyTheLayersAskedFor() {
    QFETCH(QString, plan);
    const EnginePlan loaded = loadPlan(dataPath(plan));
    const auto describe = [](const std::vector<LintFinding>& findings) {
        QStringList lines;
        for (const LintFinding& f : findings)
            lines
                << QString("%1 %2 %3 %4").arg(f.rule).arg(f.layerIndex).arg(f.hazard, f.mitigation);
        return lines;
    };
    const std::vector<LintFinding> all = lintPlan(loaded);
    QVERIFY(!all.empty());
    for (int every : {2, 3, 7}) {
        LintSettings some;
        some.onlyLayers.emplace();
        for (std::size_t i = 0; i < loaded.layers.size(); i += every)
            some.onlyLayers->insert(int(i));
        some.onlyLayers->insert(-1); // as a drawn graph's nodes of no layer ask
        some.onlyLayers->insert(int(loaded.layers.size()) + 5);
        std::vector<LintFinding> expected;
        for (const LintFinding& f : all)
            if (some.onlyLayers->contains(f.layerIndex))
                expected.push_back(f);
        QCOMPARE(describe(lintPlan(loaded, some)), describe(expected));
    }
}

void TestLinters::followsSettings() {
    const EnginePlan plan = loadPlan(fixturePath("lint-rules.graph.json"));
    LintSettings settings;
    settings.setThreshold("shuffle-percent=10");
    QVERIFY(findingsOn(lintPlan(plan, settings), "shuffle_slow", "shuffle-costly").empty());
    settings.setThreshold("small-batch=0");
    QCOMPARE(countOf(lintPlan(plan, settings), "small-batch"), 0);
    settings.setThreshold("fallback-min-percent=20");
    QCOMPARE(countOf(lintPlan(plan, settings), "precision-fallback"), 0);
    settings.disabled = {"unquantized-residual", "conv-nonstandard-padding"};
    const auto all = lintPlan(plan, settings);
    QCOMPARE(countOf(all, "unquantized-residual"), 0);
    QCOMPARE(countOf(all, "conv-nonstandard-padding"), 0);
    QCOMPARE(countOf(all, "unfused-scale"), 1);
}

// A strongly typed engine (TensorRT 11's only mode) runs the types its network gives: an FP32
// layer there is no fallback. The same layer in an engine built for FP16 is one.
void TestLinters::stronglyTypedHasNoFallback() {
    EnginePlan plan = loadPlan(fixturePath("lint-rules.graph.json"));
    plan.metadata.builder["Precision"] = "FP32+FP16";
    QCOMPARE(countOf(lintPlan(plan, LintSettings()), "precision-fallback"), 1);
    plan.metadata.builder["Precision"] = "Strongly Typed";
    QCOMPARE(countOf(lintPlan(plan, LintSettings()), "precision-fallback"), 0);
}

void TestLinters::refusesBadThresholds() {
    LintSettings settings;
    for (const char* bad : {"shuffle-percent", "shuffle-percent=x", "nonsense=3", "small-batch=-1"})
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, settings.setThreshold(bad));
    QCOMPARE(settings.shufflePercent, 2.0);
}

// The QAT ResNet plans in shared/data, checked by hand: "qat" keeps the skip connections in
// FP16, so each of the 8 residual adds runs on a float input beside its INT8 convolution and a
// Reformat quantizes the add's output again (16 findings; the engine has 12 Reformats against
// 3 in "qat-residual"). "qat-residual" quantizes all but the last block, whose FP32 skip input
// needs a dequantizing Reformat (2 findings); "qat-residual-qgap" quantizes that one too.
// MobileNet v2 tells the same story (25 findings, none once the residuals are quantized).
// The final fully-connected layer of every QAT plan is an INT8 convolution with 1000 outputs
// (not a multiple of 16). Its exported output is [N, 1000, 1, 1]; a folded NoOp reshapes it to
// the [N, 1000] binding, which must not hide the finding (trex reads the exported tensors).
void TestLinters::checksFullyConnectedAlignment_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("layer"); // how the fc layer's name begins
    QTest::newRow("resnet qat") << "trex/resnet-a100/qat/resnet-qat.onnx.engine"
                                << "fc.weight + QuantizeLinear_255 + Gemm_257 + ";
    QTest::newRow("resnet qat-residual")
        << "trex/resnet-a100/qat-residual/resnet-qat-residual.onnx.engine"
        << "fc.weight + QuantizeLinear_303 + Gemm_305 + ";
    QTest::newRow("resnet qat-residual-qgap")
        << "trex/resnet-a100/qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine"
        << "fc.weight + QuantizeLinear_309 + Gemm_311 + ";
    QTest::newRow("mobilenet qat") << "trex/mobilenet/mobilenet.qat.onnx.engine"
                                   << "classifier.1.weight + QuantizeLinear_860 + Gemm_864 + ";
    QTest::newRow("mobilenet residuals")
        << "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine"
        << "classifier.1.weight + QuantizeLinear_762 + Gemm_764 + ";
}

void TestLinters::checksFullyConnectedAlignment() {
    QFETCH(QString, plan);
    QFETCH(QString, layer);
    const auto findings = lintPlan(loadPlan(dataPath(plan)));
    std::vector<LintFinding> fc;
    for (const LintFinding& f : findings)
        if (f.layerName.startsWith(layer) && f.rule == "conv-channel-alignment")
            fc.push_back(f);
    QCOMPARE(fc.size(), std::size_t(1));
    QCOMPARE(fc[0].hazard, QString("Convolution channels are not optimally aligned."));
}

void TestLinters::findsQatResidualOnResNet() {
    const QString resnet = QStringLiteral("trex/resnet-a100/%1/resnet-%1.onnx.engine");
    const auto qat = lintPlan(loadPlan(dataPath(resnet.arg("qat"))));
    QCOMPARE(countOf(qat, "unquantized-residual"), 16);
    const auto add =
        findingsOn(qat, "layer1.0.conv2.weight + QuantizeLinear_32 + Conv_34 + Add_36 + Relu_37",
                   "unquantized-residual");
    QCOMPARE(add.size(), std::size_t(1));
    QVERIFY(add[0].hazard.contains("FP16 skip connection"));
    for (const char* reformat : {"QuantizeLinear_15", "QuantizeLinear_40", "QuantizeLinear_223"})
        QCOMPARE(findingsOn(qat, reformat, "unquantized-residual").size(), std::size_t(1));
    QCOMPARE(findingsOn(qat, "MaxPool_12", "precision-fallback").size(), std::size_t(1));

    const auto residual = lintPlan(loadPlan(dataPath(resnet.arg("qat-residual"))));
    QCOMPARE(countOf(residual, "unquantized-residual"), 2);
    QCOMPARE(findingsOn(residual, "DequantizeLinear_291", "unquantized-residual").size(),
             std::size_t(1));
    QCOMPARE(findingsOn(residual, "GlobalAveragePool_294", "precision-fallback").size(),
             std::size_t(1));
    const auto qgap = lintPlan(loadPlan(dataPath(resnet.arg("qat-residual-qgap"))));
    QCOMPARE(countOf(qgap, "unquantized-residual"), 0);
    QCOMPARE(countOf(qgap, "precision-fallback"), 0);

    const QString mobilenet = QStringLiteral("trex/mobilenet/%1.qat.onnx.engine");
    QCOMPARE(
        countOf(lintPlan(loadPlan(dataPath(mobilenet.arg("mobilenet")))), "unquantized-residual"),
        25);
    QCOMPARE(countOf(lintPlan(loadPlan(dataPath(mobilenet.arg("mobilenet_v2_residuals")))),
                     "unquantized-residual"),
             0);
}

void TestLinters::staysQuietWhereNothingIsWrong_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("rule");
    QTest::newRow("fp32 engine has no fallback") << "trex/resnet-a100/fp32/resnet.onnx.engine"
                                                 << "precision-fallback";
    QTest::newRow("batch 32 is not small") << "trex/resnet-a100/fp16/resnet.onnx.engine"
                                           << "small-batch";
    QTest::newRow("resnet pads as it should") << "trex/resnet-a100/fp16/resnet.onnx.engine"
                                              << "conv-nonstandard-padding";
    QTest::newRow("fp16 engine has no quantized residual")
        << "trex/resnet-a100/fp16/resnet.onnx.engine"
        << "unquantized-residual";
    QTest::newRow("dense weights") << "trex/mobilenet/mobilenet.qat.onnx.engine"
                                   << "weights-sparsity";
}

void TestLinters::staysQuietWhereNothingIsWrong() {
    QFETCH(QString, plan);
    QFETCH(QString, rule);
    QCOMPARE(countOf(lintPlan(loadPlan(dataPath(plan))), rule), 0);
}

PLANSCOPE_TEST_MAIN(TestLinters, QCoreApplication)
#include "tst_linters.moc"
