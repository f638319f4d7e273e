#include "Linter.h"
#include "PlanLoader.h"
#include "TestSupport.h"

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
    void findsOnFixture_data();
    void findsOnFixture();
    void keepsEveryFindingOfALayer();
    void explainsSmallInputChannels();
    void flagsMobileNetQuantize();
    void listsStableRules();
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
    QTest::newRow("generic fp16 conv") << "conv_fp16_small_unaligned"
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
                                << "slice-type-conversion" << 1 << "Int8 -> FP32";
    QTest::newRow("quantize") << "scale_quantize"
                              << "unfused-qdq" << 1 << "FP32 -> Int8";
    QTest::newRow("dequantize") << "scale_dequantize"
                                << "unfused-qdq" << 1 << "Int8 -> FP16";
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

void TestLinters::keepsEveryFindingOfALayer() {
    const EnginePlan plan = loadPlan(fixturePath("lint.graph.json"));
    const auto all = lintPlan(plan);
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

void TestLinters::flagsMobileNetQuantize() {
    const EnginePlan plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    const auto all = lintPlan(plan);
    const auto found = findingsOn(all, "QuantizeLinear_2", "reformat-type-conversion");
    QCOMPARE(found.size(), std::size_t(1));
    QCOMPARE(detail(found[0], "type conversion"), QString("FP32 -> Int8"));
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
                                 "slice-type-conversion", "unfused-qdq"}));
}

PLANSCOPE_TEST_MAIN(TestLinters, QCoreApplication)
#include "tst_linters.moc"
