#include "TestSupport.h"
#include "charts/CompareCharts.h"
#include "compare/LayerMatching.h"
#include "compare/PairNames.h"
#include "compare/PlanComparison.h"
#include "compare/PlanLabels.h"
#include "compare/SummaryComparison.h"
#include "compare/UniformChange.h"
#include "io/PlanLoader.h"
#include "modules/ModuleComparison.h"
#include "plan/PlanError.h"

#include <QSet>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

class TestCompare : public QObject {
    Q_OBJECT
  private slots:
    void matchesTrexOnMobileNet();
    void flagsNoWeightsThePlanDoesNotGive();
    void matchesTrexOnResNet_data();
    void matchesTrexOnResNet();
    void matchesEveryLayerOnce_data();
    void matchesEveryLayerOnce();
    void comparesResNetPrecisions();
    void matchesSwappedPointWiseInputs();
    void chartsAcrossPlans();
    void labelsPlansByWhatTellsThemApart();
    void leavesOneSidedLayersWithoutLatency();
    void comparesPlanWithoutProfile();
    void leavesUnmeasuredLayerWithoutLatency();
    void summarizesPlansSideBySide();
    void ignoresOrderOfUnorderedLists_data();
    void ignoresOrderOfUnorderedLists();
    void marksPairsOfUnlikeLayers();
    void findsUniformChange_data();
    void findsUniformChange();
    void saysWhenEverythingChangedAlike();
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
        if (r.type == "Convolution" && r.speedup.value_or(0) > 1.03)
            ++fasterConvolutions;
        if (r.pair.a >= 0 && r.pair.b >= 0 && r.type == "Convolution")
            QVERIFY(r.precisionMismatch); // FP32 against INT8
    }
    QVERIFY(fasterConvolutions >= 15); // INT8 convolutions beat FP32 ones
    QVERIFY(unmatched > 0);            // the Q/DQ Reformats have no FP32 counterpart
    QVERIFY(slowdownPercent(fp32, qat).value() < -40);
    QVERIFY(slowdownPercent(qat, fp32).value() > 90);
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

// fp32 and fp16 each have Reformats the other lacks (trex's pairs [-1, 0], [2, -1], [-1, 24]):
// the missing side has no latency and the row no speedup, in the rows and in the JSON (null).
void TestCompare::leavesOneSidedLayersWithoutLatency() {
    const EnginePlan fp32 = loadPlan(dataPath("trex/resnet-a100/fp32"));
    const EnginePlan fp16 = loadPlan(dataPath("trex/resnet-a100/fp16"));
    const auto rows = compareLayers(fp32, fp16, matchLayers(fp32, fp16));
    const OrderedJson json = comparisonJson(fp32, fp16, rows, true);
    int oneSided = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const LayerComparison& r = rows[i];
        const OrderedJson& row = json["layers"][i];
        QCOMPARE(r.latencyA.has_value(), r.pair.a >= 0);
        QCOMPARE(r.latencyB.has_value(), r.pair.b >= 0);
        QCOMPARE(r.speedup.has_value(), r.pair.a >= 0 && r.pair.b >= 0);
        QCOMPARE(row["latency_a_ms"].is_null(), r.pair.a < 0);
        QCOMPARE(row["latency_b_ms"].is_null(), r.pair.b < 0);
        QCOMPARE(row["speedup"].is_null(), r.pair.a < 0 || r.pair.b < 0);
        oneSided += r.pair.a < 0 || r.pair.b < 0 ? 1 : 0;
    }
    QCOMPARE(oneSided, 3);
    QCOMPARE(json["layers"][1]["latency_b_ms"].get<double>(), 0.080896);
    QCOMPARE(json["layers"][4]["latency_a_ms"].get<double>(), 0.045056);
    QCOMPARE(QString::number(json["layers"][0]["speedup"].get<double>(), 'f', 3), QString("4.679"));
    QCOMPARE(QString::number(json["speedup"].get<double>(), 'f', 3), QString("2.089"));
}

// A plan without profile has no average time: no layer latencies, no speedups, null in JSON.
void TestCompare::comparesPlanWithoutProfile() {
    const EnginePlan fp32 = loadPlan(dataPath("trex/resnet-a100/fp32"));
    PlanSources graphOnly;
    graphOnly.graph = dataPath("trex/resnet-a100/fp16/resnet.onnx.engine.graph.json");
    const EnginePlan fp16 = loadPlan(graphOnly);
    QVERIFY(!fp16.hasProfile);
    QVERIFY(!fp16.totalAverageMs());
    QVERIFY(!planSpeedup(fp32, fp16) && !planSpeedup(fp16, fp32));
    QVERIFY(!slowdownPercent(fp32, fp16));
    const auto rows = compareLayers(fp32, fp16, matchLayers(fp32, fp16));
    QCOMPARE(rows.size(), std::size_t(26));
    for (const LayerComparison& r : rows) {
        QVERIFY(!r.latencyB && !r.speedup);
        QCOMPARE(r.latencyA.has_value(), r.pair.a >= 0);
    }
    const OrderedJson json = comparisonJson(fp32, fp16, rows, true);
    QVERIFY(json["speedup"].is_null());
    QVERIFY(json["slowdown_pct"].is_null());
    QVERIFY(json["layers"][0]["latency_b_ms"].is_null());
    QCOMPARE(json["layers"][0]["latency_a_ms"].get<double>(), 0.52224);
}

// A layer no profile record names (a partial profile) has no latency, though it has a match.
void TestCompare::leavesUnmeasuredLayerWithoutLatency() {
    LoadOptions partial;
    partial.profileJson = fixturePath("partial.profile.json");
    partial.allowPartialProfile = true; // 2 of 5 layers: another build's unless allowed
    const EnginePlan a = loadPlan(fixturePath("quirks.graph.json"), partial);
    const EnginePlan b = loadPlan(fixturePath("quirks.graph.json"));
    const auto rows = compareLayers(a, b, matchLayers(a, b));
    const auto dup = std::find_if(rows.begin(), rows.end(),
                                  [](const LayerComparison& r) { return r.nameA == "dup"; });
    QVERIFY(dup != rows.end());
    QVERIFY(dup->pair.a >= 0 && dup->pair.b >= 0);
    QVERIFY(!dup->latencyA && !dup->speedup);
    QCOMPARE(dup->latencyB.value(), 0.02);
    const auto up = std::find_if(rows.begin(), rows.end(),
                                 [](const LayerComparison& r) { return r.nameA == "up"; });
    QCOMPARE(up->speedup.value(), 0.5 / 0.05);
}

void TestCompare::summarizesPlansSideBySide() {
    const EnginePlan fp32 = loadPlan(dataPath("trex/resnet-a100/fp32"));
    const EnginePlan fp16 = loadPlan(dataPath("trex/resnet-a100/fp16"));
    PlanSources graphOnly;
    graphOnly.graph = dataPath("trex/resnet-a100/fp16/resnet.onnx.engine.graph.json");
    const EnginePlan unprofiled = loadPlan(graphOnly);
    const std::vector<SummaryRow> rows = summaryRows({&fp32, &fp16, &unprofiled});
    const auto row = [&](const QString& field) {
        const auto it = std::find_if(rows.begin(), rows.end(),
                                     [&](const SummaryRow& r) { return r.field == field; });
        return it == rows.end() ? SummaryRow() : *it;
    };
    QCOMPARE(rows[0].field, QString("Layers")); // the key rows first
    QVERIFY(rows[0].key && rows[1].key && rows[2].key && !rows[3].key);
    const SummaryRow layers = row("Layers");
    QCOMPARE(layers.text(0), QString("24"));
    QVERIFY(layers.differs(1));
    const SummaryRow time = row("Average time (ms)");
    QCOMPARE(time.text(0), QString("2.124"));
    QCOMPARE(time.text(2), QString("not measured"));
    QVERIFY(!time.differs(2)); // missing is not a value that differs
    const SummaryRow speedup = row("Speedup over A");
    QCOMPARE(speedup.text(0), QString("reference"));
    QCOMPARE(speedup.text(1), QString("2.089x"));
    QCOMPARE(speedup.text(2), QString("-"));
    QVERIFY(!speedup.compared);
    const SummaryRow precision = row("Precision (build)");
    QCOMPARE(precision.text(1), QString("FP32+FP16"));
    QVERIFY(precision.differs(1)); // FP32 against FP32+FP16
    QCOMPARE(row("Inputs").text(1), QString("input.1: [32, 3, 224, 224]xFP32 NCHW"));
    QVERIFY(!row("Inputs").differs(1));
    QVERIFY(row("Builder: avgTiming").detail);
    QCOMPARE(row("Performance: Throughput").text(1), QString("1155.36"));

    // The same plan with its options and warnings in another order: nothing differs.
    EnginePlan first = fp16;
    first.warnings = {"one", "two"};
    first.metadata.builder["Memory Pools"] = "workspace: default, dlaSRAM: default";
    EnginePlan second = first;
    second.warnings = {"two", "one"};
    second.metadata.builder["Precision"] = "FP16+FP32";
    second.metadata.builder["Memory Pools"] = "dlaSRAM: default, workspace: default";
    QStringList reordered;
    for (const SummaryRow& r : summaryRows({&first, &second})) {
        QVERIFY2(!r.compared || !r.differs(1), qPrintable(r.field));
        if (r.reordered(1))
            reordered << r.field;
    }
    QCOMPARE(reordered, QStringList({"Precision (build)", "Builder: Memory Pools",
                                     "Builder: Precision", "Warnings"}));
}

// Lists whose order means nothing (bindings, warnings, option values) are not flagged when only
// their order differs; a real change still is.
void TestCompare::ignoresOrderOfUnorderedLists_data() {
    QTest::addColumn<int>("unordered");
    QTest::addColumn<QStringList>("a");
    QTest::addColumn<QStringList>("b");
    QTest::addColumn<bool>("differs");
    QTest::addColumn<bool>("reordered");
    using U = SummaryRow::Unordered;
    const QStringList bindings = {"x: [1, 3]xFP32 NCHW", "y: [1, 8]xFP16 NCHW"};
    const QStringList swapped = {bindings[1], bindings[0]};
    QTest::newRow("inputs swapped") << int(U::Lines) << bindings << swapped << false << true;
    QTest::newRow("inputs changed")
        << int(U::Lines) << bindings << QStringList{"x: [3, 1]xFP32 NCHW", bindings[1]} << true
        << false;
    QTest::newRow("shape reordered is a change")
        << int(U::Lines) << QStringList{"x: [1, 3, 224, 224]"} << QStringList{"x: [1, 224, 3, 224]"}
        << true << false;
    QTest::newRow("ordered list reordered") << int(U::No) << bindings << swapped << true << false;
    QTest::newRow("precision flags")
        << int(U::Parts) << QStringList{"FP32+FP16"} << QStringList{"FP16+FP32"} << false << true;
    QTest::newRow("memory pools") << int(U::Parts)
                                  << QStringList{"workspace: default, dlaSRAM: default"}
                                  << QStringList{"dlaSRAM: default, workspace: default"} << false
                                  << true;
    QTest::newRow("memory pool changed")
        << int(U::Parts) << QStringList{"workspace: default, dlaSRAM: default"}
        << QStringList{"dlaSRAM: default, workspace: 1024"} << true << false;
    QTest::newRow("same") << int(U::Parts) << QStringList{"FP32"} << QStringList{"FP32"} << false
                          << false;
    QTest::newRow("missing") << int(U::No) << QStringList{"FP32"} << QStringList() << false
                             << false;
}

void TestCompare::ignoresOrderOfUnorderedLists() {
    QFETCH(int, unordered);
    QFETCH(QStringList, a);
    QFETCH(QStringList, b);
    QFETCH(bool, differs);
    QFETCH(bool, reordered);
    SummaryRow row;
    row.unordered = SummaryRow::Unordered(unordered);
    row.values = {a, b};
    QCOMPARE(row.differs(1), differs);
    QCOMPARE(row.reordered(1), reordered);
    QVERIFY(!row.differs(0));
}

// A plan whose layers give no weights shows "-" beside a plan's 0.0 or 45 MB, and no mark: the
// Blackwell plan read "0.0 *" against a plan whose layers did.
void TestCompare::flagsNoWeightsThePlanDoesNotGive() {
    const EnginePlan known = loadPlan(dataPath("realworld/aeb-bev-trt86/layers_.json"));
    const EnginePlan none = loadPlan(fixturePath("no-weights.graph.json"));
    for (const SummaryRow& row : summaryRows({&known, &none}))
        if (row.field == QLatin1String("Weights (MB)")) {
            QCOMPARE(row.text(0), QString("42.8 (2 layers export none)"));
            QCOMPARE(row.text(1), QString("-"));
            QVERIFY(!row.differs(1));
            return;
        }
    QFAIL("no weights row");
}

PLANSCOPE_TEST_MAIN(TestCompare, QCoreApplication)
// Pairs whose layers implement ONNX nodes of different names are marked; when more than a tenth
// of the pairs that can be compared are, the comparison says so on top. ControlNet's two commits:
// two Casts of alike shape in different blocks, 2 of 185 (no warning).
void TestCompare::marksPairsOfUnlikeLayers() {
    const QString pair = "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/";
    const EnginePlan a = loadPlan(dataPath(pair + "a/layerinfo.json"));
    EnginePlan b = loadPlan(dataPath(pair + "b/layerinfo.json"));
    const auto unlike = [](const std::vector<LayerComparison>& rows) {
        QStringList names;
        int compared = 0;
        for (const LayerComparison& r : rows) {
            compared += r.onnxNamesAgree ? 1 : 0;
            if (r.onnxNamesAgree == false)
                names << r.nameA + " | " + r.nameB;
        }
        return std::pair(compared, names);
    };
    const auto rows = compareLayers(a, b, matchLayers(a, b));
    const auto [compared, names] = unlike(rows);
    QCOMPARE(compared, 185);
    QCOMPARE(names, (QStringList{"/middle_block/middle_block.0/out_layers/out_layers.0/Cast_1 | "
                                 "/input_blocks.10/input_blocks.10.0/in_layers/in_layers.0/Cast_1",
                                 "/middle_block/middle_block.2/out_layers/out_layers.0/Cast_1 | "
                                 "/input_blocks.10/input_blocks.10.0/out_layers/out_layers.0/"
                                 "Cast_1"}));
    QVERIFY(unlikePairsWarning(rows).isEmpty());
    QCOMPARE(comparisonWarnings(a, b, rows).size(), 1); // the uniform change's only

    // B's convolutions renamed into another block: the matching (by type and shapes) pairs them
    // still, and 17 more pairs disagree.
    int renamed = 0;
    for (Layer& layer : b.layers)
        if (layer.type == "Convolution" && layer.name.startsWith("/input_blocks.") &&
            renamed < 17) {
            layer.name = "/elsewhere/conv_" + QString::number(renamed++) + "/Conv";
            layer.metadata.clear();
        }
    const auto moved = compareLayers(a, b, matchLayers(a, b));
    QCOMPARE(unlike(moved).second.size(), 19);
    const QString warning = unlikePairsWarning(moved);
    QVERIFY2(warning.startsWith("19 of 185 matched pairs pair layers of different ONNX nodes"),
             qPrintable(warning));
    QVERIFY(warning.contains("--by onnx") && warning.contains("--inexact"));
    QCOMPARE(comparisonWarnings(a, b, moved).size(), 2);
    QCOMPARE(comparisonWarnings(a, b, moved).front(), warning);
}

void TestCompare::findsUniformChange_data() {
    QTest::addColumn<QList<double>>("ratios"); // B's time over A's, A's times 1 ms
    QTest::addColumn<int>("changed");          // -1: no uniform change
    QTest::newRow("all twice as slow") << QList<double>{2, 2.1, 1.9, 2, 2.2, 1.8, 2, 2} << 8;
    QTest::newRow("9 of 10 faster")
        << QList<double>{0.5, 0.5, 0.55, 0.45, 0.5, 0.6, 0.5, 0.5, 0.5, 1.0} << 9;
    QTest::newRow("8 of 10: not nearly all")
        << QList<double>{2, 2, 2, 2, 2, 2, 2, 2, 1.0, 1.0} << -1;
    QTest::newRow("unlike factors") << QList<double>{1.2, 1.5, 2, 3, 5, 8, 12, 20} << -1;
    QTest::newRow("too small a change") << QList<double>{1.15, 1.2, 1.12, 1.18, 1.2, 1.15} << -1;
    QTest::newRow("too few") << QList<double>{2, 2, 2, 2} << -1;
}

void TestCompare::findsUniformChange() {
    QFETCH(QList<double>, ratios);
    QFETCH(int, changed);
    std::vector<TimePair> times;
    for (double r : ratios)
        times.push_back({1.0, r});
    const std::optional<UniformChange> change = findUniformChange(times);
    QCOMPARE(change.has_value(), changed >= 0);
    if (change) {
        QCOMPARE(change->changed, changed);
        QCOMPARE(change->compared, int(ratios.size()));
    }
}

// ControlNet's second commit is slower in every block by 1.8x to 6x: said on top, by layer and
// by module. FP32 against FP16 changes every layer's precision: that explains itself. A plan
// against itself with every time doubled names both devices and clocks.
void TestCompare::saysWhenEverythingChangedAlike() {
    const QString pair = "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/";
    const EnginePlan a = loadPlan(dataPath(pair + "a/layerinfo.json"));
    const EnginePlan b = loadPlan(dataPath(pair + "b/layerinfo.json"));
    const QStringList warnings = comparisonWarnings(a, b, compareLayers(a, b, matchLayers(a, b)));
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings[0].startsWith("B is slower in 211 of 211 matched layers, by 2.24x to 6.05x"),
             qPrintable(warnings[0]));
    QVERIFY(warnings[0].contains("A's device: not in its files."));
    const QString byModule = modulesUniformChangeWarning(a, b, compareByModule(a, b));
    QVERIFY2(byModule.startsWith("B is slower in 27 of 27 top-level modules"),
             qPrintable(byModule));

    const EnginePlan fp32 = loadPlan(dataPath("trex/resnet-a100/fp32/resnet.onnx.engine"));
    const EnginePlan fp16 = loadPlan(dataPath("trex/resnet-a100/fp16/resnet.onnx.engine"));
    QVERIFY(comparisonWarnings(fp32, fp16, compareLayers(fp32, fp16, matchLayers(fp32, fp16)))
                .isEmpty());
    EnginePlan slower = fp32;
    for (Layer& layer : slower.layers)
        layer.timing.averageMs *= 2;
    const QStringList doubled =
        comparisonWarnings(fp32, slower, compareLayers(fp32, slower, matchLayers(fp32, slower)));
    QCOMPARE(doubled.size(), 1);
    QVERIFY2(doubled[0].contains("median 2.00x") &&
                 doubled[0].contains("B's device: NVIDIA A100 80GB PCIe, compute clock 1.41 GHz, "
                                     "memory clock 1.512 GHz."),
             qPrintable(doubled[0]));
}

#include "tst_compare.moc"
