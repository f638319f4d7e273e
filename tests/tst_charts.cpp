#include "TestSupport.h"
#include "charts/ChartCatalog.h"
#include "chartview/ChartPainter.h"
#include "io/PlanLoader.h"
#include "metrics/LayerGroups.h"

#include <QSet>

using namespace planscope;
using namespace planscope::charts;
using planscope::test::dataPath;

namespace {

double barTotal(const Panel& panel) {
    double sum = 0;
    for (const BarGroup& g : panel.bars)
        for (const Mark& m : g.segments)
            sum += m.value;
    return sum;
}

} // namespace

// What each chart shows, checked against the plan it is built from.
class TestCharts : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void everyChartBuilds_data();
    void everyChartBuilds();
    void perLayerBarsFollowEngineOrder();
    void sunburstAnglesAreLatencyShares();
    void aggregatesSumToThePlan();
    void timingSamplesHaveSummaryLines();
    void convolutionChartsCoverConvolutions();
    void pointwiseFusionUsesFusedOperations();
    void colorsFollowTrex();
    void typesWithoutTrexColorGetTheirOwn();
    void rejectsUnknownChart();

  private:
    EnginePlan m_plan;
};

void TestCharts::initTestCase() {
    m_plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
}

void TestCharts::everyChartBuilds_data() {
    QTest::addColumn<QString>("id");
    for (const ChartDefinition& d : chartCatalog())
        QTest::newRow(qPrintable(d.id)) << d.id;
}

void TestCharts::everyChartBuilds() {
    QFETCH(QString, id);
    const Chart chart = buildChart(m_plan, id);
    QCOMPARE(chart.id, id);
    QVERIFY(chart.title.contains("mobilenet.qat.onnx.engine.graph.json"));
    QVERIFY(!chart.panels.empty());
    for (const Panel& p : chart.panels)
        QVERIFY2(!p.isEmpty() || !p.emptyMessage.isEmpty(), qPrintable(id));
    if (id.startsWith("tactics-")) // no verbose build log here: the panels say what to open
        QVERIFY(chart.panels.front().emptyMessage.contains("verbose build log"));
    else if (id != "pointwise-fusion") // MobileNet has no PointWise layers
        QVERIFY2(chart.markCount() > 0, qPrintable(id));
}

void TestCharts::perLayerBarsFollowEngineOrder() {
    for (const char* id : {"latency-per-layer-pct", "latency-per-layer-ms", "precision-per-layer",
                           "output-precision-per-layer", "weights-per-layer",
                           "activations-per-layer", "footprint-per-layer"}) {
        const Panel panel = buildChart(m_plan, id).panels.front();
        QCOMPARE(panel.bars.size(), std::size_t(72));
        for (std::size_t i = 0; i < panel.bars.size(); ++i)
            QCOMPARE(panel.bars[i].segments.front().layer, int(i));
    }
    const Panel pct = buildChart(m_plan, "latency-per-layer-pct").panels.front();
    QCOMPARE(pct.bars[0].segments[0].value, 1.00949);
    QCOMPARE(pct.bars[0].segments[0].color, palette::layerTypeColor("Reformat"));
    QVERIFY(pct.bars[0].segments[0].tooltip.contains("QuantizeLinear_2"));
    const Panel precision = buildChart(m_plan, "precision-per-layer").panels.front();
    QCOMPARE(precision.bars[0].segments[0].color, Rgb(0xFF0000)); // FP32 red
    QCOMPARE(precision.bars[1].segments[0].color, Rgb(0x76B900)); // INT8 green
    QCOMPARE(barTotal(buildChart(m_plan, "weights-per-layer").panels.front()),
             m_plan.totalWeightsBytes());
}

void TestCharts::sunburstAnglesAreLatencyShares() {
    const Panel panel = buildChart(m_plan, "latency-sunburst").panels.front();
    const auto slices = ringLayout(panel);
    double inner = 0;
    double outer = 0;
    int layers = 0;
    const double total = m_plan.totalAverageMs();
    for (const RingSlice& s : slices) {
        if (s.level == 0) {
            inner += s.spanDegrees;
            QVERIFY(qAbs(s.spanDegrees - 360 * s.node->mark.value / total) < 1e-9);
        } else {
            outer += s.spanDegrees;
            ++layers;
            const Layer& layer = m_plan.layers[std::size_t(s.node->mark.layer)];
            QVERIFY(qAbs(s.spanDegrees - 360 * layer.timing.averageMs / total) < 1e-9);
        }
    }
    QVERIFY(qAbs(inner - 360) < 1e-9);
    QVERIFY(qAbs(outer - 360) < 1e-9);
    QCOMPARE(layers, 72);
    // Drilling into a type shows it, and its layers, whole.
    const auto drilled = ringLayout(panel, "Reformat");
    QCOMPARE(drilled.front().spanDegrees, 360.0);
    QCOMPARE(int(drilled.size()), 1 + 18);
}

void TestCharts::aggregatesSumToThePlan() {
    QCOMPARE(barTotal(buildChart(m_plan, "count-per-type").panels.front()), 72.0);
    QVERIFY(qAbs(barTotal(buildChart(m_plan, "latency-per-type-ms").panels.front()) -
                 m_plan.totalAverageMs()) < 1e-12);
    QCOMPARE(barTotal(buildChart(m_plan, "latency-histogram").panels.front()), 72.0);
    QCOMPARE(barTotal(buildChart(m_plan, "footprint-distribution").panels.front()), 72.0);
    const Panel types = buildChart(m_plan, "count-per-type").panels.front();
    QCOMPARE(types.bars.front().label, QString("Convolution")); // most first
    QCOMPARE(types.bars.front().segments.front().value, 53.0);
    const Chart rollup = buildChart(m_plan, "precision-rollup");
    QCOMPARE(rollup.panels.size(), std::size_t(2));
    double count = 0;
    for (const RingNode& n : rollup.panels[0].rings)
        count += n.mark.value;
    QCOMPARE(count, 72.0);
    double precisionCount = 0;
    const Chart precisionPerType = buildChart(m_plan, "precision-per-type");
    for (const RingNode& type : precisionPerType.panels.front().rings)
        for (const RingNode& p : type.children)
            precisionCount += p.mark.value;
    QCOMPARE(precisionCount, 72.0);
    const Chart origins = buildChart(m_plan, "reformat-by-origin");
    QCOMPARE(origins.panels.size(), std::size_t(3));
    QCOMPARE(barTotal(origins.panels[0]), 18.0);
}

void TestCharts::timingSamplesHaveSummaryLines() {
    const Panel panel = buildChart(m_plan, "timing-samples").panels.front();
    QCOMPARE(panel.points.size(), m_plan.timingSamplesMs.size());
    QCOMPARE(panel.points[0].y, 0.484512);
    QCOMPARE(panel.lines.size(), std::size_t(4)); // min, median, mean, p99
    QCOMPARE(panel.lines[1].label, QString("median"));
    QCOMPARE(panel.lines[1].value, 0.351196);
    const EnginePlan noTiming = loadPlan(dataPath("realworld/aeb-bev-trt86"));
    QVERIFY(buildChart(noTiming, "timing-samples").panels.front().isEmpty());
}

void TestCharts::convolutionChartsCoverConvolutions() {
    for (const ChartDefinition& d : chartCatalog()) {
        if (!d.id.startsWith("conv-"))
            continue;
        const Panel panel = buildChart(m_plan, d.id).panels.front();
        QCOMPARE(panel.bars.size(), std::size_t(53));
    }
    const Chart gemm = buildChart(m_plan, "gemm-mnk");
    QCOMPARE(gemm.panels.size(), std::size_t(4));
    QCOMPARE(gemm.panels[0].points[0].x, 12544.0); // M of the first convolution
    QCOMPARE(buildChart(m_plan, "efficiency-scatter").panels.size(), std::size_t(6));
    const Chart tactics = buildChart(m_plan, "latency-per-tactic");
    QCOMPARE(barTotal(tactics.panels[1]), 53.0);
}

void TestCharts::pointwiseFusionUsesFusedOperations() {
    const EnginePlan plan = loadPlan(dataPath("realworld/aeb-bev-trt86"));
    const Chart chart = buildChart(plan, "pointwise-fusion");
    QCOMPARE(chart.panels.size(), std::size_t(3));
    QCOMPARE(barTotal(chart.panels[0]), 1.0);
    QVERIFY(chart.panels[2].bars.front().segments.front().tooltip.contains("Operations"));
    QVERIFY(buildChart(m_plan, "pointwise-fusion").panels.front().isEmpty());
}

void TestCharts::colorsFollowTrex() {
    QCOMPARE(palette::precisionColor("INT8"), Rgb(0x76B900));
    QCOMPARE(palette::precisionColor("FP32"), Rgb(0xFF0000));
    QCOMPARE(palette::precisionColor("FP16"), Rgb(0xFFA500));
    QCOMPARE(palette::precisionColor("INT32"), Rgb(0xD3D3D3));
    QCOMPARE(palette::precisionColor("FP8"), Rgb(0x00BFFF));
    QCOMPARE(palette::precisionColor("INT4"), Rgb(0xCC66FF));
    QCOMPARE(palette::precisionColor("FP4"), Rgb(0xF4D03F));
    QCOMPARE(palette::layerTypeColor("Convolution"), Rgb(0x4682B4));
    QCOMPARE(palette::layerTypeColor("Reformat"), Rgb(0x00FFFF));
    QCOMPARE(palette::scaleColor(0), Rgb(0x440154));
    QCOMPARE(palette::scaleColor(1), Rgb(0xFDE725));
}

void TestCharts::typesWithoutTrexColorGetTheirOwn() {
    const QStringList types = {"Resize",  "shape_call", "Constant", "MyelinReformat",
                               "Gather",  "TopK",       "Einsum",   "Concatenation",
                               "Padding", "Identity",   "Cast",     "Normalization"};
    const auto notGray = [](Rgb color) {
        const int r = color >> 16 & 0xFF, g = color >> 8 & 0xFF, b = color & 0xFF;
        return std::max({r, g, b}) - std::min({r, g, b}) > 40;
    };
    for (const QString& type : types) {
        const Rgb color = palette::layerTypeColor(type);
        QCOMPARE(color, palette::layerTypeColor(type)); // the same type, the same color
        QVERIFY2(notGray(color), qPrintable(type));
        QVERIFY2(color != palette::layerTypeColor("Convolution"), qPrintable(type));
    }
    // Shown together, each its own color, trex's colors kept, and the same colors whatever
    // the order the types come in.
    const QHash<QString, Rgb> together = palette::layerTypeColors(types + QStringList{"Pooling"});
    QSet<Rgb> colors;
    for (const QString& type : types) {
        QVERIFY2(notGray(together[type]), qPrintable(type));
        colors.insert(together[type]);
    }
    QCOMPARE(colors.size(), types.size());
    QVERIFY(!colors.contains(palette::layerTypeColor("Pooling")));
    QCOMPARE(together["Pooling"], palette::layerTypeColor("Pooling"));
    QStringList reversed = types;
    std::reverse(reversed.begin(), reversed.end());
    QCOMPARE(palette::layerTypeColors(reversed + QStringList{"Pooling"}), together);
}

void TestCharts::rejectsUnknownChart() {
    try {
        buildChart(m_plan, "no-such-chart");
        QFAIL("an unknown chart should be refused");
    } catch (const PlanError& e) {
        QVERIFY(e.message().contains("no-such-chart"));
        QVERIFY(e.message().contains("--list"));
    }
}

PLANSCOPE_TEST_MAIN(TestCharts, QCoreApplication)
#include "tst_charts.moc"
