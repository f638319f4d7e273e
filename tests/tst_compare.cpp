#include "TestSupport.h"
#include "charts/CompareCharts.h"
#include "compare/LayerMatching.h"
#include "compare/PlanComparison.h"
#include "compare/PlanLabels.h"
#include "io/PlanLoader.h"
#include "plan/PlanError.h"

#include <QSet>

using namespace planscope;
using planscope::test::dataPath;

class TestCompare : public QObject {
    Q_OBJECT
  private slots:
    void matchesTrexOnMobileNet();
    void matchesTrexOnResNet_data();
    void matchesTrexOnResNet();
    void matchesEveryLayerOnce_data();
    void matchesEveryLayerOnce();
    void comparesResNetPrecisions();
    void matchesSwappedPointWiseInputs();
    void chartsAcrossPlans();
    void labelsPlansByWhatTellsThemApart();
};

void TestCompare::matchesTrexOnMobileNet() {
    const EnginePlan a = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    const EnginePlan b =
        loadPlan(dataPath("trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine"));
    const auto pairs = matchLayers(a, b, true);
    QCOMPARE(pairs.size(), std::size_t(72));
    // trex's own test: the pairs begin and end so.
    const std::vector<LayerPair> begin = {{0, 0},  {1, 1},   {2, 2},  {3, 3},  {4, 4},
                                          {5, 5},  {6, 6},   {8, 7},  {7, -1}, {9, 8},
                                          {10, 9}, {12, 10}, {11, -1}};
    QVERIFY(std::equal(begin.begin(), begin.end(), pairs.begin()));
    QCOMPARE(pairs[70], (LayerPair{70, 55}));
    QCOMPARE(pairs[71], (LayerPair{71, 56}));
}

// trex's match_layers on these plans, exact and inexact alike. The last layers (the final
// Gemm, whose exported output is [32, 1000, 1, 1] behind a folded NoOp) align only when
// signatures use each layer's tensors as exported.
void TestCompare::matchesTrexOnResNet_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<std::vector<LayerPair>>("expected");
    const std::vector<LayerPair> fp32fp16 = {
        {0, 1},   {-1, 0},  {1, 2},   {3, 3},   {2, -1},  {4, 4},   {5, 5},   {6, 6},   {7, 7},
        {8, 8},   {9, 9},   {10, 10}, {11, 11}, {12, 12}, {13, 13}, {14, 14}, {15, 15}, {16, 16},
        {17, 17}, {18, 18}, {19, 19}, {20, 20}, {21, 21}, {22, 22}, {23, 23}, {-1, 24}};
    const std::vector<LayerPair> fp16qat = {
        {0, 0},   {1, 1},   {2, 2},   {-1, 3},  {3, 5},   {-1, 4},  {4, 6},   {-1, 7},  {5, 8},
        {6, 9},   {7, 11},  {-1, 10}, {8, 12},  {9, 13},  {10, 15}, {-1, 14}, {11, 16}, {-1, 17},
        {12, 18}, {13, 19}, {14, 20}, {-1, 21}, {15, 22}, {16, 23}, {17, 25}, {-1, 24}, {18, 26},
        {19, 27}, {20, 29}, {-1, 28}, {21, 30}, {-1, 31}, {22, 32}, {-1, 33}, {23, 34}, {24, -1}};
    QTest::newRow("fp32 fp16") << "trex/resnet-a100/fp32"
                               << "trex/resnet-a100/fp16" << fp32fp16;
    QTest::newRow("fp16 qat") << "trex/resnet-a100/fp16"
                              << "trex/resnet-a100/qat" << fp16qat;
}

void TestCompare::matchesTrexOnResNet() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(std::vector<LayerPair>, expected);
    const EnginePlan pa = loadPlan(dataPath(a));
    const EnginePlan pb = loadPlan(dataPath(b));
    QCOMPARE(matchLayers(pa, pb, true), expected);
    QCOMPARE(matchLayers(pa, pb, false), expected);
}

void TestCompare::matchesEveryLayerOnce_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("exact");
    QTest::newRow("mobilenet exact")
        << "trex/mobilenet/mobilenet.qat.onnx.engine"
        << "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine" << true;
    QTest::newRow("resnet fp32 fp16 inexact") << "trex/resnet-a100/fp32"
                                              << "trex/resnet-a100/fp16" << false;
    QTest::newRow("resnet fp16 qat") << "trex/resnet-a100/fp16"
                                     << "trex/resnet-a100/qat" << true;
}

void TestCompare::matchesEveryLayerOnce() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, exact);
    const EnginePlan pa = loadPlan(dataPath(a));
    const EnginePlan pb = loadPlan(dataPath(b));
    QSet<int> seenA;
    QSet<int> seenB;
    for (const LayerPair& p : matchLayers(pa, pb, exact)) {
        QVERIFY(p.a >= 0 || p.b >= 0);
        if (p.a >= 0) {
            QVERIFY(!seenA.contains(p.a));
            seenA.insert(p.a);
        }
        if (p.b >= 0) {
            QVERIFY(!seenB.contains(p.b));
            seenB.insert(p.b);
        }
        if (p.a >= 0 && p.b >= 0)
            QCOMPARE(pa.layers[std::size_t(p.a)].type, pb.layers[std::size_t(p.b)].type);
    }
    QCOMPARE(seenA.size(), qsizetype(pa.layers.size()));
    QCOMPARE(seenB.size(), qsizetype(pb.layers.size()));
}

void TestCompare::comparesResNetPrecisions() {
    const EnginePlan fp32 = loadPlan(dataPath("trex/resnet-a100/fp32"));
    const EnginePlan qat = loadPlan(dataPath("trex/resnet-a100/qat"));
    const auto rows = compareLayers(fp32, qat, matchLayers(fp32, qat, true));
    int fasterConvolutions = 0;
    int unmatched = 0;
    for (const LayerComparison& r : rows) {
        unmatched += (r.pair.a < 0 || r.pair.b < 0) ? 1 : 0;
        if (r.type == "Convolution" && r.speedup > 1.03)
            ++fasterConvolutions;
        if (r.pair.a >= 0 && r.pair.b >= 0 && r.type == "Convolution")
            QVERIFY(r.precisionMismatch); // FP32 against INT8
    }
    QVERIFY(fasterConvolutions >= 15); // INT8 convolutions beat FP32 ones
    QVERIFY(unmatched > 0);            // the Q/DQ Reformats have no FP32 counterpart
    QVERIFY(slowdownPercent(fp32, qat) < -40);
    QVERIFY(slowdownPercent(qat, fp32) > 90);
    const OrderedJson json = comparisonJson(fp32, qat, rows, true);
    QCOMPARE(json["pairs"].size(), rows.size());
    QVERIFY(json["speedup"].get<double>() > 1.9);
}

void TestCompare::matchesSwappedPointWiseInputs() {
    EnginePlan a;
    EnginePlan b;
    const auto tensor = [](std::vector<qint64> shape) {
        Tensor t;
        t.shape = std::move(shape);
        return t;
    };
    const auto pointwise = [&](std::vector<qint64> first, std::vector<qint64> second) {
        Layer l;
        l.type = "PointWise";
        l.inputs = {tensor(std::move(first)), tensor(std::move(second))};
        l.outputs = {tensor({1, 8})};
        return l;
    };
    a.layers = {pointwise({1, 8}, {1, 1})};
    b.layers = {pointwise({1, 1}, {1, 8})};
    QCOMPARE(matchLayers(a, b, true), (std::vector<LayerPair>{{0, 0}}));
}

void TestCompare::chartsAcrossPlans() {
    std::vector<EnginePlan> plans;
    for (const char* folder : {"fp32", "fp16", "qat"})
        plans.push_back(loadPlan(dataPath(QString("trex/resnet-a100/") + folder)));
    const charts::Plans pointers = {&plans[0], &plans[1], &plans[2]};
    const auto total = [](const charts::BarGroup& g) {
        double sum = 0;
        for (const charts::Mark& m : g.segments)
            sum += m.value;
        return sum;
    };
    const charts::Chart byType = charts::buildCompareChart(pointers, "compare-latency-by-type");
    QCOMPARE(byType.panels.front().bars.size(), std::size_t(3));
    QCOMPARE(byType.panels.front().bars[0].label, QString("fp32/resnet.onnx.engine"));
    for (std::size_t p = 0; p < 3; ++p)
        QVERIFY(qAbs(total(byType.panels.front().bars[p]) - plans[p].totalAverageMs().value()) <
                1e-9);
    const charts::Chart perBatch =
        charts::buildCompareChart(pointers, "compare-latency-by-type-per-batch");
    QVERIFY(qAbs(total(perBatch.panels.front().bars[0]) - plans[0].totalAverageMs().value() / 32) <
            1e-9); // batch 32
    const charts::Chart counts = charts::buildCompareChart(pointers, "compare-count-per-type");
    QCOMPARE(total(counts.panels.front().bars[2]), 35.0);
    QCOMPARE(charts::buildCompareChart(pointers, "compare-precision-counts").panels.size(),
             std::size_t(3));
    const charts::Chart aligned = charts::buildCompareChart(pointers, "compare-aligned-layers");
    const auto pairs = matchLayers(plans[0], plans[1], true);
    QCOMPARE(aligned.panels.size(), std::size_t(2));
    QCOMPARE(aligned.panels[0].bars.size(), pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) { // a gap where a plan has no counterpart
        QCOMPARE(aligned.panels[0].bars[i].segments.empty(), pairs[i].a < 0);
        QCOMPARE(aligned.panels[1].bars[i].segments.empty(), pairs[i].b < 0);
    }
    const charts::Chart throughput = charts::buildCompareChart(pointers, "compare-throughput");
    QCOMPARE(throughput.panels[0].bars.size(), std::size_t(3));
    QCOMPARE(throughput.panels[0].bars[0].segments[0].value, 499.294);
    try {
        charts::buildCompareChart(pointers, "nope");
        QFAIL("an unknown comparison chart should be refused");
    } catch (const PlanError& e) {
        QVERIFY(e.message().contains("--compare --list"));
    }
}

void TestCompare::labelsPlansByWhatTellsThemApart() {
    const EnginePlan fp32 = loadPlan(dataPath("trex/resnet-a100/fp32/resnet.onnx.engine"));
    const EnginePlan fp16 = loadPlan(dataPath("trex/resnet-a100/fp16"));
    const EnginePlan qat = loadPlan(dataPath("trex/resnet-a100/qat"));
    QCOMPARE(planLabels(fp32, fp16),
             QStringList({"fp32/resnet.onnx.engine", "fp16/resnet.onnx.engine"}));
    QCOMPARE(planLabels(fp16, qat), QStringList({"resnet.onnx.engine", "resnet-qat.onnx.engine"}));
    QCOMPARE(planLabels({&fp32, &fp16, &qat}),
             QStringList({"fp32/resnet.onnx.engine", "fp16/resnet.onnx.engine",
                          "qat/resnet-qat.onnx.engine"}));
    QCOMPARE(planLabels(fp16, fp16),
             QStringList({"resnet.onnx.engine (1)", "resnet.onnx.engine (2)"}));
}

PLANSCOPE_TEST_MAIN(TestCompare, QCoreApplication)
#include "tst_compare.moc"
