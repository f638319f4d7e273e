#include "TestSupport.h"
#include "demo/SyntheticPlan.h"
#include "document/LayerSelection.h"
#include "graphview/GraphCanvas.h"
#include "graphview/GraphExport.h"
#include "graphview/GraphFormat.h"
#include "graphview/GraphLayout.h"
#include "graphview/GraphPainter.h"
#include "io/PlanLoader.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>

using namespace planscope;
using planscope::test::dataPath;

class TestGraphRender : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void laysOutEveryNode();
    void edgesEndAtTheirNodes_data();
    void edgesEndAtTheirNodes();
    void exportsOneNodePerLayer();
    void choosesTheFormat_data();
    void choosesTheFormat();
    void namesTheFormats();
    void clickingANodeSelectsItsLayer();
    void selectionBringsTheLayerIntoView();
    void restylingKeepsTheView();
    void haloShowsWhenZoomedOut();

  private:
    void showGraph(GraphCanvas& canvas, QSize size) const;

    QTemporaryDir m_dir;
    std::shared_ptr<EnginePlan> m_plan;
    PlanGraph m_graph;
    GraphStyle m_style;
    GraphLayout m_layout;
};

void TestGraphRender::initTestCase() {
    m_plan = std::make_shared<EnginePlan>(
        loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine")));
    m_graph = PlanGraph::build(*m_plan);
    m_layout = layoutGraph(m_graph, GraphPainter::nodeSizes(m_graph, *m_plan, m_style));
    QVERIFY2(m_layout.ok(), qPrintable(m_layout.error));
    // More chains than one dot run takes (400): the layout stacks bands.
    QString error;
    QVERIFY2(writeSyntheticPlan(m_dir.filePath("generated.onnx.engine"), {.layers = 1500}, &error),
             qPrintable(error));
}

void TestGraphRender::laysOutEveryNode() {
    QCOMPARE(m_layout.nodes.size(), m_graph.nodes().size());
    const QRectF bounds = m_layout.bounds.adjusted(-1, -1, 1, 1);
    for (std::size_t a = 0; a < m_layout.nodes.size(); ++a) {
        QVERIFY(!m_layout.nodes[a].isEmpty());
        QVERIFY(bounds.contains(m_layout.nodes[a]));
        for (std::size_t b = a + 1; b < m_layout.nodes.size(); ++b)
            QVERIFY2(!m_layout.nodes[a].intersects(m_layout.nodes[b]),
                     qPrintable(QString("%1 overlaps %2").arg(a).arg(b)));
    }
    for (const QPainterPath& edge : m_layout.edges)
        QVERIFY(!edge.isEmpty());
    // Data flows down: every edge ends below where it starts.
    for (const GraphEdge& e : m_graph.edges())
        QVERIFY(m_layout.nodes[std::size_t(e.to)].top() >
                m_layout.nodes[std::size_t(e.from)].top());
}

namespace {

// How far `point` lies from the outline of `rect`.
double distanceToOutline(const QPointF& point, const QRectF& rect) {
    const double dx = std::max({rect.left() - point.x(), 0.0, point.x() - rect.right()});
    const double dy = std::max({rect.top() - point.y(), 0.0, point.y() - rect.bottom()});
    if (dx > 0 || dy > 0)
        return std::hypot(dx, dy);
    return std::min({point.x() - rect.left(), rect.right() - point.x(), point.y() - rect.top(),
                     rect.bottom() - point.y()});
}

} // namespace

void TestGraphRender::edgesEndAtTheirNodes_data() {
    QTest::addColumn<QString>("plan");
    QTest::newRow("mobilenet") << "trex/mobilenet/mobilenet.qat.onnx.engine";
    QTest::newRow("resnet fp16") << "trex/resnet-a100/fp16";
    QTest::newRow("controlnet")
        << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json";
    QTest::newRow("aeb-bev") << "realworld/aeb-bev-trt86/layers_.json";
    QTest::newRow("generated, laid out in bands") << m_dir.filePath("generated.onnx.engine");
}

// Every edge starts on its tail node's outline and ends, arrow tip included, on its head's.
void TestGraphRender::edgesEndAtTheirNodes() {
    QFETCH(QString, plan);
    const EnginePlan loaded = loadPlan(plan.startsWith('/') ? plan : dataPath(plan));
    const PlanGraph graph = PlanGraph::build(loaded);
    const GraphLayout layout = layoutGraph(graph, GraphPainter::nodeSizes(graph, loaded, m_style));
    QVERIFY2(layout.ok(), qPrintable(layout.error));
    QStringList bad;
    for (std::size_t e = 0; e < graph.edges().size(); ++e) {
        const QPainterPath& path = layout.edges[e];
        const QRectF tail = layout.nodes[std::size_t(graph.edges()[e].from)];
        const QRectF head = layout.nodes[std::size_t(graph.edges()[e].to)];
        const double start = distanceToOutline(path.pointAtPercent(0), tail);
        const double end = distanceToOutline(path.pointAtPercent(1), head);
        if (start > 2 || end > 2)
            bad << QString("e%1 %2 -> %3: start %4, end %5 off")
                       .arg(e)
                       .arg(graph.edges()[e].from)
                       .arg(graph.edges()[e].to)
                       .arg(start, 0, 'f', 1)
                       .arg(end, 0, 'f', 1);
    }
    QVERIFY2(bad.isEmpty(),
             qPrintable(QString::number(bad.size()) + " edges: " + bad.mid(0, 10).join("; ")));
}

void TestGraphRender::exportsOneNodePerLayer() {
    QTemporaryDir dir;
    const GraphPainter painter(m_graph, m_layout, *m_plan, m_style);
    QString error;
    const QString svg = dir.filePath("graph.svg");
    QVERIFY2(exportGraphPicture(painter, m_layout, GraphFormat::Svg, svg, m_plan->name, &error),
             qPrintable(error));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    // Each layer node draws its type in bold as its first line.
    int typeTitles = 0;
    for (const char* type : {">Convolution</text>", ">Reformat</text>", ">Pooling</text>"})
        typeTitles += int(text.count(type));
    QCOMPARE(typeTitles, 72);
    const QString png = dir.filePath("graph.png");
    QVERIFY2(exportGraphPicture(painter, m_layout, GraphFormat::Png, png, m_plan->name, &error),
             qPrintable(error));
    const QImage image(png);
    QVERIFY(image.width() > 100 && image.height() > 1000);
}

void TestGraphRender::choosesTheFormat_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("viewsOnly"); // the Graph tab's formats, else export-graph's
    QTest::addColumn<std::optional<QString>>("named");
    QTest::addColumn<std::optional<GraphFormat>>("format");
    const std::optional<QString> none;
    QTest::newRow("svg") << "out/g.svg" << false << none << std::optional(GraphFormat::Svg);
    QTest::newRow("png in capitals") << "G.PNG" << false << none << std::optional(GraphFormat::Png);
    QTest::newRow("dot") << "g.Dot" << true << none << std::optional(GraphFormat::Dot);
    QTest::newRow("onnx") << "g.onnx" << false << none << std::optional(GraphFormat::Onnx);
    QTest::newRow("onnx in the tab") << "g.onnx" << true << none << std::optional<GraphFormat>();
    QTest::newRow("unknown suffix") << "g.bmp" << false << none << std::optional<GraphFormat>();
    QTest::newRow("no suffix") << "graph" << true << none << std::optional<GraphFormat>();
    QTest::newRow("only the last suffix")
        << "g.svg.txt" << false << none << std::optional<GraphFormat>();
    QTest::newRow("named over the suffix")
        << "g.txt" << false << std::optional<QString>("dot") << std::optional(GraphFormat::Dot);
    QTest::newRow("named in capitals")
        << "g.svg" << false << std::optional<QString>("PNG") << std::optional(GraphFormat::Png);
    QTest::newRow("named unknown")
        << "g.svg" << false << std::optional<QString>("jpeg") << std::optional<GraphFormat>();
    QTest::newRow("named empty") << "g.svg" << false << std::optional<QString>("")
                                 << std::optional<GraphFormat>();
}

void TestGraphRender::choosesTheFormat() {
    QFETCH(QString, file);
    QFETCH(bool, viewsOnly);
    QFETCH(std::optional<QString>, named);
    QFETCH(std::optional<GraphFormat>, format);
    const std::span<const GraphFormat> formats =
        viewsOnly ? std::span<const GraphFormat>(kGraphViewFormats) : kGraphFormats;
    QCOMPARE(chooseGraphFormat(file, formats, named), format);
}

// The words the CLI's errors and the dialogs' filters are made of.
void TestGraphRender::namesTheFormats() {
    QCOMPARE(graphFormatWords(kGraphFormats), QString("svg, png, dot or onnx"));
    QCOMPARE(graphFormatWords(kGraphFormats, "."), QString(".svg, .png, .dot or .onnx"));
    QCOMPARE(graphFormatWords(kGraphViewFormats, "."), QString(".svg, .png or .dot"));
    QCOMPARE(graphFormatFilters(kGraphViewFormats),
             QString("SVG drawing (*.svg);;PNG image (*.png);;Graphviz DOT (*.dot)"));
    QCOMPARE(graphFormatFilter(GraphFormat::Onnx), QString("ONNX models (*.onnx)"));
}

void TestGraphRender::showGraph(GraphCanvas& canvas, QSize size) const {
    canvas.resize(size);
    auto scene = std::make_shared<GraphCanvas::Scene>();
    scene->plan = m_plan;
    scene->graph = m_graph;
    scene->layout = m_layout;
    canvas.setScene(scene);
    canvas.show();
}

void TestGraphRender::clickingANodeSelectsItsLayer() {
    LayerSelection selection;
    GraphCanvas canvas(&selection);
    showGraph(canvas, QSize(900, 700));
    const int node = m_graph.nodeOfLayer(5);
    canvas.showLayer(5);
    const QPoint at = canvas.toWidget(m_layout.nodes[std::size_t(node)].center()).toPoint();
    QVERIFY(canvas.rect().contains(at));
    QTest::mouseClick(&canvas, Qt::LeftButton, {}, at);
    QCOMPARE(selection.current(), 5);
    // Selecting a far layer elsewhere brings it into view.
    selection.select(70);
    const QPoint far =
        canvas.toWidget(m_layout.nodes[std::size_t(m_graph.nodeOfLayer(70))].center()).toPoint();
    QVERIFY(canvas.rect().contains(far));
    QVERIFY(!canvas.grab().toImage().isNull());
}

// A layer selected elsewhere comes into view at a legible zoom; a legible view that shows it
// stays as the user left it; a click on a node keeps even a zoomed-out view.
void TestGraphRender::selectionBringsTheLayerIntoView() {
    LayerSelection selection;
    GraphCanvas canvas(&selection);
    showGraph(canvas, QSize(900, 700));
    const auto box = [this](int layer) {
        return m_layout.nodes[std::size_t(m_graph.nodeOfLayer(layer))];
    };
    canvas.fitToWindow();
    QVERIFY(canvas.labelPixels() < GraphCanvas::kLegibleLabelPixels); // 72 layers do not fit
    selection.select(70);
    QCOMPARE(canvas.labelPixels(), GraphCanvas::kLegibleLabelPixels);
    QVERIFY(canvas.visibleScene().contains(box(70)));

    canvas.zoomBy(1.5, QPointF(450, 350));
    const double zoom = canvas.zoom();
    int shown = -1; // another layer the view shows whole
    for (int layer = 0; layer < 72 && shown < 0; ++layer)
        if (layer != 70 && canvas.visibleScene().contains(box(layer)))
            shown = layer;
    QVERIFY(shown >= 0);
    const QRectF view = canvas.visibleScene();
    selection.select(shown);
    QCOMPARE(canvas.visibleScene(), view);
    selection.select(0); // out of view: centred, at the user's zoom
    QCOMPARE(canvas.zoom(), zoom);
    QVERIFY(canvas.visibleScene().contains(box(0)));

    canvas.fitToWindow();
    const QRectF whole = canvas.visibleScene();
    QTest::mouseClick(&canvas, Qt::LeftButton, {}, canvas.toWidget(box(30).center()).toPoint());
    QCOMPARE(selection.current(), 30);
    QCOMPARE(canvas.visibleScene(), whole);
}

// Colored by precision instead of type, the same layout keeps the user's zoom and pan; another
// graph opens readable.
void TestGraphRender::restylingKeepsTheView() {
    LayerSelection selection;
    GraphCanvas canvas(&selection);
    showGraph(canvas, QSize(900, 700));
    canvas.zoomBy(0.5, QPointF(100, 100));
    canvas.panBy(QPointF(40, 300));
    const QRectF view = canvas.visibleScene();
    auto recolored = std::make_shared<GraphCanvas::Scene>(*canvas.scene());
    recolored->style.color = GraphStyle::Color::Precision;
    canvas.setScene(recolored);
    QCOMPARE(canvas.visibleScene(), view);
    auto near = std::make_shared<GraphCanvas::Scene>(*canvas.scene());
    near->graph = m_graph.neighbourhood(m_graph.nodeOfLayer(40), 2);
    near->layout = layoutGraph(near->graph, GraphPainter::nodeSizes(near->graph, *m_plan, m_style));
    canvas.setScene(near);
    QVERIFY(canvas.visibleScene() != view);
    QVERIFY(canvas.labelPixels() >= GraphCanvas::kLegibleLabelPixels);
}

// Fitted to a small view the graph is drawn at a fraction of its size; the selected layer's
// yellow halo keeps a width the eye can find.
void TestGraphRender::haloShowsWhenZoomedOut() {
    LayerSelection selection;
    GraphCanvas canvas(&selection);
    showGraph(canvas, QSize(400, 300));
    canvas.fitToWindow();
    const auto haloPixels = [&canvas] {
        const QImage image = canvas.grab().toImage();
        int count = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                count += image.pixelColor(x, y) == QColor(0xFF, 0xD7, 0x00) ? 1 : 0;
        return count;
    };
    QCOMPARE(haloPixels(), 0);
    selection.select(40);
    canvas.fitToWindow(); // F: the whole graph again
    const QRectF node = m_layout.nodes[std::size_t(m_graph.nodeOfLayer(40))];
    QVERIFY(canvas.toWidget(node.bottomRight()).x() - canvas.toWidget(node.topLeft()).x() < 40);
    // A ring about 5 pixels wide around the node (a halo scaled with the graph had none).
    QVERIFY2(haloPixels() > 60, qPrintable(QString::number(haloPixels())));
}

PLANSCOPE_TEST_MAIN(TestGraphRender, QApplication)
#include "tst_graph_render.moc"
