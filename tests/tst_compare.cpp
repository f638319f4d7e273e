#include "LayerMatching.h"
#include "PlanComparison.h"
#include "PlanLoader.h"
#include "TestSupport.h"

#include <QSet>

using namespace planscope;
using planscope::test::dataPath;

class TestCompare : public QObject {
    Q_OBJECT
  private slots:
    void matchesTrexOnMobileNet();
    void matchesEveryLayerOnce_data();
    void matchesEveryLayerOnce();
    void comparesResNetPrecisions();
    void matchesSwappedPointWiseInputs();
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

PLANSCOPE_TEST_MAIN(TestCompare, QCoreApplication)
#include "tst_compare.moc"
