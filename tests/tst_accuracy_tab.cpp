#include "GraphPanelSupport.h"
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
#include "text/RichTextView.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QPainter>
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
    void namesOverflow();
    void drawsBinsThatPrintAlike();
    void headsValidationRun();
    void saysLogIsOfAnotherModel();
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
    QComboBox* color = test::showGraphColorChooser(window);
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
    // No runner overflows: no overflow column.
    QVERIFY(panel->table()->isColumnHidden(AccuracyTableModel::OverflowColumn));
}

// The fixture's add_out_1: the TensorRT runner's values all at 65504. It passed its check;
// mul_out_2 (inf) fails first.
void TestAccuracyTab::namesOverflow() {
    MainWindow window;
    window.show();
    QVERIFY(window.openAccuracyLog(fixturePath("polygraphy-fp16-overflow.log")));
    AccuracyPanel* panel = window.accuracyPanel();
    const QString header = panel->headerText();
    QVERIFY2(header.contains("First FP16 overflow: <b>add_out_1</b> (trt-runner-N0 at 65504)"),
             qPrintable(header));
    QVERIFY(header.contains("First failing: <b>mul_out_2</b>"));
    const AccuracyTableModel* model = panel->model();
    QCOMPARE(model->index(0, AccuracyTableModel::OverflowColumn).data().toString(), QString());
    QCOMPARE(model->index(1, AccuracyTableModel::OverflowColumn).data().toString(),
             QStringLiteral("trt-runner-N0 at 65504"));
    QCOMPARE(model->index(3, AccuracyTableModel::OverflowColumn).data().toString(),
             QStringLiteral("trt-runner-N0 at -65504"));
    QVERIFY(!panel->table()->isColumnHidden(AccuracyTableModel::OverflowColumn));
    QVERIFY(panel->chooseRow(1));
    QCOMPARE(panel->histograms()->tensor()->name, QStringLiteral("add_out_1"));
    const auto* stats = panel->findChild<RichTextView*>();
    QVERIFY(stats->text().contains("FP16 overflow: trt-runner-N0 at 65504"));
}

// Bins printed "(6.55e+04, 6.55e+04)" still draw both runners' bars (in order).
void TestAccuracyTab::drawsBinsThatPrintAlike() {
    const AccuracyLog log = readAccuracyLog(fixturePath("polygraphy-fp16-overflow.log"));
    QImage image(640, 380, QImage::Format_RGB32);
    QPainter painter(&image);
    QFont font;
    font.setPixelSize(11);
    HistogramView::paint(painter, image.rect(), &log.tensors[1], font);
    painter.end();
    int trt = 0, onnx = 0;
    for (int y = 0; y < image.height() / 2; ++y) // the values' panel
        for (int x = 0; x < image.width(); ++x) {
            trt += image.pixel(x, y) == qRgb(0x1F, 0x77, 0xB4);
            onnx += image.pixel(x, y) == qRgb(0xFF, 0x7F, 0x0E);
        }
    QVERIFY2(trt > 200 && onnx > 200, qPrintable(QStringLiteral("%1 %2").arg(trt).arg(onnx)));
}

// polygraphy-run-08: two --validate runs, one runner each, nothing compared.
void TestAccuracyTab::headsValidationRun() {
    MainWindow window;
    window.show();
    QVERIFY(window.openAccuracyLog(
        dataPath("realworld/polygraphy-mnist-trt10.16/polygraphy-run-08.log")));
    AccuracyPanel* panel = window.accuracyPanel();
    const QString header = panel->headerText();
    QVERIFY2(header.contains("<b>polygraphy-run-08.log</b>: onnxrt-runner-N0; this is a "
                             "validation run (--validate): 3 outputs checked for NaN and Inf, 1 "
                             "failed; no runners compared."),
             qPrintable(header));
    QVERIFY(!header.contains("tensors compared"));
    QVERIFY(header.contains("Validation of InvalidModel-V-0-Div-0: FAILED (Inf detected)"));
    QVERIFY(!panel->table()->isVisibleTo(panel)); // no tensor to list
    // A comparison after it shows its table again.
    QVERIFY(window.openAccuracyLog(
        dataPath("realworld/polygraphy-mnist-trt10.16/polygraphy-run-05.log")));
    QVERIFY(panel->table()->isVisibleTo(panel));
    QVERIFY(panel->headerText().contains("2 tensors compared"));
}

// The mnist log beside another model's plan: no tensor maps, and the tab says so.
void TestAccuracyTab::saysLogIsOfAnotherModel() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, fixturePath("lint.graph.json")));
    QVERIFY(window.openAccuracyLog(dataPath(kLog)));
    AccuracyPanel* panel = window.accuracyPanel();
    QVERIFY2(panel->headerText().contains("writes any of the log's 12 tensors"),
             qPrintable(panel->headerText()));
    QVERIFY(!panel->headerText().contains("Layers from this plan's fusions"));
    QCOMPARE(panel->model()->index(0, AccuracyTableModel::LayerColumn).data().toString(),
             QStringLiteral("(none)"));
}

void TestAccuracyTab::badLogWarns() {
    MainWindow window;
    QVERIFY(!window.openAccuracyLog(fixturePath("polygraphy-bad-number.log")));
    QVERIFY(!window.document()->accuracyLog());
}

PLANSCOPE_TEST_MAIN(TestAccuracyTab, QApplication)
#include "tst_accuracy_tab.moc"
