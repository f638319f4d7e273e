#include "TestSupport.h"
#include "charts/Chart.h"
#include "chartview/ChartView.h"
#include "compare/LayerMatching.h"
#include "document/LayerSelection.h"
#include "gui/CompareWindow.h"
#include "itemmodels/OnnxGroupModel.h"
#include "panels/ComparePanel.h"
#include "panels/CompareSummaryTable.h"
#include "panels/OnnxGraphCanvas.h"
#include "panels/OnnxPanel.h"
#include "style/SortArrowStyle.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>

using namespace planscope;
using planscope::test::dataPath;

namespace {

const QString kFp32 = QStringLiteral("trex/resnet-a100/fp32");
const QString kFp16 = QStringLiteral("trex/resnet-a100/fp16");
const QString kAlexNetA =
    QStringLiteral("realworld/onnx-op-pairs/alexnet-pyapi-vs-trtexec/a/trt_engine_info.json");
const QString kAlexNetB =
    QStringLiteral("realworld/onnx-op-pairs/alexnet-pyapi-vs-trtexec/b/alexnet_fp16.graph.json");
const QString kControlNetA =
    QStringLiteral("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json");
const QString kControlNetB =
    QStringLiteral("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json");

// Shows the window at `size` and compares the plans in it.
bool compareIn(CompareWindow& window, const QStringList& plans, QSize size = {1366, 768}) {
    window.show();
    window.showNormal();
    window.resize(size);
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    QSignalSpy finished(&window, &CompareWindow::loadFinished);
    window.compare(plans);
    if (!(!finished.isEmpty() || finished.wait(60000)) || !finished.first().first().toBool())
        return false;
    QTest::qWait(50); // layouts settle
    return true;
}

QString cell(const QTableView* view, int row, int column) {
    return view->model()->index(row, column).data().toString();
}

// Waits until the ONNX ops tab shows its comparison.
bool onnxReady(const ComparePanel& panel) {
    const QDeadlineTimer deadline(60000);
    while (panel.onnxPanel()->isComputing() && !deadline.hasExpired())
        QTest::qWait(20);
    return !panel.onnxPanel()->isComputing() && panel.onnxPanel()->comparison() != nullptr;
}

// The view row of the ONNX group holding `node`.
int onnxRowOf(const OnnxPanel& onnx, const QString& node) {
    const QAbstractItemModel* view = onnx.groups()->model();
    for (int row = 0; row < view->rowCount(); ++row)
        if (view->index(row, 0).data(OnnxGroupModel::NodesRole).toStringList().contains(node))
            return row;
    return -1;
}

// The layers a graph shows.
QSet<int> graphLayers(const GraphCanvas& canvas) {
    QSet<int> layers;
    for (const GraphNode& node : canvas.scene()->graph.nodes())
        if (node.layer >= 0)
            layers.insert(node.layer);
    return layers;
}

QSet<int> toSet(const std::vector<int>& layers) {
    return QSet<int>(layers.begin(), layers.end());
}

std::vector<LayerPair> tablePairs(const ComparePanel& panel) {
    const auto* filter = qobject_cast<const ComparisonFilterModel*>(panel.layers()->model());
    std::vector<LayerPair> pairs;
    for (const LayerComparison* r : filter->visibleRows())
        pairs.push_back(r->pair);
    return pairs;
}

} // namespace

// The compare window as a user meets it: key facts in view, A and B swapped everywhere, the
// table exported, the layout remembered, missing timings shown as missing.
class TestCompareWindow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void showsKeyRowsWithoutScrolling_data();
    void showsKeyRowsWithoutScrolling();
    void explainsEveryControl();
    void swapsPlansEverywhere();
    void saysWhenEnginesAreUnrelated();
    void exportsFilteredTableAsCsv();
    void remembersLayout();
    void showsMissingTimesAsMissing();
    void showsOnnxOpsTab_data();
    void showsOnnxOpsTab();
    void showsChosenGroupInBothGraphs();
    void keepsChosenGroupWhenSwapped();
    void exportsFilteredOnnxOpsAsCsv();
    void remembersOnnxOpsLayout();
    void comparesByOnnxOffTheUiThread();
    void sortArrowPointsTheWayValuesRun();

  private:
    QTemporaryDir m_dir;
};

void TestCompareWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // QSettings go to a test location
    QSettings().clear();
}

void TestCompareWindow::showsKeyRowsWithoutScrolling_data() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("1366x768 maximized") << QSize(1366, 768);
    QTest::newRow("1920x1080 maximized") << QSize(1920, 1050);
}

// Layers, average time and speedup are in the summary's view on a laptop and a desktop screen.
void TestCompareWindow::showsKeyRowsWithoutScrolling() {
    QFETCH(QSize, size);
    QSettings().clear();
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kFp32), dataPath(kFp16)}, size));
    const CompareSummaryTable* summary = window.panel()->summary();
    for (int row = 0; row < 3; ++row) {
        const QRect rect = summary->visualItemRect(summary->item(row, 1));
        QVERIFY2(rect.bottom() < summary->viewport()->height(),
                 qPrintable(summary->verticalHeaderItem(row)->text()));
    }
    QCOMPARE(summary->verticalHeaderItem(2)->text(), QString("Speedup over A"));
    QCOMPARE(summary->item(2, 1)->text(), QString("2.089x"));
    // And the table keeps most of the height.
    QVERIFY(window.panel()->layers()->height() > summary->height());
}

void TestCompareWindow::explainsEveryControl() {
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kFp32), dataPath(kFp16)}));
    for (const QWidget* control : window.panel()->findChildren<QWidget*>())
        if (qobject_cast<const QComboBox*>(control) || qobject_cast<const QToolButton*>(control) ||
            qobject_cast<const QDoubleSpinBox*>(control))
            QVERIFY2(control->isHidden() || !control->toolTip().isEmpty(),
                     control->metaObject()->className());
    QVERIFY(window.panel()->swapAction()->toolTip().contains("Ctrl+Shift+X"));
}

// Swap A/B: the table compares B with A (trex's matching from B's side), the summaries, the
// speedup, the charts, the graphs and the title follow; swapping again restores all.
// Engines of two models: the headline says so first (issue 36).
void TestCompareWindow::saysWhenEnginesAreUnrelated() {
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath("realworld/alexnet-trt10-rtx3060/alexnet_fp16"),
                               dataPath("realworld/mnist-trt10.16-h100/trtexec-result-05.log")}));
    const QString headline = window.panel()->speedupLabel()->text();
    QVERIFY2(headline.contains(">A and B look like engines of different models") &&
                 headline.indexOf("different models") < headline.indexOf("Speedup of B"),
             qPrintable(headline));
}

void TestCompareWindow::swapsPlansEverywhere() {
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kFp32), dataPath(kFp16)}));
    ComparePanel* panel = window.panel();
    const auto fp32 = panel->plans().front();
    const auto fp16 = panel->plans().back();
    panel->layers()->selectRow(0); // Conv_0 + Relu_1: pair (0, 1)
    QVERIFY(panel->graphA()->scene()->plan == fp32);
    QVERIFY(window.windowTitle().startsWith("fp32/resnet.onnx.engine vs. fp16"));

    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keySequence(&window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    QVERIFY(panel->plans().front() == fp16);
    QCOMPARE(panel->labels(), QStringList({"fp16/resnet.onnx.engine", "fp32/resnet.onnx.engine"}));
    QVERIFY(window.windowTitle().startsWith("fp16/resnet.onnx.engine vs. fp32"));
    QCOMPARE(panel->summary()->horizontalHeaderItem(0)->text(),
             QString("A: fp16/resnet.onnx.engine"));
    QCOMPARE(panel->summary()->item(0, 0)->text(), QString("25"));
    QCOMPARE(panel->summary()->item(2, 1)->text(), QString("0.479x"));
    QVERIFY2(panel->speedupLabel()->text().contains("0.479x") &&
                 !panel->speedupLabel()->text().contains("different models"),
             qPrintable(panel->speedupLabel()->text()));
    QCOMPARE(tablePairs(*panel), matchLayers(*fp16, *fp32));
    QCOMPARE(cell(panel->layers(), 0, ComparisonTableModel::LatencyAColumn), QString("0.0809"));
    QCOMPARE(panel->chartView()->chart().panels.front().bars.front().label,
             QString("fp16/resnet.onnx.engine"));
    // The chosen pair stays chosen, its graphs swapped.
    const QModelIndex current = panel->layers()->currentIndex();
    QCOMPARE(cell(panel->layers(), current.row(), ComparisonTableModel::NameAColumn),
             QString("Conv_0 + Relu_1"));
    QCOMPARE(cell(panel->layers(), current.row(), ComparisonTableModel::IndexAColumn),
             QString("1"));
    QVERIFY(panel->graphA()->scene()->plan == fp16);
    QVERIFY(panel->graphB()->scene()->plan == fp32);

    panel->swapAction()->trigger();
    QVERIFY(panel->plans().front() == fp32);
    QCOMPARE(tablePairs(*panel), matchLayers(*fp32, *fp16));
    QCOMPARE(panel->summary()->item(2, 1)->text(), QString("2.089x"));
}

// The CSV holds the rows the table shows, in its order; a missing latency is an empty cell.
void TestCompareWindow::exportsFilteredTableAsCsv() {
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kFp32), dataPath(kFp16)}));
    ComparePanel* panel = window.panel();
    panel->typeFilter()->setCurrentIndex(panel->typeFilter()->findData("Reformat"));
    panel->layers()->sortByColumn(ComparisonTableModel::LatencyAColumn, Qt::DescendingOrder);
    QCOMPARE(panel->layers()->model()->rowCount(), 3);
    const QString path = m_dir.filePath("reformats.csv");
    QString error;
    QVERIFY2(panel->exportCsv(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QVERIFY(lines[0].startsWith("a,b,type,latency_a_ms,latency_b_ms,speedup,"));
    QVERIFY2(lines[1].startsWith("2,,Reformat,0.045056,,,"), lines[1]); // the only A latency
    QVERIFY2(lines[2].startsWith(",0,Reformat,,0.080896,,"), lines[2]); // missing last
    QVERIFY2(lines[3].startsWith(",24,Reformat,,0.007168,,"), lines[3]);
    QVERIFY(!panel->exportCsv(m_dir.filePath("no/such/folder/x.csv"), &error));
    QVERIFY(error.contains("x.csv: cannot write"));
}

// Column widths and splitter sizes come back in the next compare window.
void TestCompareWindow::remembersLayout() {
    QSettings().clear();
    QList<int> sizes;
    {
        CompareWindow window;
        QVERIFY(compareIn(window, {dataPath(kFp32), dataPath(kFp16)}));
        window.panel()->layers()->setColumnWidth(ComparisonTableModel::NameAColumn, 123);
        auto* splitter = window.panel()->findChild<QSplitter*>("summarySplitter");
        sizes = {splitter->sizes()[0] + 40, splitter->sizes()[1] - 40};
        splitter->setSizes(sizes);
        QVERIFY(window.close());
    }
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kFp32), dataPath(kFp16)}));
    QCOMPARE(window.panel()->layers()->columnWidth(ComparisonTableModel::NameAColumn), 123);
    QCOMPARE(window.panel()->findChild<QSplitter*>("summarySplitter")->sizes(), sizes);
    QSettings().clear();
}

// Against the fp16 graph alone (no profile): no average time, speedup or B latencies.
void TestCompareWindow::showsMissingTimesAsMissing() {
    const QString graph = m_dir.filePath("resnet.onnx.engine.graph.json");
    QVERIFY(QFile::link(dataPath(kFp16 + "/resnet.onnx.engine.graph.json"), graph));
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kFp32), graph}));
    ComparePanel* panel = window.panel();
    QVERIFY2(panel->speedupLabel()->text().endsWith(": - (" + panel->labels().back() +
                                                    " has no profile)"),
             qPrintable(panel->speedupLabel()->text()));
    QCOMPARE(panel->summary()->item(1, 1)->text(), QString("not measured"));
    QVERIFY(!panel->summary()->item(1, 1)->font().bold());
    QCOMPARE(panel->summary()->item(2, 1)->text(), QString("-"));
    const QTableView* table = panel->layers();
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        QCOMPARE(cell(table, row, ComparisonTableModel::LatencyBColumn), QString("-"));
        QCOMPARE(cell(table, row, ComparisonTableModel::SpeedupColumn), QString("-"));
    }
    QCOMPARE(cell(table, 0, ComparisonTableModel::LatencyAColumn), QString("0.5222"));
}

void TestCompareWindow::showsOnnxOpsTab_data() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("1366x768") << QSize(1366, 768);
    QTest::newRow("1920x1080 maximized") << QSize(1920, 1050);
}

// ControlNet beside Layers with fresh settings: every group, the largest |delta| first, the
// notes, the layers without ONNX origin and the reconciliation in view.
void TestCompareWindow::showsOnnxOpsTab() {
    QFETCH(QSize, size);
    QSettings().clear();
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kControlNetA), dataPath(kControlNetB)}, size));
    ComparePanel* panel = window.panel();
    QCOMPARE(panel->tabs()->tabText(1), QString("ONNX ops"));
    panel->tabs()->setCurrentIndex(1);
    QVERIFY(onnxReady(*panel));
    OnnxPanel* onnx = panel->onnxPanel();
    const QTableView* groups = onnx->groups();
    QCOMPARE(groups->model()->rowCount(), 219);
    QCOMPARE(groups->horizontalHeader()->sortIndicatorSection(), int(OnnxGroupModel::DeltaColumn));
    QCOMPARE(groups->horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);
    double largest = 0;
    for (const OnnxGroup& g : onnx->comparison()->groups)
        largest = std::max(largest, std::abs(g.deltaMs.value_or(0)));
    QCOMPARE(groups->model()
                 ->index(0, OnnxGroupModel::DeltaColumn)
                 .data(OnnxGroupModel::SortRole)
                 .toDouble(),
             largest);
    // Groups of NoOps only: 0 ms on both sides, as their records say; the smallest change, last.
    QCOMPARE(cell(groups, 218, OnnxGroupModel::DeltaColumn), QString("0.0000"));

    QVERIFY(onnx->notesLabel()->isVisible());
    QVERIFY2(onnx->notesLabel()->text().startsWith("36.4 % of A's time (1.307 ms of 3.592 ms)"),
             qPrintable(onnx->notesLabel()->text()));
    QVERIFY(onnx->unattributed()->isVisible());
    QCOMPARE(onnx->unattributed()->model()->rowCount(), 30);
    const QString totals = onnx->totalsLabel()->text();
    QVERIFY2(totals.contains("A: 219 groups 2.284 ms + 23 unattributed layers 1.307 ms = "
                             "<b>3.592 ms</b>"),
             qPrintable(totals));
    QVERIFY2(totals.contains("B: 219 groups"), qPrintable(totals));
    // Legible: the table shows rows, the totals sit below it, nothing squeezed to nothing.
    QVERIFY(onnx->totalsLabel()->isVisible());
    QVERIFY2(groups->viewport()->height() >= 4 * groups->verticalHeader()->defaultSectionSize(),
             qPrintable(QString::number(groups->viewport()->height())));
    QVERIFY(onnx->unattributed()->viewport()->height() >=
            2 * onnx->unattributed()->verticalHeader()->defaultSectionSize());
    QVERIFY(groups->columnWidth(OnnxGroupModel::NodesColumn) >= 250);
    for (const QWidget* control : onnx->findChildren<QWidget*>())
        if ((qobject_cast<const QLineEdit*>(control) || qobject_cast<const QCheckBox*>(control) ||
             qobject_cast<const QToolButton*>(control)) &&
            !qobject_cast<const QLineEdit*>(control->parentWidget())) // a search's clear button
            QVERIFY2(!control->toolTip().isEmpty(), control->metaObject()->className());
    QVERIFY(onnx->exportCsvAction()->toolTip().contains("Ctrl+Shift+O"));
}

// Choosing a group marks its layers in A's and B's graphs, the charged copies ringed apart;
// choosing a layer pair afterwards clears the marks.
void TestCompareWindow::showsChosenGroupInBothGraphs() {
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kAlexNetA), dataPath(kAlexNetB)}));
    ComparePanel* panel = window.panel();
    QVERIFY(onnxReady(*panel));
    OnnxPanel* onnx = panel->onnxPanel();
    const OnnxComparison& c = *onnx->comparison();

    QVERIFY(onnx->chooseRow(onnxRowOf(*onnx, "/Flatten")));
    const OnnxGroup& classifier = c.groups[std::size_t(onnx->chosenGroup())];
    QVERIFY(classifier.nodes.contains("/Flatten"));
    QCOMPARE(panel->selectionB()->markedSet(), toSet(classifier.b.layers)); // Myelin's two
    QCOMPARE(panel->selectionB()->marked().size(), 2);
    QCOMPARE(panel->selectionA()->markedSet(), toSet(classifier.a.layers));
    QVERIFY(graphLayers(*panel->graphB()).contains(toSet(classifier.b.layers)));
    QVERIFY(graphLayers(*panel->graphA()).contains(toSet(classifier.a.layers)));
    QVERIFY(panel->graphA()->charged().isEmpty());
    QVERIFY2(panel->graphCaption()->text().startsWith("ONNX group 9 (/Flatten, "),
             qPrintable(panel->graphCaption()->text()));
    QVERIFY2(panel->graphCaption()->text().contains("A 1 layer (+1 NoOp folded away), B 2 layers"),
             qPrintable(panel->graphCaption()->text()));

    // The first group: a reformatting copy charged to it in each engine, shown and ringed.
    QVERIFY(onnx->chooseRow(onnxRowOf(*onnx, "/features/features.0/Conv")));
    const OnnxGroup& first = c.groups.front();
    QCOMPARE(panel->graphA()->charged(), toSet(first.a.charged));
    QCOMPARE(panel->graphB()->charged(), toSet(first.b.charged));
    QVERIFY(!panel->graphB()->charged().isEmpty());
    QVERIFY(graphLayers(*panel->graphB()).contains(toSet(first.b.charged)));
    QVERIFY(!panel->selectionA()->isMarked(first.a.charged.front())); // apart from its layers
    QVERIFY(panel->graphCaption()->text().contains("dashed: reformatting copies charged to it, "
                                                   "A 1, B 1"));
    // Double-click (or Show in Graphs) brings the Graphs tab forward.
    panel->tabs()->setCurrentIndex(1);
    emit onnx->groups()->doubleClicked(onnx->groups()->currentIndex());
    QCOMPARE(panel->tabs()->currentIndex(), 3);

    panel->layers()->selectRow(0);
    QVERIFY(panel->selectionA()->marked().isEmpty());
    QVERIFY(panel->graphA()->charged().isEmpty() && panel->graphB()->charged().isEmpty());
    QVERIFY(panel->graphCaption()->text().startsWith("Layer pair: "));
}

// Swapping A and B compares the other way round; the chosen group stays chosen, its layers in
// the swapped graphs.
void TestCompareWindow::keepsChosenGroupWhenSwapped() {
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kAlexNetA), dataPath(kAlexNetB)}));
    ComparePanel* panel = window.panel();
    QVERIFY(onnxReady(*panel));
    OnnxPanel* onnx = panel->onnxPanel();
    QVERIFY(onnx->chooseRow(onnxRowOf(*onnx, "/Flatten")));
    const auto pythonApi = panel->plans().front();
    panel->swapAction()->trigger();
    QVERIFY(onnxReady(*panel));
    QCOMPARE(onnx->comparison()->a.layersWithOrigin, 12); // trtexec's engine is A now
    const int chosen = onnx->chosenGroup();
    QVERIFY(chosen >= 0);
    const OnnxGroup& group = onnx->comparison()->groups[std::size_t(chosen)];
    QVERIFY(group.nodes.contains("/Flatten"));
    QVERIFY(panel->graphB()->scene()->plan == pythonApi);
    QCOMPARE(panel->selectionA()->markedSet(), toSet(group.a.layers));
    QCOMPARE(panel->selectionA()->marked().size(), 2);
}

// The CSV holds the groups shown, in the table's order; a missing time is an empty cell.
void TestCompareWindow::exportsFilteredOnnxOpsAsCsv() {
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kAlexNetA), dataPath(kAlexNetB)}));
    ComparePanel* panel = window.panel();
    QVERIFY(onnxReady(*panel));
    OnnxPanel* onnx = panel->onnxPanel();
    onnx->searchField()->setText("classifier");
    onnx->fusionFilter()->setChecked(true);
    onnx->groups()->sortByColumn(OnnxGroupModel::GroupColumn, Qt::DescendingOrder);
    QCOMPARE(onnx->groups()->model()->rowCount(), 3);
    const QString path = m_dir.filePath("onnx.csv");
    QString error;
    QVERIFY2(onnx->exportCsv(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray csv = file.readAll();
    QVERIFY(csv.startsWith("group,onnx,a_layers,b_layers,a_ms,b_ms,"));
    // Groups 11, 10 and 9 in that order (the view's), the classifier's nodes a line each.
    const qsizetype g11 = csv.indexOf("\n11,");
    const qsizetype g10 = csv.indexOf("\n10,");
    const qsizetype g9 = csv.indexOf("\n9,\"/Flatten\n");
    QVERIFY2(g11 > 0 && g10 > g11 && g9 > g10, csv.constData());
    QVERIFY(!onnx->exportCsv(m_dir.filePath("no/such/folder/x.csv"), &error));
    QVERIFY(error.contains("x.csv: cannot write"));
    QVERIFY(
        window.menuBar()->actions().front()->menu()->actions().contains(onnx->exportCsvAction()));
}

// The ONNX ops table's columns, sort and splitter come back in the next compare window.
void TestCompareWindow::remembersOnnxOpsLayout() {
    QSettings().clear();
    QList<int> sizes;
    {
        CompareWindow window;
        QVERIFY(compareIn(window, {dataPath(kControlNetA), dataPath(kControlNetB)}));
        OnnxPanel* onnx = window.panel()->onnxPanel();
        QVERIFY(onnxReady(*window.panel()));
        window.panel()->tabs()->setCurrentIndex(1);
        onnx->groups()->setColumnWidth(OnnxGroupModel::NodesColumn, 321);
        onnx->groups()->sortByColumn(OnnxGroupModel::TimeBColumn, Qt::AscendingOrder);
        auto* splitter = onnx->findChild<QSplitter*>("onnxSplitter");
        sizes = {splitter->sizes()[0] - 30, splitter->sizes()[1] + 30};
        splitter->setSizes(sizes);
        QVERIFY(window.close());
    }
    CompareWindow window;
    QVERIFY(compareIn(window, {dataPath(kControlNetA), dataPath(kControlNetB)}));
    window.panel()->tabs()->setCurrentIndex(1);
    QVERIFY(onnxReady(*window.panel()));
    OnnxPanel* onnx = window.panel()->onnxPanel();
    QCOMPARE(onnx->groups()->columnWidth(OnnxGroupModel::NodesColumn), 321);
    QCOMPARE(onnx->groups()->horizontalHeader()->sortIndicatorSection(),
             int(OnnxGroupModel::TimeBColumn));
    const QList<QVariant> times = [&] {
        QList<QVariant> values;
        for (int row = 0; row < 3; ++row)
            values << onnx->groups()
                          ->model()
                          ->index(row, OnnxGroupModel::TimeBColumn)
                          .data(OnnxGroupModel::SortRole);
        return values;
    }();
    QVERIFY(times[0].toDouble() <= times[1].toDouble() &&
            times[1].toDouble() <= times[2].toDouble());
    QCOMPARE(onnx->findChild<QSplitter*>("onnxSplitter")->sizes(), sizes);
    QSettings().clear();
}

// Two 21k-layer engines: the comparison runs on a worker thread; the tab says so meanwhile.
void TestCompareWindow::comparesByOnnxOffTheUiThread() {
    const auto plan = [](int count) {
        auto p = std::make_shared<EnginePlan>();
        p->layers.resize(std::size_t(count));
        for (int i = 0; i < count; ++i) {
            Layer& layer = p->layers[std::size_t(i)];
            layer.index = i;
            layer.name = QStringLiteral("layer_%1").arg(i);
            layer.type = QStringLiteral("Convolution");
            layer.metadata =
                QStringLiteral("[ONNX Layer: /n%1/Conv]+[ONNX Layer: /n%1/Relu]").arg(i);
            layer.timing.measured = true;
            layer.timing.averageMs = 0.001 * (i % 7 + 1);
        }
        p->hasProfile = true;
        return std::shared_ptr<const EnginePlan>(std::move(p));
    };
    const auto a = plan(21000);
    const auto b = plan(21000);
    OnnxPanel onnx;
    onnx.resize(1200, 600);
    onnx.show();
    QElapsedTimer timer;
    timer.start();
    onnx.setPlans(a, b, "a", "b");
    QVERIFY(onnx.isComputing());
    QVERIFY(onnx.notesLabel()->text().startsWith("Comparing the engines by ONNX op"));
    QVERIFY2(timer.elapsed() < 1000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(!onnx.exportCsvAction()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!onnx.isComputing(), 60000);
    QCOMPARE(onnx.groups()->model()->rowCount(), 21000);
    QVERIFY(onnx.exportCsvAction()->isEnabled());
}

// A header sorted largest first shows a down arrow, smallest first an up arrow (the ONNX ops
// tab, sorted by |delta|, showed an up arrow): the widths of the arrow's rows, top to bottom.
void TestCompareWindow::sortArrowPointsTheWayValuesRun() {
    const auto arrowRows = [](Qt::SortOrder order) {
        QStandardItemModel model(3, 1);
        model.setHorizontalHeaderLabels({QString()}); // no title: the arrow alone is dark
        QTableView table;
        SortArrowStyle style;
        table.horizontalHeader()->setStyle(&style);
        table.setModel(&model);
        table.setSortingEnabled(true);
        table.sortByColumn(0, order);
        table.resize(300, 200);
        table.show();
        const QImage header = table.horizontalHeader()->grab().toImage();
        std::vector<int> widths;
        for (int y = 0; y < header.height(); ++y) {
            int dark = 0;
            for (int x = 0; x < header.width(); ++x)
                dark += qGray(header.pixel(x, y)) < 140 ? 1 : 0;
            if (dark > 0)
                widths.push_back(dark);
        }
        return widths;
    };
    const std::vector<int> descending = arrowRows(Qt::DescendingOrder);
    QVERIFY(descending.size() >= 3);
    QVERIFY2(descending.front() > descending.back(), "largest first: the arrow points down");
    const std::vector<int> ascending = arrowRows(Qt::AscendingOrder);
    QVERIFY(ascending.size() >= 3);
    QVERIFY2(ascending.front() < ascending.back(), "smallest first: the arrow points up");
}

PLANSCOPE_TEST_MAIN(TestCompareWindow, QApplication)
#include "tst_compare_window.moc"
