#include "ScreenTestMain.h"
#include "TestSupport.h"
#include "gui/MainWindow.h"
#include "panels/GraphPanel.h"

#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>

using namespace planscope;
using planscope::test::dataPath;

namespace {

// How many pixels inside `rect` (widget coordinates, border left out) differ clearly from the
// node's fill: the label's ink.
int inkPixels(const QImage& image, const QRectF& rect) {
    const QRect inside = rect.toAlignedRect().adjusted(3, 3, -3, -3).intersected(image.rect());
    QHash<QRgb, int> counts;
    for (int y = inside.top(); y <= inside.bottom(); ++y)
        for (int x = inside.left(); x <= inside.right(); ++x)
            ++counts[image.pixel(x, y)];
    QRgb fill = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() > counts.value(fill))
            fill = it.key();
    int ink = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        ink += std::abs(qGray(it.key()) - qGray(fill)) > 80 ? it.value() : 0;
    return ink;
}

} // namespace

// The Graph tab as a new user first sees it (fresh settings) on the screen PLANSCOPE_SCREEN:
// whatever the plan, node labels are legible and the layer it opens on is in view.
class TestGraphLegible : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void opensLegible_data();
    void opensLegible();
    void findZoomsToTheLayer();

  private:
    void openOnGraphTab(MainWindow& window, const QString& plan, int layer = -1);
};

void TestGraphLegible::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
}

// Opens `plan` (the demo plan if empty) in a fresh window, selects `layer` (unless -1) as the
// layer table would, shows the Graph tab and waits for its layout.
void TestGraphLegible::openOnGraphTab(MainWindow& window, const QString& plan, int layer) {
    QSettings().clear();
    window.show();
    QSignalSpy loaded(&window, &MainWindow::loadFinished);
    if (plan.isEmpty())
        window.openDemoPlan();
    else
        window.openPlan(dataPath(plan));
    QVERIFY(loaded.wait(60000));
    QVERIFY(loaded.first().first().toBool());
    if (layer >= 0)
        window.document()->selection()->select(layer);
    window.findChild<QTabWidget*>()->setCurrentWidget(window.graphPanel());
    QTRY_VERIFY_WITH_TIMEOUT(
        !window.graphPanel()->isLayingOut() && window.graphPanel()->canvas()->scene(), 120000);
    QTest::qWait(50);
}

void TestGraphLegible::opensLegible_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<int>("selected"); // a layer selected before the tab opens, or -1
    QTest::newRow("resnet fp16") << "trex/resnet-a100/fp16" << -1;
    QTest::newRow("resnet fp16, last layer selected") << "trex/resnet-a100/fp16" << 24;
    QTest::newRow("controlnet")
        << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json" << -1;
    QTest::newRow("controlnet, a Myelin layer selected")
        << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json" << 150;
    QTest::newRow("mobilenet") << "trex/mobilenet/mobilenet.qat.onnx.engine" << -1;
    QTest::newRow("demo") << QString() << -1;
}

void TestGraphLegible::opensLegible() {
    QFETCH(QString, plan);
    QFETCH(int, selected);
    MainWindow window;
    openOnGraphTab(window, plan, selected);
    if (QTest::currentTestFailed())
        return;
    GraphCanvas* canvas = window.graphPanel()->canvas();
    QVERIFY(canvas->scene());
    QVERIFY2(canvas->labelPixels() >= GraphCanvas::kLegibleLabelPixels,
             qPrintable(QString("labels %1 px high").arg(canvas->labelPixels())));
    // The layer it opens on: the selected one, else the first.
    const PlanGraph& graph = canvas->scene()->graph;
    const int node = graph.nodeOfLayer(selected >= 0 ? selected : 0);
    QVERIFY(node >= 0);
    const QRectF box = canvas->scene()->layout.nodes[std::size_t(node)];
    QVERIFY(canvas->visibleScene().contains(box));
    // The screenshot shows the label drawn in that node.
    const QImage shot = canvas->grab().toImage();
    const QRectF onScreen(canvas->toWidget(box.topLeft()), canvas->toWidget(box.bottomRight()));
    QVERIFY2(inkPixels(shot, onScreen) > 60,
             qPrintable(QString("%1 ink pixels").arg(inkPixels(shot, onScreen))));
}

// Find selects the next matching layer and zooms to it, however far the user zoomed out.
void TestGraphLegible::findZoomsToTheLayer() {
    MainWindow window;
    openOnGraphTab(window, "trex/resnet-a100/fp16");
    GraphCanvas* canvas = window.graphPanel()->canvas();
    canvas->fitToWindow();
    QVERIFY(canvas->labelPixels() < GraphCanvas::kLegibleLabelPixels); // 25 layers do not fit
    auto* find = window.graphPanel()->findChild<QLineEdit*>();
    find->setText("Conv_41");
    QTest::keyClick(find, Qt::Key_Return);
    const int layer = window.document()->selection()->current();
    QVERIFY(window.document()->plan()->layers[std::size_t(layer)].name.contains("Conv_41"));
    QVERIFY(canvas->labelPixels() >= GraphCanvas::kLegibleLabelPixels);
    const QRectF box =
        canvas->scene()->layout.nodes[std::size_t(canvas->scene()->graph.nodeOfLayer(layer))];
    QVERIFY(canvas->visibleScene().contains(box));
}

int main(int argc, char** argv) {
    return planscope::test::runOnScreen<TestGraphLegible>(argc, argv);
}

#include "tst_graph_legible.moc"
