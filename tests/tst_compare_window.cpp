#include "TestSupport.h"
#include "charts/Chart.h"
#include "chartview/ChartView.h"
#include "compare/LayerMatching.h"
#include "graphview/GraphCanvas.h"
#include "gui/CompareWindow.h"
#include "panels/ComparePanel.h"
#include "panels/CompareSummaryTable.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>

using namespace planscope;
using planscope::test::dataPath;

namespace {

const QString kFp32 = QStringLiteral("trex/resnet-a100/fp32");
const QString kFp16 = QStringLiteral("trex/resnet-a100/fp16");

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
    void exportsFilteredTableAsCsv();
    void remembersLayout();
    void showsMissingTimesAsMissing();

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
    QTest::newRow("1920x1080 at 85%") << QSize(1632, 918);
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
    QVERIFY2(panel->speedupLabel()->text().contains("0.479x"),
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

PLANSCOPE_TEST_MAIN(TestCompareWindow, QApplication)
#include "tst_compare_window.moc"
