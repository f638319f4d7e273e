#include "GraphPanelSupport.h"
#include "TestSupport.h"
#include "WeightModels.h"
#include "graph/GraphStyle.h"
#include "graphview/GraphCanvas.h"
#include "gui/MainWindow.h"
#include "itemmodels/LayerTableModel.h"
#include "lint/LintCatalog.h"
#include "onnxmodel/ModelWeights.h"
#include "panels/GraphPanel.h"
#include "panels/LayerTablePanel.h"
#include "panels/SummaryPanel.h"
#include "table/LayerTableView.h"

#include <QApplication>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>
#include <QSet>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>

using namespace planscope;

namespace {

bool waitFor(QSignalSpy& spy) {
    return !spy.isEmpty() || spy.wait(60000);
}

bool openAndWait(MainWindow& window, const QString& path) {
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.openPlan(path);
    return waitFor(finished) && finished.first().first().toBool();
}

} // namespace

// The window's ONNX model (issue 46): File > Open Model, --onnx, a dropped .onnx; read off the
// UI thread into the document; File > Export Overlay. On the models make_weight_models.py makes.
class TestModelWindow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void readsTheModelBesideThePlan();
    void viewsShowTheModel();
    void readsTheModelNamedWithThePlan();
    void readsADroppedModel();
    void refusesAModelOfOtherNodes();
    void refusesAModelWithoutAPlan();
    void anotherPlanClosesTheModel();
    void exportsTheOverlay();

  private:
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString plan() const { return path(QStringLiteral("plan/mnist.graph.json")); }
    bool readModel(MainWindow& window, const QString& model, QString* message = nullptr);
    QTemporaryDir m_dir;
    QJsonObject m_expected;
};

void TestModelWindow::initTestCase() {
    QVERIFY(m_dir.isValid());
    const QString made = test::makeWeightModels(m_dir.path());
    QVERIFY2(made.isEmpty(), qPrintable(made));
    QFile expected(path(QStringLiteral("expected.json")));
    QVERIFY(expected.open(QIODevice::ReadOnly));
    m_expected = QJsonDocument::fromJson(expected.readAll()).object();
}

bool TestModelWindow::readModel(MainWindow& window, const QString& model, QString* message) {
    QSignalSpy finished(&window, &MainWindow::modelFinished);
    window.openModel(model);
    if (!waitFor(finished))
        return false;
    if (message)
        *message = finished.first().at(1).toString();
    return finished.first().first().toBool();
}

void TestModelWindow::readsTheModelBesideThePlan() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, plan()));
    QSignalSpy changed(window.document(), &PlanDocument::modelChanged);
    QVERIFY(readModel(window, path("mnist.onnx")));
    QCOMPARE(changed.size(), 1);
    const std::shared_ptr<const ModelWeights> weights = window.document()->modelWeights();
    QVERIFY(weights);
    QCOMPARE(weights->nodesInLayers, m_expected["nodes_in_layers"].toInt());
    QCOMPARE(weights->onnxNodes, m_expected["onnx_nodes"].toInt());
    QCOMPARE(weights->layers.size(), std::size_t(8));
    QCOMPARE(weights->forLayer(2)->figures.sparse24Percent(), 100.0);
    // The analysis the views and the report read has them too.
    QCOMPARE(window.document()->analysis()->modelWeights(), weights);
    QCOMPARE(window.document()->model()->graphName, QStringLiteral("main_graph"));
    // The Summary says which of its nodes and weights reached a layer.
    const QString summary = window.summaryPanel()->text();
    for (const char* shown :
         {"ONNX model", "mnist.onnx (graph main_graph)", "13, in a layer: 11 (84.6 %)",
          "2 (Reshape 1, DequantizeLinear 1)", "read by a layer: 100.0 %"})
        QVERIFY2(summary.contains(shown), qPrintable(QString(shown) + "\n---\n" + summary));
    // A reload of the same plan reads the model again.
    QSignalSpy loaded(&window, &MainWindow::loadFinished);
    QSignalSpy read(&window, &MainWindow::modelFinished);
    window.addBuildLog(
        test::dataPath("realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log"));
    QVERIFY(waitFor(loaded));
    QCOMPARE(read.size(), 1); // before the load is finished
    QVERIFY(window.document()->modelWeights());
    QCOMPARE(window.document()->modelWeights()->nodesInLayers, weights->nodesInLayers);
}

// The Layers table's weight columns show with the model and hide without; the graph colours by
// 2:4 readiness (layer 2, node_conv2d_1, planted 2:4: yellow); the lint runs the weights' rules.
void TestModelWindow::viewsShowTheModel() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, plan()));
    LayerTableView* table = window.layerPanel()->view();
    for (int c = LayerTableModel::ParamsColumn; c <= LayerTableModel::RangeRatioColumn; ++c)
        QVERIFY(table->isColumnHidden(c));
    QVERIFY(readModel(window, path("mnist.onnx")));
    for (int c = LayerTableModel::ParamsColumn; c <= LayerTableModel::RangeRatioColumn; ++c)
        QVERIFY(!table->isColumnHidden(c));
    const QAbstractItemModel* rows = table->model();
    QString conv2;
    for (int row = 0; row < rows->rowCount(); ++row)
        if (rows->index(row, 0).data(LayerTableModel::LayerIndexRole).toInt() == 2)
            conv2 = rows->index(row, LayerTableModel::Sparse24Column).data().toString();
    QCOMPARE(conv2, QString("100.0 %"));
    // The lint's findings include the weights' rules where they find something: conv1's outlier
    // channel is not quantized (FP32 on this plan), so nothing there.
    for (const LintFinding& f : window.document()->findings())
        QVERIFY2(f.rule != lintrules::kQuantizedOutlierChannel, qPrintable(f.layerName));

    GraphPanel* graph = window.graphPanel();
    QComboBox* color = test::showGraphColorChooser(window);
    QVERIFY(color);
    QCOMPARE(color->itemText(3), QString("Color by 2:4 readiness"));
    color->setCurrentIndex(3);
    QVERIFY(QTest::qWaitFor(
        [graph] {
            return !graph->isLayingOut() && graph->canvas()->scene() &&
                   graph->canvas()->scene()->style.color == GraphStyle::Color::Sparsity;
        },
        60000));
    const GraphCanvas::Scene& scene = *graph->canvas()->scene();
    QVERIFY(scene.style.layerSparse24);
    QCOMPARE(*(*scene.style.layerSparse24)[2], 100.0);
    QVERIFY(!(*scene.style.layerSparse24)[1]); // a pooling layer: no weights
    const GraphNode& node = scene.graph.nodes()[std::size_t(scene.graph.nodeOfLayer(2))];
    QCOMPARE(nodeColor(node, *window.document()->plan(), scene.style), palette::scaleColor(1.0));
    const GraphNode& pool = scene.graph.nodes()[std::size_t(scene.graph.nodeOfLayer(1))];
    QCOMPARE(nodeColor(pool, *window.document()->plan(), scene.style), palette::Rgb(0xDDDDDD));

    window.document()->closeModel();
    for (int c = LayerTableModel::ParamsColumn; c <= LayerTableModel::RangeRatioColumn; ++c)
        QVERIFY(table->isColumnHidden(c));
}

// --onnx on the window's command line: named while the plan is still loading, read once it is
// there, and the load finishes with it.
void TestModelWindow::readsTheModelNamedWithThePlan() {
    MainWindow window(plan());
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    QSignalSpy read(&window, &MainWindow::modelFinished);
    window.show();
    window.openModel(path("mnist.onnx"));
    QVERIFY(waitFor(finished));
    QVERIFY(finished.first().first().toBool());
    QCOMPARE(read.size(), 1);
    QVERIFY(read.first().first().toBool());
    QVERIFY(window.document()->modelWeights());
    QCOMPARE(window.document()->modelWeights()->nodesInLayers, 11);
}

void TestModelWindow::readsADroppedModel() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, plan()));
    QSignalSpy read(&window, &MainWindow::modelFinished);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path("external/mnist.onnx"))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(waitFor(read));
    QVERIFY(read.first().first().toBool());
    QCOMPARE(window.document()->plan()->layers.size(), std::size_t(9)); // the plan stays
    QCOMPARE(window.document()->modelWeights()->params, m_expected["params"].toInteger());
}

// A model whose node names none of the plan's layers name says so, naming the file and the fix,
// and nothing is mapped.
void TestModelWindow::refusesAModelOfOtherNodes() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, plan()));
    QVERIFY(readModel(window, path("mnist.onnx")));
    QString message;
    QVERIFY(!readModel(window, path("other-names.onnx"), &message));
    QVERIFY2(message.contains("other-names.onnx: none of its 13 node names is named by a layer"),
             qPrintable(message));
    QVERIFY(message.contains("--profilingVerbosity=detailed"));
    // The model read before stays.
    QCOMPARE(window.document()->model()->file, path("mnist.onnx"));
    QVERIFY(!readModel(window, path("not-a-model.onnx"), &message));
    QVERIFY2(message.contains("not-a-model.onnx"), qPrintable(message));
}

void TestModelWindow::refusesAModelWithoutAPlan() {
    MainWindow window;
    window.show();
    QString message;
    QVERIFY(!readModel(window, path("mnist.onnx"), &message));
    QVERIFY2(message.contains("open the engine's plan first"), qPrintable(message));
    QVERIFY(!window.document()->model());
}

void TestModelWindow::anotherPlanClosesTheModel() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, plan()));
    QVERIFY(readModel(window, path("mnist.onnx")));
    QSignalSpy read(&window, &MainWindow::modelFinished);
    QVERIFY(openAndWait(window, test::dataPath("trex/resnet-a100/qat/"
                                               "resnet-qat.onnx.engine.graph.json")));
    QVERIFY(!window.document()->model());
    QVERIFY(!window.document()->modelWeights());
    QVERIFY(!window.document()->analysis()->modelWeights());
    QCOMPARE(read.size(), 0); // not read again for another plan
}

// File > Export Overlay: the model's node names key it, under its graph's name, and the latency
// adds up to the plan's.
void TestModelWindow::exportsTheOverlay() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, plan()));
    QVERIFY(readModel(window, path("mnist.onnx")));
    const QString file = path("overlay.json");
    QString message;
    QVERIFY2(window.exportOverlay(file, OverlayMetric::Latency, &message), qPrintable(message));
    QVERIFY2(message.startsWith("Wrote overlay.json: 11 nodes."), qPrintable(message));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(written.readAll()).object();
    QCOMPARE(json.keys(), QStringList{"main_graph"});
    const QJsonObject results = json["main_graph"]["results"].toObject();
    QSet<QString> names;
    for (const QJsonValue name : m_expected["node_names"].toArray())
        names.insert(name.toString());
    double sum = 0;
    for (auto it = results.begin(); it != results.end(); ++it) {
        QVERIFY2(names.contains(it.key()), qPrintable(it.key()));
        sum += it.value().toObject()["value"].toDouble();
    }
    QCOMPARE(results.size(), 11);
    QVERIFY(qAbs(sum - m_expected["plan_latency_ms"].toDouble()) < 1e-12);
    // Without a log, the accuracy says what it needs.
    QVERIFY(!window.exportOverlay(file, OverlayMetric::Accuracy, &message));
    QVERIFY2(message.contains("open one first (File > Open Accuracy Log)"), qPrintable(message));
}

PLANSCOPE_TEST_MAIN(TestModelWindow, QApplication)
#include "tst_model_window.moc"
