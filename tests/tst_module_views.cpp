#include "AnalysisSupport.h"
#include "TestSupport.h"
#include "charts/ChartCatalog.h"
#include "chartview/ChartPainter.h"
#include "demo/SyntheticPlan.h"
#include "document/PlanDocument.h"
#include "graphview/EdgeLabelPlacement.h"
#include "graphview/GraphPainter.h"
#include "gui/MainWindow.h"
#include "io/PlanLoader.h"
#include "itemmodels/ModuleTreeModel.h"
#include "modules/ModuleTree.h"
#include "panels/GraphPanel.h"
#include "panels/ModulesPanel.h"

#include <QApplication>
#include <QFileInfo>
#include <QImage>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeView>

using namespace planscope;
using planscope::test::analysisOf;
using planscope::test::dataPath;

namespace {

const QString kControlNetB =
    QStringLiteral("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json");

// Waits for the plan and its analysis, which brings the modules.
bool openAndWait(MainWindow& window, const QString& path) {
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.openPlan(path);
    return (!finished.isEmpty() || finished.wait(60000)) && finished.first().first().toBool() &&
           QTest::qWaitFor([&window] { return !window.document()->isAnalysing(); }, 60000);
}

// Waits for the graph panel's newest layout to be on its canvas.
bool laidOut(GraphPanel* graph) {
    return QTest::qWaitFor([graph] { return !graph->isLayingOut() && graph->canvas()->scene(); },
                           60000);
}

// Shows the window's Graph tab: a hidden graph is not laid out.
GraphPanel* showGraphTab(MainWindow& window) {
    window.findChild<QTabWidget*>()->setCurrentWidget(window.graphPanel());
    return window.graphPanel();
}

// A generated plan of `layers` layers: with PyTorch's module paths its blocks sit in a few
// stages (stem, layer1 ... layer9, head for 1000 layers); without, each block is a top-level module
// of its own (332 of them for 1000 layers), which does not fold.
std::shared_ptr<const EnginePlan> generatedPlan(const QTemporaryDir& dir, int layers,
                                                bool modulePaths) {
    const QString prefix = dir.filePath(modulePaths ? "paths.onnx.engine" : "blocks.onnx.engine");
    QString error;
    if (!writeSyntheticPlan(prefix, {.layers = layers, .modulePaths = modulePaths}, &error))
        return nullptr;
    return std::make_shared<const EnginePlan>(loadPlan(prefix + ".graph.json"));
}

int countKind(const PlanGraph& graph, GraphNode::Kind kind) {
    return int(std::count_if(graph.nodes().begin(), graph.nodes().end(),
                             [kind](const GraphNode& n) { return n.kind == kind; }));
}

} // namespace

// The Modules tab, the module graph and the module sunburst on ControlNet's 241-layer engine.
class TestModuleViews : public QObject {
    Q_OBJECT
  private slots:
    void choosingAModuleMarksItsLayers();
    void graphOpensOnModulesAndOpensOne();
    void graphOpensOnModulesBeforeTheAnalysis();
    void graphIsNotLaidOutWhileHidden();
    void modulesThatDoNotFoldOpenNoModuleGraph();
    void wideModuleGraphWaitsForAClick();
    void edgeLabelsKeepApart();
    void sunburstNamesWholeOrNot();
    void findOpensTheModulesOnTheWay();
    void sunburstZoomsInAndBack();
};

void TestModuleViews::choosingAModuleMarksItsLayers() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath(kControlNetB)));
    ModulesPanel* panel = window.modulesPanel();
    QVERIFY2(panel->headerText().startsWith("241 layers in 176 modules"),
             qPrintable(panel->headerText()));
    QVERIFY(panel->chooseModule("input_blocks.1/input_blocks.1.1"));
    const ModuleTree& tree = panel->model()->tree();
    const std::vector<int> layers = tree.layersUnder(tree.find("input_blocks.1/input_blocks.1.1"));
    LayerSelection* selection = window.document()->selection();
    QCOMPARE(selection->marked(), QList<int>(layers.begin(), layers.end()));
    // The slowest of them is current, and the inspector, table and graph follow it.
    const auto& planLayers = window.document()->plan()->layers;
    for (int l : layers)
        QVERIFY(planLayers[std::size_t(selection->current())].timing.averageMs >=
                planLayers[std::size_t(l)].timing.averageMs);
    // A layer chosen elsewhere shows in its module, its modules opened.
    selection->select(0);
    const QModelIndex current = panel->view()->currentIndex();
    QCOMPARE(current.data(ModuleTreeModel::LayerRole).toInt(), 0);
}

void TestModuleViews::graphOpensOnModulesAndOpensOne() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath(kControlNetB)));
    GraphPanel* graph = showGraphTab(window);
    QVERIFY(laidOut(graph));
    // 27 top-level modules hold 241 layers: more than a tenth, so they do not fold and the
    // graph opens whole; the module graph is one choice away.
    QCOMPARE(graph->mode(), GraphPanel::WholeGraph);
    graph->showModules(1);
    QVERIFY(laidOut(graph));
    const PlanGraph& closed = graph->canvas()->scene()->graph;
    QVERIFY(closed.clusters().empty());
    const int modules = countKind(closed, GraphNode::Kind::Module);
    QCOMPARE(modules, 27); // ControlNet's top-level modules
    const int inputBlocks1 = window.document()->modules()->find("input_blocks.1");
    graph->toggleModule(inputBlocks1);
    QVERIFY(laidOut(graph));
    const GraphCanvas::Scene* open = graph->canvas()->scene();
    QCOMPARE(open->graph.clusters().size(), std::size_t(1));
    QCOMPARE(open->graph.clusters()[0].module, inputBlocks1);
    // Its two submodules are nodes inside its frame, the rest as before.
    const QRectF frame = open->layout.clusters[0];
    QVERIFY(!frame.isEmpty());
    int inside = 0;
    for (std::size_t n = 0; n < open->graph.nodes().size(); ++n)
        if (open->graph.nodes()[n].cluster == 0) {
            QVERIFY(frame.contains(open->layout.nodes[n]));
            ++inside;
        }
    QCOMPARE(inside, 2);
    QCOMPARE(countKind(open->graph, GraphNode::Kind::Module), modules - 1 + 2);
    // A double-click on its frame closes it again.
    graph->toggleModule(inputBlocks1);
    QVERIFY(laidOut(graph));
    QVERIFY(graph->canvas()->scene()->graph.clusters().empty());
}

// The graph asks for the modules when it shows and opens on them as soon as the worker has made
// them, before the lint; the findings then mark its nodes without laying it out again. Modules
// once made are kept: asking again makes nothing.
void TestModuleViews::graphOpensOnModulesBeforeTheAnalysis() {
    QTemporaryDir dir;
    const auto plan = generatedPlan(dir, 1000, true);
    QVERIFY(plan);
    PlanDocument document;
    GraphPanel graph(&document);
    QSignalSpy modulesChanged(&document, &PlanDocument::modulesChanged);
    document.setPlan(plan); // analysing
    QVERIFY(!document.hasModules());
    QVERIFY(!document.modulesPending()); // nothing shows them yet
    graph.show();
    QVERIFY(document.modulesPending());
    QVERIFY(!graph.canvas()->scene());
    QVERIFY(laidOut(&graph));
    QCOMPARE(modulesChanged.count(), 1);
    QVERIFY(document.isAnalysing());
    QCOMPARE(graph.mode(), GraphPanel::Modules); // 11 top-level modules fold 1000 layers
    const GraphCanvas::Scene* scene = graph.canvas()->scene();
    QCOMPARE(countKind(scene->graph, GraphNode::Kind::Module), 11); // 9 stages, stem, head
    QVERIFY(scene->flagged.isEmpty());

    const PlanAnalysis analysis = *document.analysis(); // what the worker makes them on
    analysis.makeFindingsCheckAndLeads();
    QSet<int> flagged;
    for (const LintFinding& f : analysis.findings())
        flagged.insert(f.layerIndex);
    QVERIFY(!flagged.isEmpty());
    document.setAnalysis(analysis);
    QVERIFY(!graph.isLayingOut());
    QCOMPARE(graph.canvas()->scene(), scene);
    QCOMPARE(scene->flagged, flagged);

    const std::shared_ptr<const ModuleTree> modules = document.modules();
    document.requestModules(); // made: nothing to wait for, nothing made again
    QVERIFY(!document.modulesPending());
    QCOMPARE(modulesChanged.count(), 1);
    QCOMPARE(document.modules(), modules);

    // Modules made on the spot (modules()) while the worker's are coming still reach a graph
    // waiting for them: the worker's delivery tells it.
    PlanDocument another;
    GraphPanel waiting(&another);
    waiting.show();
    another.setPlan(plan);
    QVERIFY(another.modulesPending());
    const std::shared_ptr<const ModuleTree> made = another.modules();
    QVERIFY(laidOut(&waiting));
    QCOMPARE(another.modules(), made);
}

// The window opens on its Layers tab: the graph is laid out when its tab is shown, not before.
void TestModuleViews::graphIsNotLaidOutWhileHidden() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath(kControlNetB)));
    GraphPanel* graph = window.graphPanel();
    QTest::qWait(100); // time for a layout that should not start
    QVERIFY(!graph->isLayingOut());
    QVERIFY(!graph->canvas()->scene());
    showGraphTab(window);
    QVERIFY(window.document()->modulesPending()); // they decide the mode
    QVERIFY(graph->isLayingOut());                // so a screenshot waits for them
    // An export asked for now (File > Export Graph shows the tab first) is written once the
    // layout is done.
    QTemporaryDir dir;
    graph->exportWhenLaidOut(dir.filePath("graph.dot"));
    QVERIFY(!QFileInfo::exists(dir.filePath("graph.dot")));
    QVERIFY(laidOut(graph));
    QTRY_VERIFY(QFileInfo(dir.filePath("graph.dot")).size() > 1000);
    // Options changed on another tab wait for the graph to show again.
    window.findChild<QTabWidget*>()->setCurrentIndex(0);
    graph->setNeighbourhood(true, 2);
    QVERIFY(!graph->isLayingOut());
    QCOMPARE(graph->canvas()->scene()->centre, -1); // the whole graph still
    showGraphTab(window);
    QVERIFY(laidOut(graph));
    QVERIFY(graph->canvas()->scene()->centre >= 0);
}

// A plan whose layers' names give each block a top-level module of its own (332 for 1000
// layers) opens on the slowest layer's neighbourhood, not on thousands of module nodes.
void TestModuleViews::modulesThatDoNotFoldOpenNoModuleGraph() {
    QTemporaryDir dir;
    const auto plan = generatedPlan(dir, 1000, false);
    QVERIFY(plan);
    const ModuleTree tree = buildModuleTree(*plan);
    QVERIFY(tree.hasPaths());
    QCOMPARE(tree.root().children.size(), std::size_t(332));
    QVERIFY(!tree.folds());
    PlanDocument document;
    GraphPanel graph(&document);
    graph.show();
    document.open(PlanAnalysis(plan));
    QVERIFY(laidOut(&graph));
    QCOMPARE(graph.mode(), GraphPanel::Neighbourhood);
    QCOMPARE(countKind(graph.canvas()->scene()->graph, GraphNode::Kind::Module), 0);
    QVERIFY(graph.canvas()->scene()->graph.nodes().size() < 100);
}

// A module graph of more than kWideModuleGraph nodes says how many and waits for Draw.
void TestModuleViews::wideModuleGraphWaitsForAClick() {
    QTemporaryDir dir;
    const auto plan = generatedPlan(dir, 1000, false);
    QVERIFY(plan);
    PlanDocument document;
    GraphPanel graph(&document);
    graph.show();
    document.open(PlanAnalysis(plan));
    QVERIFY(laidOut(&graph));
    const GraphCanvas::Scene* neighbourhood = graph.canvas()->scene();
    graph.showModules(1);
    QVERIFY(!graph.isLayingOut());
    QVERIFY(!graph.canvas()->scene());
    QPushButton* draw = nullptr;
    for (QPushButton* button : graph.findChildren<QPushButton*>())
        if (button->text().startsWith("Draw"))
            draw = button;
    QVERIFY(draw);
    QVERIFY(draw->isVisible());
    QCOMPARE(draw->text(), QStringLiteral("Draw 333 nodes")); // 332 blocks and the stem's
    QString error;
    QVERIFY(!graph.exportView(dir.filePath("wide.svg"), &error));
    QVERIFY2(error.contains("press Draw"), qPrintable(error));
    draw->click();
    QVERIFY(laidOut(&graph));
    QVERIFY(graph.canvas()->scene() != neighbourhood);
    QCOMPARE(int(graph.canvas()->scene()->graph.nodes().size()), 333);
    QVERIFY(!draw->isVisible());
}

void TestModuleViews::findOpensTheModulesOnTheWay() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath(kControlNetB)));
    GraphPanel* graph = showGraphTab(window);
    graph->showModules(1);
    QVERIFY(laidOut(graph));
    QLineEdit* find = nullptr;
    for (QLineEdit* edit : graph->findChildren<QLineEdit*>())
        if (edit->placeholderText().startsWith("Find layer"))
            find = edit;
    QVERIFY(find);
    find->setText("/input_blocks.1/input_blocks.1.1/proj_in/Conv");
    graph->findLayer();
    QVERIFY(laidOut(graph));
    const GraphCanvas::Scene* scene = graph->canvas()->scene();
    const int layer = window.document()->selection()->current();
    QVERIFY(layer >= 0);
    const int node = scene->graph.nodeOfLayer(layer);
    QVERIFY(node >= 0);
    QCOMPARE(scene->graph.nodes()[std::size_t(node)].kind, GraphNode::Kind::Layer);
    QVERIFY(scene->graph.clusters().size() >= 2); // input_blocks.1 and input_blocks.1.1 at least
}

void TestModuleViews::sunburstZoomsInAndBack() {
    const EnginePlan plan = loadPlan(dataPath(kControlNetB));
    const charts::Chart chart = charts::buildChart(analysisOf(plan), "module-sunburst");
    const charts::Panel& panel = chart.panels.front();
    QCOMPARE(panel.rings.front().label, QStringLiteral("input_blocks.1"));
    const auto whole = charts::ringLayout(panel);
    int inner = 0;
    for (const charts::RingSlice& s : whole)
        inner += s.level == 0 ? 1 : 0;
    QCOMPARE(inner, int(panel.rings.size()));
    // Zoomed into input_blocks.1 / input_blocks.1.1: that module whole, its submodules around.
    const QString key = charts::ringKey("input_blocks.1", "input_blocks.1.1");
    const auto zoomed = charts::ringLayout(panel, key);
    QCOMPARE(zoomed.front().node->label, QStringLiteral("input_blocks.1.1"));
    QCOMPARE(zoomed.front().spanDegrees, 360.0);
    QCOMPARE(charts::parentRingKey(key), QStringLiteral("input_blocks.1"));
    QCOMPARE(charts::parentRingKey("input_blocks.1"), QString());
    // A module's children leave a gap for its own layers: no child ring spans more than it.
    for (const charts::RingSlice& s : zoomed)
        QVERIFY(s.spanDegrees <= 360.0 + 1e-9);
}

// ControlNet's module graph at depth 1: a Gemm layer fans out to ten blocks, whose labels sat on
// one another at the edges' middles. Each label now has a spot of its own, on no node.
void TestModuleViews::edgeLabelsKeepApart() {
    const EnginePlan plan = loadPlan(
        dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json"));
    const ModuleTree tree = buildModuleTree(plan);
    const PlanGraph graph = moduleGraph(plan, tree, ModuleGraphView{});
    const GraphStyle style;
    const GraphLayout layout = layoutGraph(graph, GraphPainter::nodeSizes(graph, plan, style));
    QVERIFY(layout.ok());
    const std::vector<QRectF> boxes =
        placeEdgeLabels(graph, layout, style, GraphPainter::edgeLabelFont());
    std::vector<QRectF> placed;
    for (const QRectF& box : boxes)
        if (!box.isEmpty())
            placed.push_back(box);
    QVERIFY2(placed.size() >= graph.edges().size() * 8 / 10,
             qPrintable(QStringLiteral("%1 of %2").arg(placed.size()).arg(graph.edges().size())));
    for (std::size_t i = 0; i < placed.size(); ++i) {
        for (std::size_t j = i + 1; j < placed.size(); ++j)
            QVERIFY(!placed[i].intersects(placed[j]));
        for (const QRectF& node : layout.nodes)
            QVERIFY(!placed[i].intersects(node));
    }
}

// The module sunburst at the size the Charts tab gives it at 1366x768: its slices name their
// modules whole (on one line or broken after a '.' or '_'), never cut ("i...s"), and the legend
// names every top-level module.
void TestModuleViews::sunburstNamesWholeOrNot() {
    const EnginePlan plan = loadPlan(dataPath(kControlNetB));
    const charts::Chart chart = charts::buildChart(analysisOf(plan), "module-sunburst");
    charts::ChartPainter painter(&chart);
    QImage image(QSize(690, 480) * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2);
    QPainter p(&image);
    painter.paint(p, QRectF(0, 0, 690, 480));
    p.end();
    QStringList names;
    for (const Module& m : buildModuleTree(plan).modules)
        names << m.name;
    QStringList drawn;
    for (const charts::DrawnText& text : painter.drawnTexts())
        drawn << text.text;
    for (const QString& text : drawn) {
        QVERIFY2(!text.contains(QChar(0x2026)), qPrintable(text));
        if (text.startsWith("Latency by module")) // the title
            continue;
        // A module's name whole, or a line of it broken after a '.' or '_'.
        QVERIFY2(std::any_of(names.begin(), names.end(),
                             [&](const QString& name) {
                                 return name == text ||
                                        (name.startsWith(text) &&
                                         QStringView(u"._/-").contains(text.back())) ||
                                        (name.endsWith(text) &&
                                         QStringView(u"._/-").contains(
                                             name[name.size() - text.size() - 1]));
                             }),
                 qPrintable(text));
    }
    int whole = 0;
    for (const Module& top : buildModuleTree(plan).modules)
        if (top.depth == 1)
            whole += drawn.contains(top.name) ? 1 : 0;
    QCOMPARE(whole, 27); // in the legend, if not in their slices
    QVERIFY(drawn.contains("input_") && drawn.contains("blocks.1")); // its slice's, in two lines
    QVERIFY(!drawn.filter("more").size());
}

PLANSCOPE_TEST_MAIN(TestModuleViews, QApplication)

#include "tst_module_views.moc"
