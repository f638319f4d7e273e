#include "TestSupport.h"
#include "accuracy/AccuracyLogReader.h"
#include "accuracy/HistogramView.h"
#include "document/PlanDocument.h"
#include "gui/MainWindow.h"
#include "io/PlanLoader.h"
#include "itemmodels/AccuracyTableModel.h"
#include "itemmodels/LayerTableModel.h"
#include "panels/AccuracyPanel.h"
#include "panels/GraphPanel.h"
#include "panels/LayerTablePanel.h"
#include "table/LayerTableView.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

const QString kLog = QStringLiteral("realworld/polygraphy-mnist-trt10.16/polygraphy-run-04.log");
const QString kMnist =
    QStringLiteral("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log");

bool openAndWait(MainWindow& window, const QString& path) {
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.openPlan(path);
    return (!finished.isEmpty() || finished.wait(60000)) && finished.first().first().toBool();
}

} // namespace

// The Accuracy tab on the mnist engine's polygraphy log: its table, histograms, the layers it
// selects, the layer table's column and the graph colored by accuracy.
class TestAccuracyTab : public QObject {
    Q_OBJECT
  private slots:
    void modelWalksWhole();
    void tabLinksTensorsAndLayers();
    void logWithoutPlan();
    void badLogWarns();
};

void TestAccuracyTab::modelWalksWhole() {
    auto log = std::make_shared<const AccuracyLog>(
        readAccuracyLog(fixturePath("polygraphy-fp16-failed.log")));
    AccuracyTableModel model;
    AccuracyFilterModel filter;
    filter.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester filterTester(&filter,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setLog(log, nullptr, {});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, AccuracyTableModel::VerdictColumn).data().toString(),
             QStringLiteral("FAILED"));
    QCOMPARE(model.index(0, AccuracyTableModel::MaxRelColumn).data().toString(),
             QStringLiteral("0.25"));
    QCOMPARE(model.index(1, AccuracyTableModel::MaxRelColumn).data().toString(),
             QStringLiteral("-"));
    QVERIFY(!model.index(1, AccuracyTableModel::MaxRelColumn)
                 .data(AccuracyTableModel::SortRole)
                 .isValid());
    QVERIFY(model.index(1, AccuracyTableModel::VerdictColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains("different shapes"));
    filter.setSearch(QStringLiteral("LOGITS"));
    QCOMPARE(filter.rowCount(), 1);
}

void TestAccuracyTab::tabLinksTensorsAndLayers() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath(kMnist)));
    QVERIFY(window.openAccuracyLog(dataPath(kLog)));
    AccuracyPanel* panel = window.accuracyPanel();
    QCOMPARE(panel->model()->rowCount(), 12);
    QVERIFY(panel->headerText().contains("12 tensors compared"));
    // Choosing 'linear' (row 8) selects the Myelin layer that computes it.
    QVERIFY(panel->chooseRow(7));
    QCOMPARE(window.document()->selection()->current(), 4);
    // Choosing layer 6 elsewhere chooses 'y', the tensor it writes.
    window.document()->selection()->select(6);
    const QModelIndex chosen = panel->table()->selectionModel()->selectedRows().first();
    QCOMPARE(chosen.data(AccuracyTableModel::TensorRole).toInt(), 9);
    // The layer table shows each layer's largest relative error.
    LayerTableView* table = window.layerPanel()->view();
    QVERIFY(!table->isColumnHidden(LayerTableModel::AccuracyColumn));
    const QAbstractItemModel* layers = table->model();
    QString linear;
    for (int row = 0; row < layers->rowCount(); ++row)
        if (layers->index(row, 0).data(LayerTableModel::LayerIndexRole).toInt() == 4)
            linear = layers->index(row, LayerTableModel::AccuracyColumn).data().toString();
    QCOMPARE(linear, QStringLiteral("0.000506")); // linear's 0.00050607, relu_2's less
    // The graph colored by accuracy gets each layer's error.
    GraphPanel* graph = window.graphPanel();
    window.findChild<QTabWidget*>()->setCurrentWidget(graph);
    QComboBox* color = nullptr;
    for (QComboBox* box : graph->findChildren<QComboBox*>())
        if (box->itemText(0) == QLatin1String("Color by type"))
            color = box;
    QVERIFY(color);
    color->setCurrentIndex(2);
    QVERIFY(QTest::qWaitFor([graph] { return !graph->isLayingOut() && graph->canvas()->scene(); },
                            60000));
    const GraphStyle& style = graph->canvas()->scene()->style;
    QCOMPARE(style.color, GraphStyle::Color::Accuracy);
    QVERIFY(style.layerErrors);
    QVERIFY(!(*style.layerErrors)[5]); // no compared tensor maps to __myl_MulSum
    QCOMPARE(*(*style.layerErrors)[4], 0.00050607);
}

void TestAccuracyTab::logWithoutPlan() {
    MainWindow window;
    window.show();
    QVERIFY(window.openAccuracyLog(
        dataPath("realworld/polygraphy-mnist-trt10.16/polygraphy-run-05.log")));
    AccuracyPanel* panel = window.accuracyPanel();
    QCOMPARE(panel->model()->rowCount(), 2);
    QCOMPARE(panel->model()->index(0, AccuracyTableModel::LayerColumn).data().toString(),
             QString());
    // The first tensor is shown: its histograms and statistics.
    QVERIFY(panel->histograms()->tensor());
    QCOMPARE(panel->histograms()->tensor()->name, QStringLiteral("max_pool2d"));
}

void TestAccuracyTab::badLogWarns() {
    MainWindow window;
    QVERIFY(!window.openAccuracyLog(fixturePath("polygraphy-bad-number.log")));
    QVERIFY(!window.document()->accuracyLog());
}

PLANSCOPE_TEST_MAIN(TestAccuracyTab, QApplication)
#include "tst_accuracy_tab.moc"
