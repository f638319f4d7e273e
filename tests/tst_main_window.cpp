#include "TestSupport.h"
#include "chartview/ChartView.h"
#include "demo/SyntheticPlan.h"
#include "dialogs/LintSettingsDialog.h"
#include "gui/AsyncPlanLoader.h"
#include "gui/CompareWindow.h"
#include "gui/DemoPlan.h"
#include "gui/MainWindow.h"
#include "itemmodels/LayerFilterModel.h"
#include "itemmodels/LayerTableModel.h"
#include "itemmodels/LintModel.h"
#include "panels/AccuracyPanel.h"
#include "panels/ChartsPanel.h"
#include "panels/ComparePanel.h"
#include "panels/CompareSummaryTable.h"
#include "panels/GraphPanel.h"
#include "panels/LayerInspector.h"
#include "panels/LayerTablePanel.h"
#include "panels/LeadsPanel.h"
#include "panels/LintPanel.h"
#include "panels/ModulesPanel.h"
#include "panels/SummaryPanel.h"
#include "table/LayerTableView.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>
#include <QTreeView>
#include <utility>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

// A small plan can load before the caller starts waiting: count that as done.
bool waitFor(QSignalSpy& spy) {
    return !spy.isEmpty() || spy.wait(60000);
}

// Opens a plan and waits for the worker to deliver it.
bool openAndWait(MainWindow& window, const QString& path, int profile = 0) {
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.openPlan(path, profile);
    return waitFor(finished) && finished.first().first().toBool();
}

QModelIndex findingOf(QTreeView* view, const QString& layer) {
    QAbstractItemModel* model = view->model();
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex rule = model->index(r, 0);
        for (int f = 0; f < model->rowCount(rule); ++f)
            if (model->index(f, 0, rule).data().toString() == layer)
                return model->index(f, 0, rule);
    }
    return {};
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void placesEveryPanel();
    void opensPlanIntoEveryPanel();
    void showsPlanWhileItIsAnalysed();
    void analysesShownPlanAfterFailedOpen();
    void opensTrtexecLogAlone();
    void opensLogsOfOtherShapes();
    void showsPlanWithoutTimings();
    void exportsChartFromFileMenu();
    void appliesAndRemembersLintSettings();
    void lintFindingSelectsLayerEverywhere();
    void inspectorLinksSelectNeighbours();
    void filtersAndExportsTable();
    void opensDroppedFile();
    void addsDroppedBuildLogBesidePlan();
    void exportsGraphAsOnnx();
    void reportsBrokenFileAndStaysUsable();
    void cancelsLoading();
    void choosesOptimizationProfile();
    void opensDemoPlan();
    void opensPlanGivenToTheWindow();
    void showsPlanGraph();
    void comparesTwoPlans();
    void comparesTwoDroppedPlans();
};

void TestMainWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // QSettings go to a test location
    QSettings().clear();
}

// The tabs and docks the window builds from its one list of panels: titles, order, dock object
// names (the saved window state keys docks by them) and where the docks start.
void TestMainWindow::placesEveryPanel() {
    MainWindow window;
    auto* tabs = window.findChild<QTabWidget*>();
    const std::vector<std::pair<QString, QWidget*>> expectedTabs{
        {"&Layers", window.layerPanel()}, {"&Modules", window.modulesPanel()},
        {"Lea&ds", window.leadsPanel()},  {"C&harts", window.chartsPanel()},
        {"&Graph", window.graphPanel()},  {"Acc&uracy", window.accuracyPanel()}};
    QCOMPARE(tabs->count(), int(expectedTabs.size()));
    for (int t = 0; t < tabs->count(); ++t) {
        QCOMPARE(tabs->tabText(t), expectedTabs[std::size_t(t)].first);
        QCOMPARE(tabs->widget(t), expectedTabs[std::size_t(t)].second);
    }
    const std::tuple<const char*, QString, QWidget*, Qt::DockWidgetArea> expectedDocks[] = {
        {"summaryDock", "Summary", window.summaryPanel(), Qt::RightDockWidgetArea},
        {"inspectorDock", "Layer inspector", window.inspector(), Qt::RightDockWidgetArea},
        {"lintDock", "Lint", window.lintPanel(), Qt::BottomDockWidgetArea}};
    QCOMPARE(window.findChildren<QDockWidget*>().size(), qsizetype(std::size(expectedDocks)));
    QStringList viewMenu;
    for (const auto& [name, title, panel, area] : expectedDocks) {
        auto* dock = window.findChild<QDockWidget*>(name);
        QVERIFY2(dock, name);
        QCOMPARE(dock->windowTitle(), title);
        QCOMPARE(dock->widget(), panel);
        QCOMPARE(window.dockWidgetArea(dock), area);
        viewMenu << title;
    }
    // The side docks share the right as tabs; the View menu lists every dock.
    auto* summary = window.findChild<QDockWidget*>("summaryDock");
    QVERIFY(window.tabifiedDockWidgets(summary).contains(
        window.findChild<QDockWidget*>("inspectorDock")));
    QStringList shown;
    for (QMenu* menu : window.menuBar()->findChildren<QMenu*>())
        if (menu->title() == "&View")
            for (const QAction* action : menu->actions())
                if (!action->isSeparator() && action->text() != "&Reset Layout")
                    shown << action->text();
    QCOMPARE(shown, viewMenu);
}

void TestMainWindow::opensPlanIntoEveryPanel() {
    MainWindow window;
    window.show();
    const QString plan = dataPath("trex/mobilenet/mobilenet.qat.onnx.engine");
    QVERIFY(openAndWait(window, plan));
    QCOMPARE(window.windowTitle(), QString("mobilenet.qat.onnx.engine.graph.json - PlanScope"));
    QCOMPARE(window.layerPanel()->view()->model()->rowCount(), 72);
    const QString summary = window.summaryPanel()->text();
    for (const char* text : {"0.470 ms", "3.3 MB", "15.9 MB", "input1: [1, 3, 224, 224]xFP32 NCHW",
                             "NVIDIA TITAN RTX", "Throughput", "0.3512"})
        QVERIFY2(summary.contains(text), text);
    QCOMPARE(
        window.layerPanel()->statusText(),
        QString("There are 72 layers which account for 100.0% (0.470 ms) of the overall latency."));
    QCOMPARE(window.lintPanel()->view()->model()->rowCount(), 6);
    QCOMPARE(QSettings().value("recentFiles").toStringList().first(),
             QFileInfo(plan).absoluteFilePath());
}

// The plan is shown as soon as it is read; its lint, check and leads follow from the worker, and
// are delivered through the event loop even when the worker is done before they are asked for.
void TestMainWindow::showsPlanWhileItIsAnalysed() {
    MainWindow window;
    window.show();
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    int rowsMeanwhile = -1;
    QString summaryMeanwhile;
    bool analysingMeanwhile = false;
    QString lintTabMeanwhile;
    QString rulesMeanwhile;
    bool markerRan = false;
    bool analysedBeforeMarker = false;
    connect(window.loader(), &AsyncPlanLoader::loaded, &window, [&] {
        rowsMeanwhile = window.layerPanel()->view()->model()->rowCount();
        summaryMeanwhile = window.summaryPanel()->text();
        analysingMeanwhile = window.document()->isAnalysing();
        lintTabMeanwhile = window.lintPanel()->findChild<QTabBar*>()->tabText(0);
        rulesMeanwhile = window.lintPanel()->findChild<QComboBox*>()->itemText(0);
        QTimer::singleShot(0, &window, [&] { markerRan = true; });
        QThreadPool::globalInstance()->waitForDone(60000); // the analysis ends meanwhile
    });
    connect(window.loader(), &AsyncPlanLoader::analysed, &window,
            [&] { analysedBeforeMarker = !markerRan; });
    window.openPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    QCOMPARE(finished.count(), 0); // never inside the call
    QVERIFY(finished.wait(60000));
    QCOMPARE(rowsMeanwhile, 72);
    QVERIFY(analysingMeanwhile);
    QVERIFY2(summaryMeanwhile.contains("linting..."), qPrintable(summaryMeanwhile));
    QCOMPARE(lintTabMeanwhile, QString("Findings (linting...)"));
    QCOMPARE(rulesMeanwhile, QString("All rules"));
    QCOMPARE(window.lintPanel()->findChild<QTabBar*>()->tabText(0),
             QString("Findings (%1)").arg(window.document()->findings().size()));
    QVERIFY(!window.document()->findings().empty());
    QVERIFY(!analysedBeforeMarker);
    QVERIFY(!window.document()->isAnalysing());
    QVERIFY(!window.summaryPanel()->text().contains("linting..."));
    QCOMPARE(window.lintPanel()->view()->model()->rowCount(), 6);
}

// A plan whose analysis gave way to an open that then failed still gets its lint, check and
// leads, without a second loadFinished.
void TestMainWindow::analysesShownPlanAfterFailedOpen() {
    MainWindow window;
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    bool opened = false;
    connect(window.loader(), &AsyncPlanLoader::loaded, &window, [&] {
        if (!std::exchange(opened, true))
            window.openPlan(fixturePath("no-such-plan.graph.json"));
    });
    window.openPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toBool(), false);
    QTRY_VERIFY_WITH_TIMEOUT(!window.document()->isAnalysing(), 60000);
    QCOMPARE(window.document()->plan()->layers.size(), std::size_t(72));
    QVERIFY(!window.document()->findings().empty());
    QVERIFY(!window.loader()->isLoading());
    QCOMPARE(finished.count(), 1);
}

// A trtexec log alone: layers and timings from its tables, device and build from its sections.
void TestMainWindow::opensTrtexecLogAlone() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(openAndWait(window, fixturePath("trt10-layerinfo.log")));
    QCOMPARE(window.windowTitle(), QString("trt10-layerinfo.log - PlanScope"));
    QCOMPARE(window.layerPanel()->view()->model()->rowCount(), 4);
    const QString summary = window.summaryPanel()->text();
    for (const char* text : {"0.120 ms", "NVIDIA L4", "10.3.0", "FP32+FP16", "8123.4",
                             "trtexec --onnx=tiny.onnx", "Inference options", "24370"})
        QVERIFY2(summary.contains(text), text);
    const QImage shot = window.grab().toImage();
    QVERIFY(!shot.isNull());
    shot.save(QDir::temp().filePath("planscope-log-window.png"));
}

// A Python-API verbose build log opens as trtexec's does; a run log without layers opens as a run:
// its device, configuration and performance, no layers, every panel analysed (issue 44, item 6).
void TestMainWindow::opensLogsOfOtherShapes() {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(openAndWait(window, fixturePath("python-api-build.log")));
    QCOMPARE(window.layerPanel()->view()->model()->rowCount(), 3);
    QVERIFY(window.document()->plan()->tactics);

    QVERIFY(openAndWait(window, dataPath("realworld/mnist-trt10.16-h100/trtexec-result-01.log")));
    QCOMPARE(window.windowTitle(), QString("trtexec-result-01.log - PlanScope"));
    QCOMPARE(window.layerPanel()->view()->model()->rowCount(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!window.document()->isAnalysing(), 60000);
    const QString summary = window.summaryPanel()->text();
    for (const char* text : {"NVIDIA H100 PCIe", "15374.3", "10.16.1", "a run timed as a whole"})
        QVERIFY2(summary.contains(text), text);
    QVERIFY2(!summary.contains("0.000 ms") && !summary.contains("0 B"), qPrintable(summary));
    auto* tabs = window.findChild<QTabWidget*>();
    for (int t = 0; t < tabs->count(); ++t) { // each tab shows without a layer to show
        tabs->setCurrentIndex(t);
        QCoreApplication::processEvents();
    }
    window.grab().toImage().save(QDir::temp().filePath("planscope-run-log-window.png"));
}

// A verbose build log alone has no per-layer timings: every panel says so, none shows 0.
void TestMainWindow::showsPlanWithoutTimings() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(
        window, dataPath("realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log")));
    const QString summary = window.summaryPanel()->text();
    for (const char* text : {"- (no per-layer timings)", "--exportProfile="})
        QVERIFY2(summary.contains(text), text);
    QVERIFY2(!summary.contains("0.000 ms") && !summary.contains("0 B"), qPrintable(summary));
    QCOMPARE(window.layerPanel()->statusText(),
             QString("There are 6 layers; the plan has no per-layer timings."));
    const QAbstractItemModel* table = window.layerPanel()->view()->model();
    QCOMPARE(table->index(0, LayerTableModel::LatencyColumn).data().toString(), QString("-"));
    QCOMPARE(table->index(0, LayerTableModel::WeightsColumn).data().toString(), QString("-"));
}

// File > Export Chart offers PNG on Ctrl+E and SVG on Ctrl+Shift+E, as the README says.
void TestMainWindow::exportsChartFromFileMenu() {
    MainWindow window;
    QStringList shortcuts;
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text().startsWith("As &"))
            shortcuts << action->text() + ' ' + action->shortcut().toString();
    shortcuts.sort();
    QCOMPARE(shortcuts, QStringList({"As &PNG... Ctrl+E", "As &SVG... Ctrl+Shift+E"}));
}

void TestMainWindow::appliesAndRemembersLintSettings() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, fixturePath("lint-rules.graph.json")));
    QAbstractItemModel* findings = window.lintPanel()->view()->model();
    const int allRules = findings->rowCount();
    QVERIFY(allRules >= 7);

    LintSettings settings;
    settings.disabled = {"unquantized-residual", "small-batch"};
    settings.shufflePercent = 50;
    LintSettingsDialog dialog(settings);
    QCOMPARE(dialog.settings().disabled, settings.disabled);
    QCOMPARE(dialog.settings().shufflePercent, 50.0);
    saveLintSettings(dialog.settings());
    QCOMPARE(loadLintSettings().disabled, settings.disabled);
    QCOMPARE(loadLintSettings().shufflePercent, 50.0);

    window.document()->setLintSettings(settings);
    QCOMPARE(findings->rowCount(), allRules - 2);
    for (int r = 0; r < findings->rowCount(); ++r) {
        const QString rule = findings->index(r, 0).data(LintModel::RuleRole).toString();
        QVERIFY2(rule != "unquantized-residual" && rule != "small-batch", qPrintable(rule));
        if (rule == "shuffle-costly") // only the converting Shuffle is left at 50 %
            QCOMPARE(findings->rowCount(findings->index(r, 0)), 1);
    }
    // A new window starts with what was saved.
    MainWindow next;
    QCOMPARE(next.document()->lintSettings().disabled, settings.disabled);
    saveLintSettings({});
}

void TestMainWindow::lintFindingSelectsLayerEverywhere() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath("trex/mobilenet/mobilenet.qat.onnx.engine")));
    QTreeView* lint = window.lintPanel()->view();
    const QModelIndex finding = findingOf(lint, "QuantizeLinear_2");
    QVERIFY(finding.isValid());
    lint->setCurrentIndex(finding); // one click on the finding

    QCOMPARE(window.document()->selection()->current(), 0);
    const QModelIndex row = window.layerPanel()->view()->currentIndex();
    QCOMPARE(row.data(LayerTableModel::LayerIndexRole).toInt(), 0);
    const QString inspector = window.inspector()->text();
    for (const char* text : {"QuantizeLinear_2", "Reformat", "FP32 -> INT8", "602112", "Producers",
                             "Raw attributes", "Origin", "QDQ"})
        QVERIFY2(inspector.contains(text) ||
                     inspector.contains(QString(text).replace("602112", "588.0 KB")),
                 text);
    QVERIFY(window.summaryPanel()->text().contains("Selected layer\nName\tQuantizeLinear_2") ||
            window.summaryPanel()->text().contains("QuantizeLinear_2"));

    // Selecting a layer elsewhere moves the lint panel to its finding.
    window.document()->selection()->select(1);
    QCOMPARE(lint->currentIndex().data(LintModel::LayerIndexRole).toInt(), 1);
}

void TestMainWindow::inspectorLinksSelectNeighbours() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath("trex/mobilenet/mobilenet.qat.onnx.engine")));
    window.document()->selection()->select(1);
    QVERIFY(window.inspector()->toHtml().contains("href=\"layer:0\"")); // its producer
    QVERIFY(window.inspector()->toHtml().contains("href=\"layer:2\"")); // its consumer
    emit window.inspector()->anchorClicked(QUrl("layer:2"));
    QCOMPARE(window.document()->selection()->current(), 2);
    QCOMPARE(
        window.layerPanel()->view()->currentIndex().data(LayerTableModel::LayerIndexRole).toInt(),
        2);
}

void TestMainWindow::filtersAndExportsTable() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath("trex/mobilenet/mobilenet.qat.onnx.engine")));
    LayerTablePanel* panel = window.layerPanel();
    QComboBox* types = panel->typeFilter();
    types->setCurrentIndex(types->findData("Convolution"));
    QCOMPARE(panel->view()->model()->rowCount(), 53);
    QCOMPARE(panel->statusText(), QString("There are 53 Convolution layers which account for 81.5% "
                                          "(0.383 ms) of the overall latency."));
    QVERIFY(panel->view()->model()->columnCount() > LayerTableModel::FixedColumnCount);

    QTemporaryDir dir;
    const QString csv = dir.filePath("convs.csv");
    QString error;
    QVERIFY2(panel->exportCsv(csv, &error), qPrintable(error));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 54);
    QVERIFY(lines[1].contains(",Convolution,"));

    panel->searchField()->setText("features.0.0.weight");
    QCOMPARE(panel->view()->model()->rowCount(), 1);
    panel->view()->selectAll();
    const QString copied = panel->view()->selectedRowsText();
    QVERIFY(copied.startsWith("#\tName\tType"));
    QVERIFY(copied.contains("features.0.0.weight + QuantizeLinear_8 + Conv_12 + PWN(Clip_16)"));
    QCOMPARE(copied.trimmed().count('\n'), 1);
    // The same rows from the table's context menu (or Ctrl+C).
    QAction* copy = panel->view()->copyRowsAction();
    QCOMPARE(panel->view()->contextMenuPolicy(), Qt::ActionsContextMenu);
    QVERIFY(panel->view()->actions().contains(copy));
    QCOMPARE(copy->shortcut(), QKeySequence(QKeySequence::Copy));
    copy->trigger();
    QCOMPARE(QApplication::clipboard()->text(), copied);
}

void TestMainWindow::opensDroppedFile() {
    MainWindow window;
    window.show();
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    QMimeData mime;
    mime.setUrls(
        {QUrl::fromLocalFile(dataPath("trex/resnet-a100/qat/resnet-qat.onnx.engine.graph.json"))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(waitFor(finished));
    QVERIFY(finished.first().first().toBool());
    QCOMPARE(window.document()->plan()->layers.size(), std::size_t(35));
}

// A verbose build log dropped on the plan exported from that build adds its tactics: the
// inspector shows them for the selected layer, and a reload keeps them.
void TestMainWindow::addsDroppedBuildLogBesidePlan() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(
        window, dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log")));
    QVERIFY(!window.document()->plan()->tactics);
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(
        dataPath("realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log"))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(waitFor(finished));
    const EnginePlan* plan = window.document()->plan();
    QVERIFY(plan->tactics);
    QCOMPARE(window.currentPath(),
             dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log"));
    const int pool = int(plan->findLayer("node_max_pool2d")->index);
    window.document()->selection()->select(pool);
    const QString text = window.inspector()->text();
    QVERIFY2(text.contains("Tactics (verbose build log)"), qPrintable(text));
    QVERIFY(text.contains("34 tactics timed"));
    QVERIFY(text.contains("Chosen: 0xdd39499496c9cc38"));
    QSignalSpy reloaded(&window, &MainWindow::loadFinished);
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == "&Reload")
            action->trigger();
    QVERIFY(waitFor(reloaded));
    QVERIFY(window.document()->plan()->tactics);
}

void TestMainWindow::exportsGraphAsOnnx() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath("trex/mobilenet/mobilenet.qat.onnx.engine")));
    QTemporaryDir dir;
    QString message;
    QVERIFY2(window.exportGraphAsOnnx(dir.filePath("m.onnx"), &message), qPrintable(message));
    QVERIFY2(message.startsWith("Wrote m.onnx: 72 nodes"), qPrintable(message));
    QVERIFY(QFileInfo(dir.filePath("m.onnx")).size() > 1000);
    QVERIFY(!window.exportGraphAsOnnx("/nonexistent-folder/m.onnx", &message));
    QVERIFY(message.contains("cannot be written"));
}

void TestMainWindow::reportsBrokenFileAndStaysUsable() {
    MainWindow window;
    window.show();
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.openPlan(fixturePath("truncated.graph.json"));
    QVERIFY(waitFor(finished));
    QCOMPARE(finished.first().at(0).toBool(), false);
    const QString message = finished.first().at(1).toString();
    QVERIFY2(message.contains("truncated.graph.json") && message.contains("ends early"),
             qPrintable(message));
    QMessageBox* box = window.findChild<QMessageBox*>();
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QCOMPARE(box->text(), message);
    box->accept();
    QVERIFY(openAndWait(window, fixturePath("lint.graph.json"))); // still usable
    QCOMPARE(window.document()->plan()->layers.size(), std::size_t(10));
}

void TestMainWindow::cancelsLoading() {
    QTemporaryDir dir;
    SyntheticPlanOptions options;
    options.layers = 3000;
    QString error;
    QVERIFY(writeSyntheticPlan(dir.filePath("big.onnx.engine"), options, &error));
    MainWindow window;
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.openPlan(dir.filePath("big.onnx.engine"));
    QVERIFY(window.loader()->isLoading());
    window.loader()->cancel(); // before the worker's first progress report
    QVERIFY(waitFor(finished));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QCOMPARE(finished.first().at(1).toString(), QString("cancelled"));
    QVERIFY(!window.document()->plan());
    QVERIFY(!window.loader()->isLoading());
}

void TestMainWindow::choosesOptimizationProfile() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, fixturePath("profiles.graph.json")));
    QComboBox* profiles = window.findChild<QComboBox*>(QString(), Qt::FindChildrenRecursively);
    const auto combos = window.findChildren<QComboBox*>();
    profiles = nullptr;
    for (QComboBox* c : combos)
        if (c->count() == 2 && c->itemText(1) == "1")
            profiles = c;
    QVERIFY(profiles);
    QVERIFY(profiles->isVisible());
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    profiles->setCurrentIndex(1);
    emit profiles->activated(1);
    QVERIFY(waitFor(finished));
    QCOMPARE(window.document()->plan()->profileIndex, 1);
    QCOMPARE(window.document()->plan()->layers[0].name, QString("conv [profile 1]"));
}

void TestMainWindow::opensDemoPlan() {
    MainWindow window;
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.openDemoPlan();
    QVERIFY(waitFor(finished));
    QVERIFY(finished.first().first().toBool());
    const EnginePlan* plan = window.document()->plan();
    QCOMPARE(plan->layers.size(), std::size_t(60));
    QVERIFY(plan->hasProfile);
    QVERIFY(!plan->timingSamplesMs.empty());
    QVERIFY(!plan->metadata.performance.empty());
    QVERIFY(!plan->metadata.builder.empty());
    QVERIFY(!window.document()->findings().empty());
}

// A plan given to the window is read while the window is built. Its modules are made when a view
// shows them, not for a window on the Layers tab.
void TestMainWindow::opensPlanGivenToTheWindow() {
    MainWindow window(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    QVERIFY(window.loader()->isLoading());
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.show();
    QVERIFY(waitFor(finished));
    QVERIFY(finished.first().first().toBool());
    QCOMPARE(window.document()->plan()->layers.size(), std::size_t(72));
    QVERIFY(!window.document()->findings().empty());
    QTest::qWait(50);
    QVERIFY(!window.document()->hasModules());
    QSignalSpy modules(window.document(), &PlanDocument::modulesChanged);
    window.findChild<QTabWidget*>()->setCurrentWidget(window.modulesPanel());
    QVERIFY(window.modulesPanel()->isWaiting()); // a screenshot of the tab waits for them
    QVERIFY(waitFor(modules));
    QVERIFY(!window.modulesPanel()->isWaiting());
    QVERIFY(window.document()->hasModules());
    QVERIFY(!isDemoPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine")));
    QVERIFY(isDemoPlan(demoPlanPath()));
}

void TestMainWindow::showsPlanGraph() {
    MainWindow window;
    window.show();
    QSignalSpy laidOut(window.graphPanel(), &GraphPanel::layoutFinished);
    QVERIFY(openAndWait(window, dataPath("trex/mobilenet/mobilenet.qat.onnx.engine")));
    QVERIFY(!window.graphPanel()->canvas()->scene()); // laid out when its tab shows
    window.findChild<QTabWidget*>()->setCurrentWidget(window.graphPanel());
    QVERIFY(waitFor(laidOut));
    const GraphCanvas::Scene* scene = window.graphPanel()->canvas()->scene();
    QVERIFY(scene);
    QCOMPARE(scene->graph.nodes().size(), std::size_t(74));
    QVERIFY(!window.graphPanel()->showsNeighbourhood()); // 72 layers: the whole graph
    // Around the selected layer: its neighbours only.
    laidOut.clear();
    window.document()->selection()->select(30);
    window.graphPanel()->setNeighbourhood(true, 1);
    QVERIFY(waitFor(laidOut));
    const GraphCanvas::Scene* near = window.graphPanel()->canvas()->scene();
    const PlanGraph whole = PlanGraph::build(*window.document()->plan());
    QCOMPARE(near->graph.nodes().size(),
             whole.neighbourhood(whole.nodeOfLayer(30), 1).nodes().size());
    QVERIFY(near->graph.nodes().size() < 10);
    QVERIFY(near->graph.nodeOfLayer(30) >= 0);
    QTemporaryDir dir;
    QString error;
    QVERIFY2(window.graphPanel()->exportView(dir.filePath("near.dot"), &error), qPrintable(error));
    QVERIFY(QFileInfo(dir.filePath("near.dot")).size() > 100);
}

void TestMainWindow::comparesTwoPlans() {
    CompareWindow window;
    window.show();
    QSignalSpy finished(&window, &CompareWindow::loadFinished);
    window.compare(dataPath("trex/resnet-a100/fp32"), dataPath("trex/resnet-a100/qat"));
    QVERIFY(waitFor(finished));
    QVERIFY(finished.first().first().toBool());
    ComparePanel* panel = window.panel();
    const auto* model = qobject_cast<const ComparisonFilterModel*>(panel->layers()->model());
    QVERIFY(model);
    const auto& rows = qobject_cast<const ComparisonTableModel*>(model->sourceModel())->rows();
    int mismatches = 0;
    for (const LayerComparison& r : rows)
        mismatches += r.precisionMismatch ? 1 : 0;
    QCOMPARE(model->rowCount(), int(rows.size()));
    QVERIFY(panel->speedupLabel()->text().contains("1.938x"));
    QCOMPARE(panel->summary()->item(10, 0)->text(),
             QString("input.1: [32, 3, 224, 224]xFP32 NCHW"));
    QVERIFY(!panel->summary()->item(10, 1)->font().bold()); // the same input
    QCOMPARE(panel->summary()->item(0, 0)->text(), QString("24"));
    QCOMPARE(panel->summary()->item(0, 1)->text(), QString("35"));
    QVERIFY(panel->summary()->item(0, 1)->font().bold());                // a difference
    QCOMPARE(panel->summary()->item(9, 1)->text(), QString("0.884766")); // p99 of a 5-entry list
    // Every device, builder and performance field follows.
    QStringList rowNames;
    for (int r = 0; r < panel->summary()->rowCount(); ++r)
        rowNames << panel->summary()->verticalHeaderItem(r)->text();
    for (const char* field :
         {"Device: Selected Device", "Builder: Precision", "Performance: Throughput"})
        QVERIFY2(rowNames.contains(field), field);
    panel->showFilter()->setCurrentIndex(1); // precision mismatch
    QCOMPARE(model->rowCount(), mismatches);
    QVERIFY(mismatches > 15);
    panel->showFilter()->setCurrentIndex(0);
    const QModelIndex speedup = model->index(0, ComparisonTableModel::SpeedupColumn);
    QCOMPARE(speedup.data(ComparisonTableModel::HighlightRole).toInt(),
             int(ComparisonTableModel::Highlight::Faster));
}

void TestMainWindow::comparesTwoDroppedPlans() {
    MainWindow window;
    window.show();
    QMimeData mime;
    mime.setUrls(
        {QUrl::fromLocalFile(dataPath("trex/resnet-a100/fp16/resnet.onnx.engine.graph.json")),
         QUrl::fromLocalFile(dataPath("trex/resnet-a100/qat/resnet-qat.onnx.engine.graph.json"))});
    // Qt delivers a drop only after an accepted drag-enter.
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    auto* compare = window.findChild<CompareWindow*>();
    QVERIFY(compare);
    QSignalSpy finished(compare, &CompareWindow::loadFinished);
    QVERIFY(waitFor(finished));
    QVERIFY(finished.first().first().toBool());
    QCOMPARE(compare->panel()->summary()->item(0, 0)->text(), QString("25"));
    QCOMPARE(compare->panel()->summary()->item(0, 1)->text(), QString("35"));
    // Three plans: the summaries and charts take them all, the table compares first and last.
    CompareWindow three;
    QSignalSpy done(&three, &CompareWindow::loadFinished);
    three.compare(QStringList{dataPath("trex/resnet-a100/fp32"), dataPath("trex/resnet-a100/fp16"),
                              dataPath("trex/resnet-a100/qat")});
    QVERIFY(waitFor(done));
    QCOMPARE(three.panel()->summary()->columnCount(), 3);
    QCOMPARE(three.panel()->summary()->item(0, 2)->text(), QString("35"));
    QCOMPARE(three.panel()->chartView()->chart().panels.front().bars.size(), std::size_t(3));
    QVERIFY(three.panel()->speedupLabel()->text().contains("1.938x")); // qat over fp32
}

PLANSCOPE_TEST_MAIN(TestMainWindow, QApplication)
#include "tst_main_window.moc"
