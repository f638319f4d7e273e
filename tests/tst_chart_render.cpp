#include "TestSupport.h"
#include "charts/ChartCatalog.h"
#include "chartview/ChartExport.h"
#include "chartview/ChartPainter.h"
#include "chartview/ChartView.h"
#include "document/LayerSelection.h"
#include "io/PlanLoader.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>

using namespace planscope;
using namespace planscope::charts;
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

  private:
    EnginePlan m_plan;
    QTemporaryDir m_dir;
};

void TestChartRender::initTestCase() {
    m_plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
}

void TestChartRender::exportsPngAndSvg_data() {
    QTest::addColumn<QString>("id");
    for (const ChartDefinition& d : chartCatalog())
        QTest::newRow(qPrintable(d.id)) << d.id;
}

void TestChartRender::exportsPngAndSvg() {
    QFETCH(QString, id);
    const Chart chart = buildChart(m_plan, id);
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
    view.setChart(buildChart(m_plan, "latency-per-layer-ms"));
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
    view.setChart(buildChart(m_plan, "latency-sunburst"));
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
    QVERIFY(!exportChart(buildChart(m_plan, "count-per-type"), m_dir.filePath("chart.bmp"),
                         QSize(800, 600), &error));
    QVERIFY(error.contains("chart.bmp") && error.contains(".png or .svg"));
}

PLANSCOPE_TEST_MAIN(TestChartRender, QApplication)
#include "tst_chart_render.moc"
