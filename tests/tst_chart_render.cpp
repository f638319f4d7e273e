#include "AnalysisSupport.h"
#include "TestSupport.h"
#include "charts/ChartCatalog.h"
#include "charts/CompareCharts.h"
#include "chartview/ChartAxis.h"
#include "chartview/ChartExport.h"
#include "chartview/ChartPainter.h"
#include "chartview/ChartText.h"
#include "chartview/ChartView.h"
#include "chartview/DistinctLabels.h"
#include "document/LayerSelection.h"
#include "io/PlanLoader.h"
#include "picture/PngFile.h"

#include <QApplication>
#include <QFile>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QScrollArea>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>

using namespace planscope;
using namespace planscope::charts;
using planscope::test::analysisOf;
using planscope::test::dataPath;

namespace {

// Marks that have something to draw: bars and slices of positive size, points on their axes.
int drawableMarks(const Chart& chart) {
    int count = 0;
    for (const Panel& p : chart.panels) {
        for (const BarGroup& g : p.bars)
            for (const Mark& m : g.segments)
                count += m.value > 0 ? 1 : 0;
        for (const Mark& m : p.points)
            count += ((p.logX && m.x <= 0) || (p.logY && m.y <= 0)) ? 0 : 1;
        for (const RingSlice& s : ringLayout(p))
            count += s.spanDegrees > 0 ? 1 : 0;
    }
    return count;
}

struct SvgShapes {
    bool valid = false;
    int shapes = 0;
    QString width;
    QString title;
};

SvgShapes readSvg(const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    SvgShapes svg;
    QXmlStreamReader xml(&f);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("svg"))
            svg.width = xml.attributes().value("width").toString();
        else if (name == QLatin1String("title"))
            svg.title = xml.readElementText();
        else if (name == QLatin1String("rect") || name == QLatin1String("path") ||
                 name == QLatin1String("polygon") || name == QLatin1String("ellipse") ||
                 name == QLatin1String("circle"))
            ++svg.shapes;
    }
    svg.valid = !xml.hasError();
    return svg;
}

// Paints `chart` into an image of `size` (logical pixels, as the window and exports do).
void paintInto(ChartPainter& painter, QSize size) {
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2);
    QPainter p(&image);
    painter.paint(p, QRectF(QPointF(0, 0), QSizeF(size)));
}

// What is wrong with the text a painter drew in an area of `size`: a text out of the area, or
// two texts whose ink overlaps (garbled ticks, clipped titles); empty when nothing is.
QString textProblem(const ChartPainter& painter, QSize size) {
    const QRectF area = QRectF(QPointF(0, 0), QSizeF(size)).adjusted(-0.5, -0.5, 0.5, 0.5);
    const std::vector<DrawnText>& texts = painter.drawnTexts();
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (!area.contains(texts[i].rect))
            return QString("'%1' lies outside the %2x%3 image")
                .arg(texts[i].text)
                .arg(size.width())
                .arg(size.height());
        for (std::size_t j = i + 1; j < texts.size(); ++j) {
            const QRectF overlap = texts[i].rect.intersected(texts[j].rect);
            if (overlap.width() > 0.5 && overlap.height() > 0.5)
                return QString("'%1' overlaps '%2'").arg(texts[i].text, texts[j].text);
        }
    }
    return {};
}

// A point of the view whose mark stands for `layer`, found by scanning.
QPoint pointOfLayer(const ChartView& view, int layer) {
    for (int y = 0; y < view.height(); y += 3)
        for (int x = 0; x < view.width(); ++x)
            if (view.hitAt(QPointF(x, y)).layer == layer)
                return {x, y};
    return {-1, -1};
}

} // namespace

class TestChartRender : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void exportsPngAndSvg_data();
    void exportsPngAndSvg();
    void clickingABarSelectsItsLayer();
    void clickingASunburstTypeDrillsIn();
    void refusesUnknownFormat();
    void writesPngsThatReadBack();
    void ticksStepByOneTwoFive();
    void shortenedLabelsStayDistinct();
    void thinSlicesAreDrawnAsOne();
    void scatterDrawsItsCurves();
    void everyChartDrawsAllItsData_data();
    void everyChartDrawsAllItsData();
    void compareChartsDrawAllTheirData_data();
    void compareChartsDrawAllTheirData();
    void gemmChartDrawsEveryPointInTheWindow();
    void panelsReflowToTheRoom();
    void alignedBarsShareOneScale();
    void chartsTabScrollsManyPanels();

  private:
    EnginePlan m_plan;
    QTemporaryDir m_dir;
    std::map<QString, EnginePlan> m_plans; // by a short name
};

void TestChartRender::initTestCase() {
    m_plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    const std::pair<const char*, const char*> plans[] = {
        {"mobilenet", "trex/mobilenet/mobilenet.qat.onnx.engine"},
        {"resnet-qat", "trex/resnet-a100/qat"},
        {"resnet-fp32", "trex/resnet-a100/fp32"},
        {"resnet-fp16", "trex/resnet-a100/fp16"},
        {"alexnet", "realworld/alexnet-trt10-rtx3060"},
        {"aeb-bev", "realworld/aeb-bev-trt86"},
        {"verbose-log", "realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log"}};
    for (const auto& [name, path] : plans)
        m_plans.emplace(QString::fromLatin1(name), loadPlan(dataPath(QString::fromLatin1(path))));
}

void TestChartRender::exportsPngAndSvg_data() {
    QTest::addColumn<QString>("id");
    for (const ChartDefinition& d : chartCatalog())
        QTest::newRow(qPrintable(d.id)) << d.id;
}

void TestChartRender::exportsPngAndSvg() {
    QFETCH(QString, id);
    const Chart chart = buildChart(analysisOf(m_plan), id);
    QString error;
    const QString png = m_dir.filePath(id + ".png");
    QVERIFY2(exportChart(chart, png, QSize(1200, 700), &error), qPrintable(error));
    QCOMPARE(lastExportedMarks(), drawableMarks(chart));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(2400, 1400)); // device pixel ratio 2
    QSet<QRgb> colors;
    int inked = 0;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) {
            colors.insert(image.pixel(x, y));
            inked += image.pixel(x, y) != qRgb(255, 255, 255) ? 1 : 0;
        }
    QVERIFY2(inked > 2000, qPrintable(QString::number(inked)));
    QVERIFY2(colors.size() > 8, qPrintable(QString::number(colors.size())));

    const QString svgFile = m_dir.filePath(id + ".svg");
    QVERIFY2(exportChart(chart, svgFile, QSize(1200, 700), &error), qPrintable(error));
    const SvgShapes svg = readSvg(svgFile);
    QVERIFY(svg.valid);
    QCOMPARE(svg.width, QString("1200"));
    QCOMPARE(svg.title, chart.title);
    QVERIFY2(
        svg.shapes >= drawableMarks(chart),
        qPrintable(QString("%1 shapes for %2 marks").arg(svg.shapes).arg(drawableMarks(chart))));
}

void TestChartRender::clickingABarSelectsItsLayer() {
    LayerSelection selection;
    ChartView view(&selection);
    view.resize(1200, 700);
    view.setChart(buildChart(analysisOf(m_plan), "latency-per-layer-ms"));
    view.show();
    view.grab(); // paints, which lays out the marks
    const QPoint at = pointOfLayer(view, 10);
    QVERIFY(at.x() >= 0);
    QTest::mouseClick(&view, Qt::LeftButton, {}, at);
    QCOMPARE(selection.current(), 10);
    QVERIFY(view.hitAt(at).tooltip.contains(m_plan.layers[10].name));
}

void TestChartRender::clickingASunburstTypeDrillsIn() {
    LayerSelection selection;
    ChartView view(&selection);
    view.resize(900, 700);
    view.setChart(buildChart(analysisOf(m_plan), "latency-sunburst"));
    view.show();
    view.grab();
    QPoint type(-1, -1);
    for (int y = 0; y < view.height() && type.x() < 0; y += 3)
        for (int x = 0; x < view.width(); x += 3)
            if (view.hitAt(QPointF(x, y)).ring == "Reformat") {
                type = {x, y};
                break;
            }
    QVERIFY(type.x() >= 0);
    QTest::mouseClick(&view, Qt::LeftButton, {}, type);
    QCOMPARE(selection.current(), -1); // a type is not a layer
    view.grab();
    QVERIFY(pointOfLayer(view, 0).x() >= 0); // QuantizeLinear_2, a Reformat, is now in view
    QVERIFY(pointOfLayer(view, 1).x() < 0);  // a Convolution is not
}

void TestChartRender::refusesUnknownFormat() {
    QString error;
    QVERIFY(!exportChart(buildChart(analysisOf(m_plan), "count-per-type"),
                         m_dir.filePath("chart.bmp"), QSize(800, 600), &error));
    QVERIFY(error.contains("chart.bmp") && error.contains(".png or .svg"));
}

// Every axis, however long and whatever its range, ticks at 1, 2 or 5 times a power of ten
// (decades on log axes) and labels each tick differently, without "e+".
void TestChartRender::ticksStepByOneTwoFive() {
    const std::pair<double, double> ranges[] = {
        {0, 1},     {0, 0.0042}, {0, 7.3},      {0, 123456}, {0, 9.9e9},  {-3, 17},
        {0.2, 0.9}, {0, 1e-5},   {1e3, 2.5e12}, {1, 1e9},    {3e-7, 2e-2}};
    for (const auto& [lo, hi] : ranges)
        for (bool log : {false, true})
            for (int maxTicks : {2, 3, 5, 8, 12}) {
                const ChartAxis axis(lo, hi, log);
                const std::vector<AxisTick> ticks = axis.ticks(maxTicks);
                const QString where = QString("%1..%2 log %3, %4 ticks")
                                          .arg(lo)
                                          .arg(hi)
                                          .arg(axis.logarithmic())
                                          .arg(maxTicks);
                QVERIFY2(ticks.size() >= 2, qPrintable(where));
                QVERIFY2(int(ticks.size()) <= maxTicks + 1, qPrintable(where));
                QSet<QString> labels;
                for (std::size_t i = 0; i < ticks.size(); ++i) {
                    QVERIFY2(!ticks[i].label.contains("e+") && !ticks[i].label.contains("e0"),
                             qPrintable(where + ": " + ticks[i].label));
                    labels.insert(ticks[i].label);
                    if (i == 0)
                        continue;
                    const double step = axis.logarithmic() ? ticks[i].value / ticks[i - 1].value
                                                           : ticks[i].value - ticks[i - 1].value;
                    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
                    QVERIFY2(qAbs(mantissa - 1) < 1e-6 || qAbs(mantissa - 2) < 1e-6 ||
                                 qAbs(mantissa - 5) < 1e-6 || qAbs(mantissa - 10) < 1e-6,
                             qPrintable(where + QString(": step %1").arg(step)));
                }
                QCOMPARE(labels.size(), qsizetype(ticks.size()));
            }
}

// ResNet's tactic names share long runs of words: shortened for a legend they still differ,
// each within the width, and show the words that differ.
void TestChartRender::shortenedLabelsStayDistinct() {
    QFont font;
    font.setPixelSize(12);
    const QFontMetricsF metrics(font);
    const QString ellipsis = QStringLiteral("\u2026");
    for (const char* plan : {"resnet-qat", "aeb-bev"}) {
        QStringList tactics;
        for (const Layer& l : m_plans.at(plan).layers)
            if (l.convolution && !tactics.contains(l.tactic))
                tactics << l.tactic;
        QVERIFY(tactics.size() > 8);
        for (double width : {170.0, 200.0, 260.0}) { // as wide as legends and labels get
            const QStringList shown = distinctLabels(tactics, metrics, width);
            for (qsizetype i = 0; i < shown.size(); ++i) {
                QVERIFY2(metrics.horizontalAdvance(shown[i]) <= width + 0.5, qPrintable(shown[i]));
                // No label shows only the start of another: a reader tells them apart.
                for (qsizetype j = 0; j < shown.size(); ++j) {
                    const QString cut =
                        shown[i].endsWith(ellipsis) ? shown[i].chopped(1) : shown[i];
                    QVERIFY2(i == j || !(shown[j].startsWith(cut) &&
                                         (shown[i].endsWith(ellipsis) || cut == shown[j])),
                             qPrintable(QString("%1 at %2 px: '%3' looks like '%4'")
                                            .arg(plan)
                                            .arg(width)
                                            .arg(shown[i], shown[j])));
                }
            }
        }
    }
    const QStringList two = {"sm80_xmma_fprop_implicit_gemm_i8i8_tilesize128x128x64_stage4_t1r3s3",
                             "sm80_xmma_fprop_implicit_gemm_i8i8_tilesize64x128x64_stage6_t1r3s3"};
    const QStringList shown = distinctLabels(two, metrics, 150);
    QVERIFY2(shown[0].contains("tilesize128x128x64"), qPrintable(shown[0]));
    QVERIFY2(shown[1].contains("tilesize64x128x64"), qPrintable(shown[1]));
    // Labels that fit stay whole.
    QCOMPARE(distinctLabels({"Convolution", "Reformat"}, metrics, 150),
             QStringList({"Convolution", "Reformat"}));
}

// Slices too thin to draw apart (a sunburst of 210,000 layers) are laid out as one per run of
// siblings of one color, their children not at all; the painter then draws and hit-tests a few
// shapes, every node's mark inside them.
void TestChartRender::thinSlicesAreDrawnAsOne() {
    Panel panel;
    panel.kind = PanelKind::Rings;
    const auto node = [](const QString& label, double value, Rgb color) {
        RingNode n;
        n.label = label;
        n.mark.value = value;
        n.mark.color = color;
        return n;
    };
    RingNode parent = node(QStringLiteral("run"), 100, 0x445566);
    for (int i = 0; i < 1000; ++i)
        parent.children.push_back(node(QString::number(i), 0.1, i < 600 ? 0xAA0000 : 0x00AA00));
    panel.rings = {node(QStringLiteral("big"), 1000, 0x112233), parent};
    const auto whole = ringLayout(panel);
    QCOMPARE(int(whole.size()), 2 + 1000);
    const auto merged = ringLayout(panel, {}, 0.5); // each child spans 0.03 degrees
    QCOMPARE(int(merged.size()), 2 + 2);            // the red run and the green run
    QVERIFY(!merged[1].thin);
    QCOMPARE(merged[1].key, QStringLiteral("run"));
    QVERIFY(merged[2].thin);
    QCOMPARE(merged[2].count, 600);
    QCOMPARE(merged[2].node, &panel.rings[1].children[0]);
    QCOMPARE(merged[3].count, 400);
    QVERIFY(qAbs(merged[2].spanDegrees + merged[3].spanDegrees - merged[1].spanDegrees) < 1e-9);
    QVERIFY(qAbs(merged[3].startDegrees - (merged[2].startDegrees + merged[2].spanDegrees)) < 1e-9);

    Chart chart;
    chart.panels = {panel};
    ChartPainter painter(&chart);
    QImage image(600, 450, QImage::Format_ARGB32);
    QPainter on(&image);
    painter.paint(on, QRectF(0, 0, 600, 450));
    QCOMPARE(painter.paintedMarks(), 2 + 1000);
    const QRectF run = painter.drawnMarks().back().rect; // the green run's: all its 400 marks
    QCOMPARE(painter.drawnMarks()[2 + 600].rect, run);
    QString tooltip;
    for (double x = run.left(); x < run.right() && tooltip.isEmpty(); x += 1)
        for (double y = run.top(); y < run.bottom() && tooltip.isEmpty(); y += 1)
            if (const ChartHit hit = painter.hitAt({x, y}); hit.tooltip.startsWith("400 "))
                tooltip = hit.tooltip;
    QCOMPARE(tooltip.section(':', 0, 0),
             QStringLiteral("400 slices too thin to draw apart (each under half a pixel)"));
}

// A scatter panel's curves (a roofline's roofs) are drawn on its axes, which reach them: a roof
// from (0.1, 0.2) left of every point runs from the plot's left edge.
void TestChartRender::scatterDrawsItsCurves() {
    Panel panel;
    panel.kind = PanelKind::Scatter;
    panel.logX = panel.logY = true;
    Mark a;
    a.x = 1;
    a.y = 1;
    Mark b;
    b.x = 100;
    b.y = 50;
    panel.points = {a, b};
    const QRgb green = qRgb(0, 0xc0, 0);
    Chart chart;
    chart.panels = {panel};
    const auto greenColumns = [&](const Chart& drawn) {
        ChartPainter painter(&drawn);
        QImage image(600, 400, QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter on(&image);
        painter.paint(on, QRectF(0, 0, 600, 400));
        on.end();
        std::vector<int> columns;
        for (int x = 0; x < image.width(); ++x)
            for (int y = 0; y < image.height(); ++y)
                if (image.pixel(x, y) == green) {
                    columns.push_back(x);
                    break;
                }
        return columns;
    };
    QVERIFY(greenColumns(chart).empty());
    chart.panels[0].curves = {Curve{{{0.1, 0.2}, {10, 20}, {1000, 20}}, Rgb(green & 0xffffff)}};
    const std::vector<int> columns = greenColumns(chart);
    QVERIFY2(columns.size() > 400, qPrintable(QString::number(columns.size())));
    QVERIFY(columns.front() < 120); // the axis starts at the curve's 0.1, not the points' 1
}

void TestChartRender::everyChartDrawsAllItsData_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QSize>("size");
    const QSize window[] = {{600, 450}, {640, 480}};
    const QSize exports[] = {{800, 600}, {1000, 700}, {1600, 1000}, {3000, 2000}};
    for (const char* plan : {"mobilenet", "resnet-qat", "alexnet", "aeb-bev", "verbose-log"})
        for (const ChartDefinition& d : chartCatalog()) {
            for (const QSize& size : window)
                QTest::addRow("%s %s %dx%d", plan, qPrintable(d.id), size.width(), size.height())
                    << QString(plan) << d.id << size;
            if (QLatin1String(plan) == QLatin1String("resnet-qat"))
                for (const QSize& size : exports)
                    QTest::addRow("%s %s %dx%d", plan, qPrintable(d.id), size.width(),
                                  size.height())
                        << QString(plan) << d.id << size;
        }
}

// The test of issue 22: at the window's size and every export size, every chart draws every
// mark it has data for, and no text is cut off by the image or overlaps another.
void TestChartRender::everyChartDrawsAllItsData() {
    QFETCH(QString, plan);
    QFETCH(QString, id);
    QFETCH(QSize, size);
    const Chart chart = buildChart(analysisOf(m_plans.at(plan)), id);
    ChartPainter painter(&chart);
    paintInto(painter, size);
    QCOMPARE(painter.paintedMarks(), drawableMarks(chart));
    const QString problem = textProblem(painter, size);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    for (const DrawnMark& m : painter.drawnMarks()) // inside their panel
        QVERIFY(painter.panelBoxes()[std::size_t(m.panel)]
                    .adjusted(-1, -1, 1, 1)
                    .contains(m.rect.intersected(QRectF(QPointF(0, 0), QSizeF(size)))));
}

void TestChartRender::compareChartsDrawAllTheirData_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("plans");
    QTest::addColumn<QSize>("size");
    for (const CompareChartDefinition& d : compareChartCatalog())
        for (int plans : {2, 3})
            for (const QSize& size : {QSize(600, 450), QSize(640, 480), QSize(1600, 1000)})
                QTest::addRow("%s %d plans %dx%d", qPrintable(d.id), plans, size.width(),
                              size.height())
                    << d.id << plans << size;
}

void TestChartRender::compareChartsDrawAllTheirData() {
    QFETCH(QString, id);
    QFETCH(int, plans);
    QFETCH(QSize, size);
    Plans compared = {&m_plans.at("resnet-fp32"), &m_plans.at("resnet-fp16")};
    if (plans == 3)
        compared.push_back(&m_plans.at("resnet-qat"));
    const Chart chart = buildCompareChart(compared, id);
    ChartPainter painter(&chart);
    paintInto(painter, size);
    QVERIFY(painter.paintedMarks() > 0);
    QCOMPARE(painter.paintedMarks(), drawableMarks(chart));
    const QString problem = textProblem(painter, size);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

// The example: at 640x480 the GEMM chart drew 5 marks, nothing but its color bars.
void TestChartRender::gemmChartDrawsEveryPointInTheWindow() {
    const Chart chart = buildChart(analysisOf(m_plans.at("resnet-qat")), "gemm-mnk");
    QCOMPARE(chart.panels.size(), std::size_t(4));
    const int marks = drawableMarks(chart);
    QCOMPARE(marks, 4 * 21); // four panels of ResNet's 21 convolutions
    for (const QSize& size : {QSize(640, 480), QSize(600, 450), QSize(1600, 1000)}) {
        ChartPainter painter(&chart);
        paintInto(painter, size);
        QCOMPARE(painter.paintedMarks(), marks);
    }
}

// Wide, the GEMM chart keeps its 2x2 grid; at 600 px it keeps every panel at least 250 px wide
// and 150 px tall; the six efficiency scatters leave none smaller either.
void TestChartRender::panelsReflowToTheRoom() {
    const Chart gemm = buildChart(analysisOf(m_plans.at("resnet-qat")), "gemm-mnk");
    ChartPainter wide(&gemm);
    paintInto(wide, QSize(1600, 1000));
    QCOMPARE(wide.panelBoxes()[1].top(), wide.panelBoxes()[0].top()); // side by side
    for (const char* id : {"gemm-mnk", "efficiency-scatter", "reformat-by-origin",
                           "pointwise-fusion", "precision-rollup"}) {
        const Chart chart = buildChart(analysisOf(m_plans.at("aeb-bev")), id);
        ChartPainter painter(&chart);
        paintInto(painter, QSize(600, 450));
        for (const QRectF& box : painter.panelBoxes())
            QVERIFY2(box.width() >= 180 && box.height() >= 120,
                     qPrintable(QString("%1: %2x%3").arg(id).arg(box.width()).arg(box.height())));
    }
    const Chart origins = buildChart(analysisOf(m_plans.at("aeb-bev")), "reformat-by-origin");
    ChartPainter narrow(&origins);
    paintInto(narrow, QSize(600, 450));
    QVERIFY(narrow.panelBoxes()[0].width() > 280); // three columns of 200 px would not fit
}

// Halved latencies look halved: one pixels-per-ms for both engines' bars.
void TestChartRender::alignedBarsShareOneScale() {
    const Chart chart = buildCompareChart({&m_plans.at("resnet-fp32"), &m_plans.at("resnet-fp16")},
                                          "compare-aligned-layers");
    ChartPainter painter(&chart);
    paintInto(painter, QSize(1200, 700));
    double perMs = 0;
    QSet<int> panels;
    for (const DrawnMark& m : painter.drawnMarks()) {
        panels.insert(m.panel);
        if (perMs == 0)
            perMs = m.rect.height() / m.mark->value;
        QVERIFY2(qAbs(m.rect.height() - m.mark->value * perMs) < 0.01,
                 qPrintable(QString("%1 ms: %2 px").arg(m.mark->value).arg(m.rect.height())));
    }
    QCOMPARE(panels.size(), 2);
}

// In the Charts tab (a scroll area about 600x450), six scatters get the height they read well in
// and scroll; a one-panel chart fills the view without scrolling.
void TestChartRender::chartsTabScrollsManyPanels() {
    LayerSelection selection;
    QScrollArea scroll;
    scroll.setWidgetResizable(true);
    scroll.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* view = new ChartView(&selection);
    view->setGrowToFit(true);
    scroll.setWidget(view);
    scroll.resize(600, 450);
    scroll.show();
    view->setChart(buildChart(analysisOf(m_plans.at("aeb-bev")), "efficiency-scatter"));
    QTRY_VERIFY(view->height() > 600);
    QVERIFY(view->width() < 600); // the scroll bar took its room
    view->setChart(buildChart(analysisOf(m_plans.at("aeb-bev")), "count-per-type"));
    QTRY_COMPARE(view->height(), scroll.viewport()->height());
}

PLANSCOPE_TEST_MAIN(TestChartRender, QApplication)
// The PNG writer of charts and graphs: what is written reads back pixel for pixel, opaque
// pictures without alpha, others with it; an unwritable path is refused.
void TestChartRender::writesPngsThatReadBack() {
    QImage opaque(40, 30, QImage::Format_ARGB32_Premultiplied);
    opaque.fill(Qt::white);
    QPainter painter(&opaque);
    painter.fillRect(5, 5, 20, 10, QColor(70, 130, 180));
    painter.drawLine(0, 29, 39, 0);
    painter.end();
    const QString opaqueFile = m_dir.filePath("opaque.png");
    QVERIFY(writePng(opaque, opaqueFile));
    const QImage readOpaque(opaqueFile);
    QVERIFY(!readOpaque.hasAlphaChannel());
    QCOMPARE(readOpaque.convertToFormat(QImage::Format_RGB32),
             opaque.convertToFormat(QImage::Format_RGB32));

    QImage clear(16, 16, QImage::Format_ARGB32);
    clear.fill(QColor(255, 0, 0, 255));
    clear.setPixelColor(3, 4, QColor(0, 0, 255, 100));
    const QString clearFile = m_dir.filePath("clear.png");
    QVERIFY(writePng(clear, clearFile));
    const QImage readClear(clearFile);
    QVERIFY(readClear.hasAlphaChannel());
    QCOMPARE(readClear.pixelColor(3, 4), QColor(0, 0, 255, 100));
    QCOMPARE(readClear.pixelColor(0, 0), QColor(255, 0, 0, 255));

    QVERIFY(!writePng(opaque, "/nonexistent/folder/x.png"));
}

#include "tst_chart_render.moc"
