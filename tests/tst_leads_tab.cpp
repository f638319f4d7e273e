#include "TestSupport.h"
#include "chartview/ChartView.h"
#include "gui/MainWindow.h"
#include "itemmodels/LayerTableModel.h"
#include "itemmodels/LeadsModel.h"
#include "palette/Palette.h"
#include "panels/ChartsPanel.h"
#include "panels/GraphPanel.h"
#include "panels/LayerTablePanel.h"
#include "panels/LeadsPanel.h"
#include "plan/FigureText.h"
#include "table/LayerTableView.h"
#include "text/RichTextView.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTreeView>
#include <set>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

bool openAndWait(MainWindow& window, const QString& path) {
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.openPlan(path);
    return (!finished.isEmpty() || finished.wait(60000)) && finished.first().first().toBool();
}

// Pixels of the marks' colour in what `widget` shows (inside `area` when given).
int markedPixels(QWidget* widget, QRect area = {}) {
    const QImage image = widget->grab().toImage();
    area = area.isNull() ? image.rect() : area.intersected(image.rect());
    const QRgb mark = 0xFF000000 | palette::markColor();
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            count += image.pixel(x, y) == mark ? 1 : 0;
    return count;
}

std::set<int> selectedLayers(LayerTableView* table) {
    std::set<int> layers;
    for (const QModelIndex& row : table->selectionModel()->selectedRows())
        layers.insert(row.data(LayerTableModel::LayerIndexRole).toInt());
    return layers;
}

} // namespace

// The Leads tab is linked like every view: a click on a lead marks its layers in the table, the
// graph and the charts and selects its slowest layer; the views never call each other.
class TestLeadsTab : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void listsLeadsInATab();
    void clickMarksLayersEverywhere();
    void detailsLinkSelectsALayer();
    void clearsMarks();
    void focusAloneMarksNothing();
    void saysWhatAPlanWithoutTimingsNeeds();
};

void TestLeadsTab::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void TestLeadsTab::listsLeadsInATab() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath("trex/resnet-a100/qat/resnet-qat.onnx.engine")));
    auto* tabs = window.findChild<QTabWidget*>();
    QCOMPARE(tabs->tabText(2).remove('&'), QStringLiteral("Leads")); // after Layers, Modules
    QCOMPARE(tabs->widget(2), window.leadsPanel());
    const QTreeView* view = window.leadsPanel()->view();
    QCOMPARE(view->model()->rowCount(), 6); // latency-gap last: the layers overstate the run
    // far-from-roof's time: its layers' above 80 % of their speed of light
    QCOMPARE(view->model()->index(0, LeadsModel::IdColumn).data().toString(),
             QStringLiteral("far-from-roof"));
    QCOMPARE(view->model()->index(0, LeadsModel::TimeColumn).data().toString(),
             QStringLiteral("0.565 ms"));
    QCOMPARE(view->model()->index(1, LeadsModel::IdColumn).data().toString(),
             QStringLiteral("reformats"));
    QCOMPARE(view->model()->index(1, LeadsModel::TimeColumn).data().toString(),
             QStringLiteral("0.279 ms"));
    QVERIFY(window.leadsPanel()->headerText().contains("6 leads"));
    QVERIFY(window.leadsPanel()->headerText().contains("slower-tactic"));
    // Before a lead is chosen, the details list every lead's next step.
    QVERIFY(window.leadsPanel()->details()->text().contains("--inputIOFormats"));
    QVERIFY(window.document()->selection()->marked().isEmpty());
}

void TestLeadsTab::clickMarksLayersEverywhere() {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(openAndWait(window, dataPath("trex/resnet-a100/qat/resnet-qat.onnx.engine")));
    auto* tabs = window.findChild<QTabWidget*>();
    tabs->setCurrentWidget(window.leadsPanel());
    QTreeView* view = window.leadsPanel()->view();
    QTest::qWait(50);
    const QRect row = view->visualRect(view->model()->index(1, LeadsModel::TitleColumn));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, row.center());

    // The reformats lead (second, after far-from-roof): the 12 Reformats are marked, the slowest
    // (QuantizeLinear_2, layer 0) selected.
    const LayerSelection* selection = window.document()->selection();
    QCOMPARE(selection->marked().size(), 12);
    QCOMPARE(selection->current(), 0);
    const EnginePlan& plan = *window.document()->plan();
    for (int layer : selection->marked())
        QCOMPARE(plan.layers[std::size_t(layer)].type, QStringLiteral("Reformat"));
    QVERIFY(window.leadsPanel()->details()->text().contains("FP16 NC/32HW32 -> INT8 NC/32HW32"));
    QVERIFY(window.leadsPanel()->details()->toHtml().contains("href=\"layer:3\""));

    // The table selects the marked rows, the focus current among them.
    LayerTableView* table = window.layerPanel()->view();
    const std::set<int> marked(selection->marked().begin(), selection->marked().end());
    QCOMPARE(selectedLayers(table), marked);
    QCOMPARE(table->currentIndex().data(LayerTableModel::LayerIndexRole).toInt(), 0);
    window.document()->selection()->select(3); // the focus moves among them: all stay selected
    QCOMPARE(selectedLayers(table), marked);

    // The graph halos them, on the canvas and on its map.
    QSignalSpy laidOut(window.graphPanel(), &GraphPanel::layoutFinished);
    tabs->setCurrentWidget(window.graphPanel());
    QTRY_VERIFY_WITH_TIMEOUT(
        !window.graphPanel()->isLayingOut() && window.graphPanel()->canvas()->scene(), 60000);
    QTest::qWait(50);
    GraphCanvas* canvas = window.graphPanel()->canvas();
    const QRectF node =
        canvas->scene()->layout.nodes[std::size_t(canvas->scene()->graph.nodeOfLayer(3))];
    const QRect halo =
        QRectF(canvas->toWidget(node.topLeft()), canvas->toWidget(node.bottomRight()))
            .toAlignedRect()
            .adjusted(-8, -8, 8, 8);
    QVERIFY(markedPixels(canvas, halo) > 100);                  // layer 3's halo
    QVERIFY(markedPixels(canvas) > markedPixels(canvas, halo)); // and the others

    // The per-layer chart marks their bars.
    tabs->setCurrentWidget(window.chartsPanel());
    QVERIFY(window.chartsPanel()->showChart("latency-per-layer-ms"));
    QTest::qWait(50);
    auto* chart = window.chartsPanel()->findChild<charts::ChartView*>();
    QVERIFY(chart);
    QVERIFY(markedPixels(chart) > 12 * 4);
}

void TestLeadsTab::detailsLinkSelectsALayer() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, fixturePath("leads.graph.json")));
    QVERIFY(window.leadsPanel()->chooseLead("several-streams"));
    QCOMPARE(window.document()->selection()->current(), 3); // matmul_simt, the slower
    emit window.leadsPanel()->details()->anchorClicked(QUrl("layer:4"));
    QCOMPARE(window.document()->selection()->current(), 4);
    QCOMPARE(window.document()->selection()->marked(), (QList<int>{3, 4}));
    QVERIFY(!window.leadsPanel()->chooseLead("slower-tactic")); // no build log
}

void TestLeadsTab::clearsMarks() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, fixturePath("leads.graph.json")));
    QVERIFY(window.leadsPanel()->chooseLead("generated-kernels"));
    QCOMPARE(window.document()->selection()->marked().size(), 3);
    auto* clear = window.leadsPanel()->findChild<QPushButton*>();
    QVERIFY(clear && clear->isEnabled());
    clear->click();
    QVERIFY(window.document()->selection()->marked().isEmpty());
    QVERIFY(!clear->isEnabled());
    QVERIFY(window.leadsPanel()->view()->selectionModel()->selectedRows().isEmpty());
    // The table keeps the focus alone.
    QCOMPARE(selectedLayers(window.layerPanel()->view()),
             std::set<int>{window.document()->selection()->current()});
    // Marks set again from elsewhere choose their lead in the list.
    window.document()->selection()->mark({3}, 3);
    QCOMPARE(window.leadsPanel()->view()->selectionModel()->selectedRows().first().data(
                 LeadsModel::LeadIdRole),
             QVariant("non-tensor-core-gemm"));
    // A new plan: no marks left.
    QVERIFY(openAndWait(window, fixturePath("leads.graph.json")));
    QVERIFY(window.document()->selection()->marked().isEmpty());
}

// The list taking the keyboard focus makes a row current without choosing it.
void TestLeadsTab::focusAloneMarksNothing() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, fixturePath("leads.graph.json")));
    window.document()->selection()->select(7);
    window.findChild<QTabWidget*>()->setCurrentWidget(window.leadsPanel());
    window.leadsPanel()->view()->setFocus(Qt::TabFocusReason);
    QTest::qWait(20);
    QCOMPARE(window.document()->selection()->current(), 7);
    QVERIFY(window.document()->selection()->marked().isEmpty());
    QTest::keyClick(window.leadsPanel()->view(), Qt::Key_Down); // the keyboard chooses
    QVERIFY(!window.document()->selection()->marked().isEmpty());
}

void TestLeadsTab::saysWhatAPlanWithoutTimingsNeeds() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(
        window, dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log")));
    const QTreeView* view = window.leadsPanel()->view();
    QCOMPARE(view->model()->rowCount(), 1); // its only conv reads the image's 1 channel
    QCOMPARE(view->model()->index(0, LeadsModel::TimeColumn).data().toString(), kMissingText);
    const QString header = window.leadsPanel()->headerText();
    QVERIFY(header.contains(
        "Not judged without per-layer timings: hot-layer, far-from-roof, tiny-kernels, "
        "generated-kernels, shape-overhead"));
    QVERIFY(header.contains("--exportProfile"));
    QVERIFY(window.leadsPanel()->chooseLead("non-tensor-core-gemm"));
    QVERIFY(window.leadsPanel()->details()->text().contains("not measured"));
}

PLANSCOPE_TEST_MAIN(TestLeadsTab, QApplication)
#include "tst_leads_tab.moc"
