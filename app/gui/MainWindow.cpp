#include "gui/MainWindow.h"

#include "accuracy/AccuracyLogReader.h"
#include "dialogs/LintSettingsDialog.h"
#include "dialogs/ReportExportDialog.h"
#include "dialogs/TrtexecDialog.h"
#include "dialogs/WarningBox.h"
#include "graphview/GraphFormat.h"
#include "gui/AsyncModelReader.h"
#include "gui/AsyncPlanLoader.h"
#include "gui/CompareWindow.h"
#include "gui/DemoPlan.h"
#include "gui/WindowPlacement.h"
#include "io/FileKind.h"
#include "onnxexport/OnnxExport.h"
#include "panels/AccuracyPanel.h"
#include "panels/ChartsPanel.h"
#include "panels/CheckBanner.h"
#include "panels/GpuChooser.h"
#include "panels/GraphPanel.h"
#include "panels/LayerInspector.h"
#include "panels/LayerTablePanel.h"
#include "panels/LeadsPanel.h"
#include "panels/LintPanel.h"
#include "panels/ModulesPanel.h"
#include "panels/SummaryPanel.h"
#include "plan/PlanError.h"
#include "report/PlanReport.h"

#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <tuple>
#include <utility>

namespace planscope {
namespace {

constexpr int kMaxRecentFiles = 10;
constexpr int kLayoutVersion = 3;     // saved layouts of other versions are not restored
constexpr int kSideDockMinimum = 280; // Summary and inspector: a key and a value side by side
constexpr int kSideDockWidth = 340;
const QString kRecentFiles = QStringLiteral("recentFiles");

QString planFileFilter() {
    return MainWindow::tr("Engine graphs and trtexec logs (*.graph.json *.json *.log *.txt *.out);;"
                          "All files (*)");
}

QDockWidget* dock(const QString& title, const QString& name, QWidget* content, QWidget* parent) {
    auto* d = new QDockWidget(title, parent);
    d->setObjectName(name); // saveState() keys docks by object name
    d->setWidget(content);
    return d;
}

} // namespace

MainWindow::MainWindow(const QString& plan, int profile, QWidget* parent)
    : QMainWindow(parent), m_document(new PlanDocument(this)),
      m_loader(startReading(plan, profile)), m_modelReader(new AsyncModelReader(this)),
      m_layers(new LayerTablePanel(m_document, this)), m_leads(new LeadsPanel(m_document, this)),
      m_modules(new ModulesPanel(m_document, this)), m_summary(new SummaryPanel(m_document, this)),
      m_inspector(new LayerInspector(m_document, this)), m_lint(new LintPanel(m_document, this)),
      m_charts(new ChartsPanel(m_document, this)), m_graph(new GraphPanel(m_document, this)),
      m_tabs(new QTabWidget(this)), m_checkBanner(new CheckBanner(m_document, this)) {
    setWindowTitle(QStringLiteral("PlanScope"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/planscope.svg")));
    setAcceptDrops(true);
    m_accuracy = new AccuracyPanel(m_document, this);
    // Every panel, in one list: the central tabs in their order, then the docks in theirs (the
    // View menu's). A dock's object name keys it in the saved window state.
    m_panels = {
        {tr("&Layers"), m_layers},
        {tr("&Modules"), m_modules},
        {tr("Lea&ds"), m_leads},
        {tr("C&harts"), m_charts},
        {tr("&Graph"), m_graph},
        {tr("Acc&uracy"), m_accuracy},
        {tr("Summary"), m_summary, Qt::RightDockWidgetArea, QStringLiteral("summaryDock")},
        {tr("Layer inspector"), m_inspector, Qt::RightDockWidgetArea,
         QStringLiteral("inspectorDock")},
        {tr("Lint"), m_lint, Qt::BottomDockWidgetArea, QStringLiteral("lintDock")},
    };
    for (const Panel& panel : m_panels)
        if (panel.area == Qt::NoDockWidgetArea)
            m_tabs->addTab(panel.widget, panel.title);
    m_tabs->setDocumentMode(true);
    // The check's banner sits above the tabs while the plan's files have an error.
    auto* central = new QWidget(this);
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_checkBanner);
    column->addWidget(m_tabs, 1);
    setCentralWidget(central);
    createDocks();
    createActions();
    createStatusBar();
    restoreSettings();

    connect(m_loader, &AsyncPlanLoader::loaded, this, &MainWindow::onLoaded);
    connect(m_loader, &AsyncPlanLoader::analysed, this, &MainWindow::onAnalysed);
    connect(m_loader, &AsyncPlanLoader::failed, this, &MainWindow::onFailed);
    connect(m_loader, &AsyncPlanLoader::cancelled, this, &MainWindow::onCancelled);
    connect(m_loader, &AsyncPlanLoader::progressChanged, m_progress, &QProgressBar::setValue);
    connect(m_modelReader, &AsyncModelReader::modelRead, this, &MainWindow::onModelRead);
    connect(m_modelReader, &AsyncModelReader::failed, this, &MainWindow::onModelFailed);
    connect(m_modelReader, &AsyncModelReader::cancelled, this, [this] {
        forgetUnreadModel();
        finishModel(false, tr("cancelled"));
    });
    if (!plan.isEmpty())
        showLoading(plan);
}

// The loader is made before the panels: a plan given to the window is read on its worker while
// they are built (what it delivers waits for the event loop, by then connected), and analysed
// with the document's lint settings, read here once.
AsyncPlanLoader* MainWindow::startReading(const QString& plan, int profile) {
    m_document->setLintSettings(loadLintSettings());
    auto* loader = new AsyncPlanLoader(this);
    if (!plan.isEmpty())
        loader->load(plan, profile, m_document->lintSettings());
    return loader;
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    // The side panels run the full height; the lint panel sits below the central tabs.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    for (Panel& panel : m_panels)
        if (panel.area != Qt::NoDockWidgetArea)
            panel.dock = dock(panel.title, panel.dockName, panel.widget, this);
    m_summary->setMinimumWidth(kSideDockMinimum);
    m_inspector->setMinimumWidth(kSideDockMinimum);
    connect(m_checkBanner, &CheckBanner::detailsRequested, this, [this] {
        dockOf(m_lint)->show();
        dockOf(m_lint)->raise();
        m_lint->showCheck();
    });
    // Where the summary and the inspector share a side, choosing a layer shows the inspector.
    connect(m_document->selection(), &LayerSelection::changed, this, [this](int layer) {
        if (layer >= 0 && tabifiedDockWidgets(dockOf(m_inspector)).contains(dockOf(m_summary)))
            dockOf(m_inspector)->raise();
    });
}

QDockWidget* MainWindow::dockOf(const QWidget* panel) const {
    for (const Panel& p : m_panels)
        if (p.widget == panel)
            return p.dock;
    return nullptr;
}

// Fits the screen, the central tabs get the most room: the summary and the inspector share the
// right side as tabs (the inspector comes to the front when a layer is chosen), so the layer
// table keeps its columns on any screen; the lint panel below shows at least six findings.
// Docks of one area share it as tabs, the first of the list in front.
void MainWindow::applyDefaultLayout() {
    placeOnScreen(*this);
    for (const Panel& panel : m_panels)
        if (panel.dock) {
            removeDockWidget(panel.dock);
            panel.dock->setFloating(false);
        }
    std::vector<QDockWidget*> fronts; // the first dock of each area
    for (const Panel& panel : m_panels) {
        if (!panel.dock)
            continue;
        addDockWidget(panel.area, panel.dock);
        const auto front = std::find_if(fronts.begin(), fronts.end(), [&](QDockWidget* d) {
            return dockWidgetArea(d) == panel.area;
        });
        if (front == fronts.end())
            fronts.push_back(panel.dock);
        else
            tabifyDockWidget(*front, panel.dock);
    }
    for (const Panel& panel : m_panels)
        if (panel.dock)
            panel.dock->show();
    for (QDockWidget* front : fronts)
        if (!tabifiedDockWidgets(front).isEmpty())
            front->raise();
    m_docksNeedSizes = true;
    if (isVisible())
        sizeDefaultDocks();
}

void MainWindow::sizeDefaultDocks() {
    m_docksNeedSizes = false;
    const int lintHeight =
        std::clamp(height() / 4, m_lint->minimumSizeHint().height(), height() / 3);
    resizeDocks({dockOf(m_lint)}, {lintHeight}, Qt::Vertical);
    resizeDocks({dockOf(m_inspector)}, {kSideDockWidth + 60}, Qt::Horizontal);
}

void MainWindow::resetLayout() {
    QSettings().remove(QStringLiteral("window/state"));
    applyDefaultLayout();
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (m_docksNeedSizes) // after the window has its size, so the docks get theirs
        QTimer::singleShot(0, this, [this] {
            if (m_docksNeedSizes)
                sizeDefaultDocks();
        });
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open..."), QKeySequence::Open, this, &MainWindow::openWithDialog)
        ->setToolTip(tr("Open an engine plan (graph JSON, engine prefix, folder or trtexec log)"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("Open &Accuracy Log..."), this,
                    [this] {
                        const QString log = QFileDialog::getOpenFileName(
                            this, tr("Open a polygraphy run log"),
                            m_path.isEmpty() ? QString() : QFileInfo(m_path).absolutePath(),
                            tr("Logs (*.log *.txt *.out);;All files (*)"));
                        if (!log.isEmpty() && openAccuracyLog(log))
                            m_tabs->setCurrentWidget(m_accuracy);
                    })
        ->setToolTip(tr("Read what polygraphy run compared (TensorRT against ONNX-Runtime): "
                        "each tensor's errors and histograms, beside this plan's layers"));
    file->addAction(tr("Open &Model..."), QKeySequence(tr("Ctrl+M")), this,
                    &MainWindow::openModelWithDialog)
        ->setToolTip(tr("Read the ONNX model this engine was built from: each layer's weights "
                        "and their 2:4 sparsity, and the nodes that reached no layer"));
    file->addAction(tr("Add &Build Log..."), this,
                    [this] {
                        const QString log = QFileDialog::getOpenFileName(
                            this, tr("Add a verbose build log"),
                            m_path.isEmpty() ? QString() : QFileInfo(m_path).absolutePath(),
                            tr("Build logs (*.log *.txt *.out);;All files (*)"));
                        if (!log.isEmpty())
                            addBuildLog(log);
                    })
        ->setToolTip(tr("Read what the builder tried for each layer from the log trtexec "
                        "--verbose printed while building this engine"));
    file->addAction(tr("&Reload"), QKeySequence::Refresh, this, &MainWindow::reload);
    file->addAction(tr("Compare &With..."), this, [this] {
        if (m_path.isEmpty())
            return;
        const QString other = QFileDialog::getOpenFileName(
            this, tr("Compare with"), QFileInfo(m_path).absolutePath(), planFileFilter());
        if (other.isEmpty())
            return;
        openComparison({m_path, other});
    });
    QAction* buildAndProfile = file->addAction(tr("Build and Profile with &trtexec..."));
    buildAndProfile->setToolTip(
        tr("Build an ONNX model into an engine with trtexec, profile it and open it"));
    connect(buildAndProfile, &QAction::triggered, this, [this] {
        auto* dialog = findChild<TrtexecDialog*>();
        if (!dialog) { // one dialog, so its output stays when it is closed and reopened
            dialog = new TrtexecDialog(this);
            connect(dialog, &TrtexecDialog::engineReady, this,
                    [this](const QString& prefix) { openPlan(prefix); });
        }
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    file->addAction(tr("&Close"), QKeySequence::Close, this, &MainWindow::closePlan);
    file->addSeparator();
    file->addAction(tr("&Export Layers as CSV..."), m_layers,
                    &LayerTablePanel::exportCsvWithDialog);
    QMenu* exportChart = file->addMenu(tr("Export C&hart"));
    for (const auto& [text, keys, format] :
         {std::tuple{tr("As &PNG..."), QKeySequence(tr("Ctrl+E")), QStringLiteral("png")},
          std::tuple{tr("As &SVG..."), QKeySequence(tr("Ctrl+Shift+E")), QStringLiteral("svg")}}) {
        QAction* action = exportChart->addAction(text, keys, this, [this, format = format] {
            m_tabs->setCurrentWidget(m_charts);
            m_charts->exportWithDialog(format);
        });
        action->setToolTip(tr("Save the chart shown in the Charts tab"));
    }
    QMenu* exportGraph = file->addMenu(tr("Export &Graph"));
    exportGraph->addAction(tr("&Picture or DOT..."), this, [this] {
        m_tabs->setCurrentWidget(m_graph);
        m_graph->exportWithDialog();
    });
    exportGraph->addAction(tr("&ONNX..."), this, &MainWindow::exportOnnxWithDialog)
        ->setToolTip(tr("The plan graph as an ONNX model, to open in Netron"));
    QAction* exportOverlay =
        file->addAction(tr("Export O&verlay..."), this, &MainWindow::exportOverlayWithDialog);
    exportOverlay->setToolTip(tr("The plan's figures on the ONNX model's nodes, as node data "
                                 "for Google's Model Explorer"));
    exportOverlay->setEnabled(false);
    connect(m_document, &PlanDocument::planChanged, exportOverlay,
            [this, exportOverlay] { exportOverlay->setEnabled(m_document->plan() != nullptr); });
    QAction* exportReport = file->addAction(tr("Export Re&port..."), this, [this] {
        if (const PlanAnalysis* analysis = m_document->analysis())
            exportReportWithDialog(this, analysis->plan().name,
                                   [analysis = *analysis, accuracy = m_document->accuracyLog()] {
                                       return report::planReport(analysis, accuracy);
                                   });
    });
    exportReport->setToolTip(tr("Save the plan's report card as one HTML file or a PDF"));
    exportReport->setEnabled(false);
    connect(m_document, &PlanDocument::planChanged, exportReport,
            [this, exportReport] { exportReport->setEnabled(m_document->plan() != nullptr); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::closeAllWindows);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Find Layer..."), QKeySequence::Find, m_layers,
                    &LayerTablePanel::focusSearch);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (const Panel& panel : m_panels)
        if (panel.dock)
            m_viewMenu->addAction(panel.dock->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout)
        ->setToolTip(tr("Put the panels back where they start, sized for this screen"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Open &Demo Plan"), this, &MainWindow::openDemoPlan);
    help->addAction(tr("&About PlanScope"), this, &MainWindow::showAbout);

    m_profileBar = addToolBar(tr("Optimization profile"));
    m_profileBar->setObjectName(QStringLiteral("profileToolBar"));
    m_profiles = new QComboBox(this);
    m_profiles->setToolTip(tr("The engine was built with several optimization profiles; show one"));
    auto* box = new QWidget(this);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(4, 0, 4, 0);
    row->addWidget(new QLabel(tr("Optimization profile:"), box));
    row->addWidget(m_profiles);
    m_profileBar->addWidget(box);
    m_profileBar->setVisible(false);
    connect(m_profiles, &QComboBox::activated, this, &MainWindow::chooseProfile);
    updateRecentMenu();
}

void MainWindow::createStatusBar() {
    m_loadingLabel = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(220);
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading (Esc)"));
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (m_modelReader->isReading())
            m_modelReader->cancel();
        else
            m_loader->cancel();
    });
    m_gpuChooser = new GpuChooser(m_document, this);
    statusBar()->addPermanentWidget(m_gpuChooser);
    statusBar()->addPermanentWidget(m_loadingLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    setLoading(false);
}

void MainWindow::restoreSettings() {
    QSettings settings;
    if (restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()) &&
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray(), kLayoutVersion))
        return;
    applyDefaultLayout(); // first start, or a layout saved by another version
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
    m_loader->cancel();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    QStringList files;
    for (const QUrl& url : urls)
        if (url.isLocalFile())
            files << url.toLocalFile();
    if (files.size() >= 2) { // several plans dropped together: compare them
        openComparison(files);
        return;
    }
    const DroppedFile kind = sniffDroppedFile(files.first());
    if (kind == DroppedFile::OnnxModel) {
        openModel(files.first());
    } else if (kind == DroppedFile::AccuracyLog) {
        if (openAccuracyLog(files.first()))
            m_tabs->setCurrentWidget(m_accuracy);
    } else if (kind == DroppedFile::BuildLog && !m_path.isEmpty() && files.first() != m_path)
        addBuildLog(files.first()); // a verbose build log dropped beside the open plan
    else
        openPlan(files.first());
}

void MainWindow::openPlan(const QString& path, int profile) {
    m_buildLogs.clear();
    m_modelPath.clear(); // the model of another plan
    load(path, profile);
}

bool MainWindow::openAccuracyLog(const QString& path) {
    try {
        m_document->setAccuracyLog(std::make_shared<const AccuracyLog>(readAccuracyLog(path)));
        statusBar()->showMessage(tr("Read %1").arg(QFileInfo(path).fileName()), 5000);
        return true;
    } catch (const PlanError& e) {
        openWarning(this, tr("Cannot read %1").arg(QFileInfo(path).fileName()), e.message());
        return false;
    }
}

void MainWindow::addBuildLog(const QString& log) {
    if (m_path.isEmpty())
        return openPlan(log);
    if (!m_buildLogs.contains(log))
        m_buildLogs << log;
    load(m_path, m_profile);
}

void MainWindow::load(const QString& path, int profile) {
    m_loader->load(path, profile, m_document->lintSettings(), m_buildLogs);
    showLoading(path);
}

void MainWindow::showLoading(const QString& path) {
    setLoading(true);
    m_loadingLabel->setText(tr("Loading %1...").arg(QFileInfo(path).fileName()));
}

CompareWindow* MainWindow::openComparison(const QStringList& plans) {
    auto* window = new CompareWindow(this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setWindowFlag(Qt::Window);
    window->show();
    window->compare(plans);
    return window;
}

void MainWindow::openDemoPlan() {
    const QString path = demoPlanPath();
    if (path.isEmpty()) {
        onFailed(tr("demo plan"), tr("The demo plan could not be written to a temporary folder. "
                                     "Check that TMPDIR is writable."));
        return;
    }
    openPlan(path);
}

void MainWindow::openWithDialog() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open engine plan"), settings.value(kLastFolder).toString(), planFileFilter());
    if (path.isEmpty())
        return;
    settings.setValue(kLastFolder, QFileInfo(path).absolutePath());
    openPlan(path);
}

void MainWindow::exportOnnxWithDialog() {
    const EnginePlan* plan = m_document->plan();
    if (!plan)
        return;
    QSettings settings;
    const QString folder = settings.value(kLastFolder).toString();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the graph as ONNX"),
        QDir(folder).filePath(QFileInfo(plan->name).completeBaseName() + QLatin1Char('.') +
                              graphFormatWord(GraphFormat::Onnx)),
        graphFormatFilter(GraphFormat::Onnx));
    QString message;
    if (!path.isEmpty() && !exportGraphAsOnnx(path, &message))
        QMessageBox::warning(this, tr("Export the graph as ONNX"), message);
}

bool MainWindow::exportGraphAsOnnx(const QString& path, QString* message) {
    const EnginePlan* plan = m_document->plan();
    if (!plan)
        return false;
    try {
        const OnnxExport written = exportOnnx(*plan, path);
        *message = tr("Wrote %1: %2 nodes, %3 edges. %4")
                       .arg(QFileInfo(path).fileName())
                       .arg(written.nodes)
                       .arg(written.edges)
                       .arg(written.notes.join(' '));
        statusBar()->showMessage(*message);
        return true;
    } catch (const PlanError& e) {
        *message = e.message();
        return false;
    }
}

// loadFinished() once the plan's analysis and the model read beside it are both there.
void MainWindow::finishLoadOnceAllIsRead() {
    if (!m_finishingLoad || m_document->isAnalysing() || m_modelReader->isReading())
        return;
    m_finishingLoad = false;
    emit loadFinished(true, {});
}

void MainWindow::reload() {
    if (!m_path.isEmpty())
        load(m_path, m_profile);
}

void MainWindow::closePlan() {
    m_loader->cancel();
    m_modelReader->cancel();
    m_modelPath.clear();
    m_document->clear();
    m_path.clear();
    m_profileBar->setVisible(false);
    setWindowTitle(QStringLiteral("PlanScope"));
}

void MainWindow::chooseProfile(int profile) {
    if (profile != m_profile && !m_path.isEmpty())
        load(m_path, profile);
}

void MainWindow::onLoaded(const QString& path, int profile, const PlanAnalysis& analysis) {
    setLoading(false);
    m_path = path;
    m_profile = profile;
    const int profiles = analysis.plan().profileCount;
    const QString name = analysis.plan().name;
    m_document->setPlan(analysis);
    setWindowTitle(name + QStringLiteral(" - PlanScope"));
    const QSignalBlocker blocker(m_profiles);
    m_profiles->clear();
    for (int p = 0; p < profiles; ++p)
        m_profiles->addItem(QString::number(p));
    m_profiles->setCurrentIndex(profile);
    m_profileBar->setVisible(profiles > 1);
    if (!isDemoPlan(path))
        addRecentFile(path);
    statusBar()->showMessage(tr("Loaded %1; linting and checking it...").arg(name));
    m_finishingLoad = true; // loadFinished() once the analysis is shown (and the model read)
    if (!m_modelPath.isEmpty())
        readModel(); // the model named with the plan, or read beside it before a reload
}

void MainWindow::onAnalysed(const PlanAnalysis& analysis, const QString& error) {
    if (error.isEmpty())
        m_document->setAnalysis(analysis);
    else
        m_document->setAnalysisFailed(analysis);
    const QString name = analysis.plan().name;
    if (!error.isEmpty()) {
        statusBar()->showMessage(tr("Loaded %1; it could not be linted").arg(name));
        openWarning(this, tr("Cannot lint %1").arg(name), error);
    } else {
        statusBar()->showMessage(tr("Loaded %1").arg(name), 5000);
    }
    finishLoadOnceAllIsRead();
}

// A load that failed or was cancelled may have stopped the analysis of the plan still shown.
void MainWindow::analyseShownPlan() {
    m_finishingLoad = false;
    if (m_document->isAnalysing())
        m_loader->analyse(*m_document->analysis());
}

void MainWindow::onFailed(const QString& path, const QString& message) {
    setLoading(false);
    openWarning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), message);
    analyseShownPlan();
    emit loadFinished(false, message);
}

void MainWindow::onCancelled(const QString& path) {
    setLoading(false);
    statusBar()->showMessage(tr("Loading %1 was cancelled").arg(QFileInfo(path).fileName()), 5000);
    analyseShownPlan();
    emit loadFinished(false, tr("cancelled"));
}

void MainWindow::setLoading(bool loading) {
    m_loadingLabel->setVisible(loading);
    m_progress->setVisible(loading);
    m_cancel->setVisible(loading);
    if (!loading) {
        m_progress->setRange(0, 100); // a model's read showed it busy
        m_progress->setValue(0);
    }
}

void MainWindow::addRecentFile(const QString& path) {
    QSettings settings;
    QStringList files = settings.value(kRecentFiles).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    settings.setValue(kRecentFiles, files.mid(0, kMaxRecentFiles));
    updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = QSettings().value(kRecentFiles).toStringList();
    for (const QString& file : files)
        m_recentMenu->addAction(QFileInfo(file).fileName(), this, [this, file] { openPlan(file); })
            ->setToolTip(file);
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About PlanScope"),
                       tr("<h3>PlanScope %1</h3><p>Explore TensorRT engine plans: where the time "
                          "goes, which layers run in which precision, and what to fix.</p>"
                          "<p>Reads the files trtexec exports; no GPU needed.</p>")
                           .arg(QApplication::applicationVersion()));
}

} // namespace planscope
