#include "AnalysisSupport.h"
#include "PlantedWeights.h"
#include "TestSupport.h"
#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"
#include "charts/CompareCharts.h"
#include "chartview/ChartPainter.h"
#include "io/PlanLoader.h"
#include "metrics/LayerGroups.h"
#include "roofline/Roofline.h"

#include <QSet>
#include <set>

using namespace planscope;
using namespace planscope::charts;
using planscope::test::analysisOf;
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
    void numbersReadCleanly_data();
    void numbersReadCleanly();
    void shortNumbersReadCleanly();
    void colorsFollowTrex();
    void typesWithoutTrexColorGetTheirOwn();
    void timeChartsSayWhenNothingIsMeasured_data();
    void timeChartsSayWhenNothingIsMeasured();
    void unmeasuredLayersAreLeftOut();
    void alignedLayersShareOneAxis();
    void rejectsUnknownChart();
    void rooflinePlotsLayersUnderTheirRoofs();
    void weightChartsShowTheModelsLayers();

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
    const Chart chart = buildChart(analysisOf(m_plan), id);
    QCOMPARE(chart.id, id);
    QVERIFY(chart.title.contains("mobilenet.qat.onnx.engine.graph.json"));
    QVERIFY(!chart.panels.empty());
    for (const Panel& p : chart.panels)
        QVERIFY2(!p.isEmpty() || !p.emptyMessage.isEmpty(), qPrintable(id));
    if (id.startsWith("tactics-")) // no verbose build log here: the panels say what to open
        QVERIFY(chart.panels.front().emptyMessage.contains("verbose build log"));
    else if (id == "module-sunburst") // its ONNX nodes are named "Conv_12": no module paths
        QVERIFY(chart.panels.front().emptyMessage.contains("module path"));
    else if (id == "sparsity-readiness" || id == "channel-range") // no ONNX model given
        QVERIFY(chart.panels.front().emptyMessage.contains("File > Open Model"));
    else if (id != "pointwise-fusion") // MobileNet has no PointWise layers
        QVERIFY2(chart.markCount() > 0, qPrintable(id));
}

void TestCharts::perLayerBarsFollowEngineOrder() {
    for (const char* id : {"latency-per-layer-pct", "latency-per-layer-ms", "precision-per-layer",
                           "output-precision-per-layer", "weights-per-layer",
                           "activations-per-layer", "footprint-per-layer"}) {
        const Panel panel = buildChart(analysisOf(m_plan), id).panels.front();
        QCOMPARE(panel.bars.size(), std::size_t(72));
        for (std::size_t i = 0; i < panel.bars.size(); ++i)
            QCOMPARE(panel.bars[i].segments.front().layer, int(i));
    }
    const Panel pct = buildChart(analysisOf(m_plan), "latency-per-layer-pct").panels.front();
    QCOMPARE(pct.bars[0].segments[0].value, 1.00949);
    QCOMPARE(pct.bars[0].segments[0].color, palette::layerTypeColor("Reformat"));
    QVERIFY(pct.bars[0].segments[0].tooltip.contains("QuantizeLinear_2"));
    const Panel precision = buildChart(analysisOf(m_plan), "precision-per-layer").panels.front();
    QCOMPARE(precision.bars[0].segments[0].color, Rgb(0xFF0000)); // FP32 red
    QCOMPARE(precision.bars[1].segments[0].color, Rgb(0x76B900)); // INT8 green
    QCOMPARE(barTotal(buildChart(analysisOf(m_plan), "weights-per-layer").panels.front()),
             m_plan.totalWeightsBytes().value());
}

void TestCharts::sunburstAnglesAreLatencyShares() {
    const Panel panel = buildChart(analysisOf(m_plan), "latency-sunburst").panels.front();
    const auto slices = ringLayout(panel);
    double inner = 0;
    double outer = 0;
    int layers = 0;
    const double total = m_plan.totalAverageMs().value();
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
    QCOMPARE(barTotal(buildChart(analysisOf(m_plan), "count-per-type").panels.front()), 72.0);
    QVERIFY(qAbs(barTotal(buildChart(analysisOf(m_plan), "latency-per-type-ms").panels.front()) -
                 m_plan.totalAverageMs().value()) < 1e-12);
    QCOMPARE(barTotal(buildChart(analysisOf(m_plan), "latency-histogram").panels.front()), 72.0);
    QCOMPARE(barTotal(buildChart(analysisOf(m_plan), "footprint-distribution").panels.front()),
             72.0);
    const Panel types = buildChart(analysisOf(m_plan), "count-per-type").panels.front();
    QCOMPARE(types.bars.front().label, QString("Convolution")); // most first
    QCOMPARE(types.bars.front().segments.front().value, 53.0);
    const Chart rollup = buildChart(analysisOf(m_plan), "precision-rollup");
    QCOMPARE(rollup.panels.size(), std::size_t(2));
    double count = 0;
    for (const RingNode& n : rollup.panels[0].rings)
        count += n.mark.value;
    QCOMPARE(count, 72.0);
    double precisionCount = 0;
    const Chart precisionPerType = buildChart(analysisOf(m_plan), "precision-per-type");
    for (const RingNode& type : precisionPerType.panels.front().rings)
        for (const RingNode& p : type.children)
            precisionCount += p.mark.value;
    QCOMPARE(precisionCount, 72.0);
    const Chart origins = buildChart(analysisOf(m_plan), "reformat-by-origin");
    QCOMPARE(origins.panels.size(), std::size_t(3));
    QCOMPARE(barTotal(origins.panels[0]), 18.0);
}

void TestCharts::timingSamplesHaveSummaryLines() {
    const Panel panel = buildChart(analysisOf(m_plan), "timing-samples").panels.front();
    QCOMPARE(panel.points.size(), m_plan.timingSamplesMs.size());
    QCOMPARE(panel.points[0].y, 0.484512);
    QCOMPARE(panel.lines.size(), std::size_t(4)); // min, median, mean, p99
    QCOMPARE(panel.lines[1].label, QString("median"));
    QCOMPARE(panel.lines[1].value, 0.351196);
    const EnginePlan noTiming = loadPlan(dataPath("realworld/aeb-bev-trt86"));
    QVERIFY(buildChart(analysisOf(noTiming), "timing-samples").panels.front().isEmpty());
}

void TestCharts::convolutionChartsCoverConvolutions() {
    for (const ChartDefinition& d : chartCatalog()) {
        if (!d.id.startsWith("conv-"))
            continue;
        const Panel panel = buildChart(analysisOf(m_plan), d.id).panels.front();
        QCOMPARE(panel.bars.size(), std::size_t(53));
    }
    const Chart gemm = buildChart(analysisOf(m_plan), "gemm-mnk");
    QCOMPARE(gemm.panels.size(), std::size_t(4));
    QCOMPARE(gemm.panels[0].points[0].x, 12544.0); // M of the first convolution
    QCOMPARE(buildChart(analysisOf(m_plan), "efficiency-scatter").panels.size(), std::size_t(6));
    const Chart tactics = buildChart(analysisOf(m_plan), "latency-per-tactic");
    QCOMPARE(barTotal(tactics.panels[1]), 53.0);
}

void TestCharts::pointwiseFusionUsesFusedOperations() {
    const EnginePlan plan = loadPlan(dataPath("realworld/aeb-bev-trt86"));
    const Chart chart = buildChart(analysisOf(plan), "pointwise-fusion");
    QCOMPARE(chart.panels.size(), std::size_t(3));
    QCOMPARE(barTotal(chart.panels[0]), 1.0);
    QVERIFY(chart.panels[2].bars.front().segments.front().tooltip.contains("Operations"));
    QVERIFY(buildChart(analysisOf(m_plan), "pointwise-fusion").panels.front().isEmpty());
}

void TestCharts::numbersReadCleanly_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("step");
    QTest::addColumn<QString>("label");
    QTest::newRow("zero") << 0.0 << 0.2 << "0";
    QTest::newRow("tenths") << 0.6 << 0.2 << "0.6";
    QTest::newRow("whole on a tenths axis") << 1.0 << 0.2 << "1";
    QTest::newRow("hundredths") << 0.05 << 0.01 << "0.05";
    QTest::newRow("tens") << 40.0 << 10.0 << "40";
    QTest::newRow("thousands") << 100000.0 << 50000.0 << "100k";
    QTest::newRow("one and a half million") << 1.5e6 << 5e5 << "1.5M";
    QTest::newRow("a million on a 200k axis") << 1e6 << 2e5 << "1M";
    QTest::newRow("giga") << 2e9 << 1e9 << "2G";
    QTest::newRow("tera") << 3e12 << 1e12 << "3T";
    QTest::newRow("negative") << -2000.0 << 1000.0 << "-2k";
    QTest::newRow("decade 1e5") << 1e5 << 1e5 << "100k";
    QTest::newRow("a thousandth") << 1e-3 << 1e-3 << "0.001";
    QTest::newRow("small") << 5e-4 << 1e-4 << "5e-4";
    QTest::newRow("small with a digit") << 1.5e-4 << 5e-5 << "1.5e-4";
    QTest::newRow("decade 1e-6") << 1e-6 << 1e-6 << "1e-6";
    QTest::newRow("fine step on a large value") << 1200.5 << 0.5 << "1.2005k";
}

void TestCharts::numbersReadCleanly() {
    QFETCH(double, value);
    QFETCH(double, step);
    QFETCH(QString, label);
    QCOMPARE(formatTick(value, step), label);
}

void TestCharts::shortNumbersReadCleanly() {
    QCOMPARE(formatShort(25734912), QString("25.7M"));
    QCOMPARE(formatShort(0.0421), QString("0.0421"));
    QCOMPARE(formatShort(4.2e-5), QString("4.2e-5"));
    QCOMPARE(formatShort(123.456), QString("123"));
    QCOMPARE(formatNumber(25734912), QString("25.7M")); // histogram bins, tooltips
    QCOMPARE(formatNumber(12.345), QString("12.35"));
    QCOMPARE(formatNumber(0.00042), QString("4.2e-4"));
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
    // Types newer than trex's table have fixed colors near their family's.
    QCOMPARE(palette::layerTypeColor("correlation"), Rgb(0x5F9EA0));
    QCOMPARE(palette::layerTypeColor("maxpool"), Rgb(0x2E8B57));
    QCOMPARE(palette::layerTypeColor("DynamicQuantize"), Rgb(0x556B2F));
    QCOMPARE(palette::layerTypeColor("KVCacheUpdate"), Rgb(0xF08080));
    QCOMPARE(palette::layerTypeColors({"MoE", "shape_call"})["MoE"], Rgb(0x4B0082));
    QCOMPARE(palette::scaleColor(0), Rgb(0x440154));
    QCOMPARE(palette::scaleColor(1), Rgb(0xFDE725));
}

void TestCharts::typesWithoutTrexColorGetTheirOwn() {
    const QStringList types = {"Resize",  "shape_call", "Constant", "MyelinReformat",
                               "Gather",  "TopK",       "Einsum",   "Concatenation",
                               "Padding", "Identity",   "Cast",     "Normalization"};
    const auto notGray = [](Rgb color) {
        const int r = int(color >> 16 & 0xFF), g = int(color >> 8 & 0xFF), b = int(color & 0xFF);
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
    // A chart colors every type of a plan apart: aeb-bev's types all differ.
    const EnginePlan plan = loadPlan(dataPath("realworld/aeb-bev-trt86"));
    const Panel perType = buildChart(analysisOf(plan), "count-per-type").panels.front();
    QSet<Rgb> typeColors;
    for (const BarGroup& g : perType.bars)
        typeColors.insert(g.segments.front().color);
    QCOMPARE(typeColors.size(), qsizetype(perType.bars.size()));
}

void TestCharts::timeChartsSayWhenNothingIsMeasured_data() {
    QTest::addColumn<QString>("id");
    for (const ChartDefinition& d : chartCatalog())
        QTest::newRow(qPrintable(d.id)) << d.id;
}

// A verbose build log opened alone has layers but no profile: every panel that shows time
// says how to get timings; the others draw.
void TestCharts::timeChartsSayWhenNothingIsMeasured() {
    QFETCH(QString, id);
    static const EnginePlan log =
        loadPlan(dataPath("realworld/mnist-verbose-builds/trt8.6.0-rtx3090-verbose-build.log"));
    QVERIFY(!log.hasProfile);
    QCOMPARE(log.layers.size(), std::size_t(10));
    const Chart chart = buildChart(analysisOf(log), id);
    const QStringList timeCharts = {"latency-sunburst",           "latency-per-layer-pct",
                                    "latency-per-layer-ms",       "precision-per-layer",
                                    "output-precision-per-layer", "latency-histogram",
                                    "latency-per-type-ms",        "latency-per-type-pct"};
    for (const Panel& p : chart.panels) {
        const bool timed = p.emptyMessage == noTimingsMessage();
        QVERIFY2(!p.isEmpty() || !p.emptyMessage.isEmpty(), qPrintable(id));
        if (timeCharts.contains(id))
            QVERIFY2(p.isEmpty() && timed, qPrintable(id));
        // The log gives no convolution shapes: the convolution charts say so.
        if (id.startsWith("conv-") || id == "gemm-mnk" || id == "efficiency-scatter")
            QVERIFY2(p.isEmpty() && p.emptyMessage.contains("no shapes of this plan's conv"),
                     qPrintable(id));
    }
    const QStringList counted = {"count-per-type", "precision-per-type", "tactics-autotune-time"};
    // The log's tensors have a dynamic batch and it lists no weights: sizes are missing, not 0.
    if (id.startsWith("activations-") || id.startsWith("footprint-"))
        QVERIFY2(chart.panels.front().isEmpty() &&
                     chart.panels.front().emptyMessage.contains("no tensor sizes"),
                 qPrintable(id));
    if (id.startsWith("weights-"))
        QCOMPARE(chart.panels.front().emptyMessage,
                 QString("No layer of this plan has weights in its files."));
    if (counted.contains(id))
        QVERIFY2(chart.markCount() > 0, qPrintable(id));
    if (id == "precision-rollup") { // counts draw, the latency share says why it does not
        QVERIFY(!chart.panels[0].isEmpty());
        QVERIFY(chart.panels[1].isEmpty());
        QCOMPARE(chart.panels[1].emptyMessage, noTimingsMessage());
    }
}

// Layers no profile names are left out of time charts (not drawn as 0), and drawn in others.
void TestCharts::unmeasuredLayersAreLeftOut() {
    EnginePlan plan = m_plan;
    plan.layers[3].timing = {};
    plan.layers[10].timing = {};
    const Panel latency = buildChart(analysisOf(plan), "latency-per-layer-ms").panels.front();
    QCOMPARE(latency.bars.size(), std::size_t(70));
    for (const BarGroup& g : latency.bars)
        QVERIFY(g.segments.front().layer != 3 && g.segments.front().layer != 10);
    QCOMPARE(buildChart(analysisOf(plan), "weights-per-layer").panels.front().bars.size(),
             std::size_t(72));
    QCOMPARE(barTotal(buildChart(analysisOf(plan), "latency-histogram").panels.front()), 70.0);
    int sunburstLayers = 0;
    const Chart sunburst = buildChart(analysisOf(plan), "latency-sunburst");
    for (const RingNode& type : sunburst.panels.front().rings)
        sunburstLayers += int(type.children.size());
    QCOMPARE(sunburstLayers, 70);
    // Layers 3 and 10 are convolutions: their MACs bars stay, gray, their efficiency bars go.
    QVERIFY(plan.layers[3].convolution && plan.layers[10].convolution);
    const Panel macs = buildChart(analysisOf(plan), "conv-macs").panels.front();
    QCOMPARE(macs.bars.size(), std::size_t(53));
    const auto gray = std::count_if(macs.bars.begin(), macs.bars.end(), [](const BarGroup& g) {
        return g.segments.front().color == notMeasuredColor();
    });
    QCOMPARE(gray, 2);
    QCOMPARE(macs.legend.size(), std::size_t(1));
    QCOMPARE(macs.legend.front().first, QString("Latency (%): not measured"));
    QCOMPARE(buildChart(analysisOf(plan), "conv-compute-efficiency").panels.front().bars.size(),
             std::size_t(51));
    QCOMPARE(buildChart(analysisOf(plan), "gemm-mnk").panels.front().points.size(),
             std::size_t(51));

    // Nothing measured: time panels say so; MACs bars draw, all gray, without a color scale.
    for (Layer& l : plan.layers)
        l.timing = {};
    plan.hasProfile = false;
    const Panel allGray = buildChart(analysisOf(plan), "conv-macs").panels.front();
    QCOMPARE(allGray.bars.size(), std::size_t(53));
    QVERIFY(!allGray.colorScale);
    QCOMPARE(allGray.bars.front().segments.front().color, notMeasuredColor());
    for (const char* id : {"conv-latency-by-macs", "latency-per-layer-pct", "latency-sunburst"})
        QCOMPARE(buildChart(analysisOf(plan), id).panels.front().emptyMessage, noTimingsMessage());
    const Chart gemm = buildChart(analysisOf(plan), "gemm-mnk");
    QVERIFY(gemm.panels[0].isEmpty()); // M against latency
    QCOMPARE(gemm.panels[0].emptyMessage, noTimingsMessage());
    QCOMPARE(gemm.panels[3].points.size(), std::size_t(53)); // M x N, colored by latency
}

// Both engines' latencies on one axis: the panels' ranges are the same, the longer of the two.
void TestCharts::alignedLayersShareOneAxis() {
    const EnginePlan fp32 = loadPlan(dataPath("trex/resnet-a100/fp32"));
    const EnginePlan fp16 = loadPlan(dataPath("trex/resnet-a100/fp16"));
    const Chart aligned = buildCompareChart({&fp32, &fp16}, "compare-aligned-layers");
    QCOMPARE(aligned.panels.size(), std::size_t(2));
    double longest = 0;
    for (const EnginePlan* plan : {&fp32, &fp16})
        for (const Layer& l : plan->layers)
            longest = std::max(longest, l.timing.averageMs);
    QVERIFY(aligned.panels[0].valueMax && aligned.panels[1].valueMax);
    QCOMPARE(*aligned.panels[0].valueMax, longest);
    QCOMPARE(*aligned.panels[1].valueMax, longest);
    QCOMPARE(aligned.panels[0].legend, aligned.panels[1].legend); // one legend, drawn once
}

void TestCharts::rejectsUnknownChart() {
    try {
        buildChart(analysisOf(m_plan), "no-such-chart");
        QFAIL("an unknown chart should be refused");
    } catch (const PlanError& e) {
        QVERIFY(e.message().contains("no-such-chart"));
        QVERIFY(e.message().contains("--list"));
    }
}

// MobileNet on its TITAN RTX: a dot per layer with FLOPs and a time, at its intensity and
// achieved TFLOP/s; a roof per class present: DRAM's slope (672 GB/s), then the class's peak; no
// dot above its roof without a note.
void TestCharts::rooflinePlotsLayersUnderTheirRoofs() {
    const PlanAnalysis analysis = analysisOf(m_plan);
    const Roofline& roofline = analysis.roofline();
    QVERIFY(roofline.device);
    const Panel panel = buildChart(analysis, "roofline").panels.front();
    std::size_t plotted = 0;
    std::set<Rgb> colors;
    for (std::size_t i = 0; i < roofline.size(); ++i) {
        const LayerRoofline r = roofline.layer(i);
        if (r.intensity && r.achievedTflops && r.math && r.ms && *r.achievedTflops > 0)
            ++plotted;
    }
    QVERIFY(plotted > 30);
    QCOMPARE(panel.points.size(), plotted);
    for (const Mark& m : panel.points) {
        const LayerRoofline r = roofline.layer(std::size_t(m.layer));
        QCOMPARE(m.x, *r.intensity);
        QCOMPARE(m.y, *r.achievedTflops);
        QCOMPARE(m.size, *r.ms);
        colors.insert(m.color);
        const double peak = roofline.device->peakTflops(*r.math).value();
        const double roof = std::min(peak, m.x * roofline.device->bandwidthGbs() / 1000);
        QVERIFY2(m.y <= roof * (1 + 1e-9) || !r.note.isEmpty(), qPrintable(m.tooltip));
    }
    QCOMPARE(panel.curves.size(), colors.size());
    for (const Curve& curve : panel.curves) {
        QCOMPARE(curve.points.size(), std::size_t(3));
        const auto [x0, y0] = curve.points.front();
        QVERIFY(qAbs(y0 / x0 * 1000 - 672.0) < 1); // TITAN RTX: 384 / 8 x 7.0 x 2 GB/s
        QCOMPARE(curve.points[1].second, curve.points[2].second); // the flat peak
    }
    QVERIFY(panel.title.contains("TITAN RTX"));
}

// The ONNX model's charts: a bar per layer whose weights give the figure, on which side of the
// rule it is; without a model, empty and saying where to give one (never 0).
void TestCharts::weightChartsShowTheModelsLayers() {
    const PlanAnalysis alone = analysisOf(m_plan);
    for (const char* id : {"sparsity-readiness", "channel-range"}) {
        const Panel panel = buildChart(alone, id).panels.front();
        QVERIFY(panel.isEmpty());
        QVERIFY2(panel.emptyMessage.contains("File > Open Model"), qPrintable(panel.emptyMessage));
    }
    const PlanAnalysis analysis =
        alone.withModelWeights(test::plantedModel({test::plantedLayer(1, test::twoOfFourZeros()),
                                                   test::plantedLayer(2, test::outlierChannel())}));
    const Panel ready = buildChart(analysis, "sparsity-readiness").panels.front();
    QCOMPARE(ready.bars.size(), std::size_t(2));
    QCOMPARE(ready.bars[0].segments[0].layer, 1);
    QCOMPARE(ready.bars[0].segments[0].value, 100.0);
    QCOMPARE(ready.bars[0].segments[0].key, QString("2:4-ready"));
    QCOMPARE(ready.bars[1].segments[0].value, 0.0);
    QCOMPARE(ready.bars[1].segments[0].key, QString("not 2:4-ready"));
    QCOMPARE(ready.lines.front().value, 100.0);
    const Panel range = buildChart(analysis, "channel-range").panels.front();
    QCOMPARE(range.bars.size(), std::size_t(2));
    QCOMPARE(range.bars[0].segments[0].value, 1.0);
    QCOMPARE(range.bars[1].segments[0].value, 50.0);
    QCOMPARE(range.bars[1].segments[0].key, QString("outlier (above 10)"));
    QCOMPARE(range.lines.front().value, 10.0);
    QVERIFY(range.bars[0].segments[0].color != range.bars[1].segments[0].color);
}

PLANSCOPE_TEST_MAIN(TestCharts, QCoreApplication)
#include "tst_charts.moc"
