#pragma once

#include "document/PlanDocument.h"
#include "overlay/NodeOverlay.h"

#include <QMainWindow>
#include <vector>

class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QTabWidget;
class QToolBar;
class QToolButton;

namespace planscope {

class AsyncModelReader;
class AsyncPlanLoader;
class ChartsPanel;
class CheckBanner;
class GpuChooser;
class GraphPanel;
class LayerInspector;
class LayerTablePanel;
class LeadsPanel;
class ModulesPanel;
class AccuracyPanel;
class LintPanel;
class SummaryPanel;

// The explorer window: the layer table in the middle, summary, inspector and lint panels in
// docks, one layer selection shared by all of them.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    // `plan`, when given, is opened at once: it is read while the window is being built.
    explicit MainWindow(const QString& plan = {}, int profile = 0, QWidget* parent = nullptr);
    ~MainWindow() override;

    void openPlan(const QString& path, int profile = 0);
    // Reads a verbose build log beside the open plan (its tactics); opens it when none is open.
    void addBuildLog(const QString& log);
    void openDemoPlan();
    // Reads a polygraphy run log beside the open plan (or without one) into the Accuracy tab;
    // false with a warning naming the file when it cannot be read.
    bool openAccuracyLog(const QString& path);
    // File > Export Graph > ONNX without its dialog; `message` says what was written or why not.
    bool exportGraphAsOnnx(const QString& path, QString* message);
    // Reads the ONNX model the open plan (or the one loading) was built from, off the UI thread,
    // into the document (modelFinished() says how it went); the model is read again when the
    // plan is reloaded, and closed when another plan is opened.
    void openModel(const QString& path);
    // File > Export Overlay without its dialogs: Model Explorer's node data of `metric`.
    bool exportOverlay(const QString& path, OverlayMetric metric, QString* message);
    // A window comparing two or more plans (it closes with the main window).
    class CompareWindow* openComparison(const QStringList& plans);

    PlanDocument* document() const { return m_document; }
    AsyncPlanLoader* loader() const { return m_loader; }
    LayerTablePanel* layerPanel() const { return m_layers; }
    LeadsPanel* leadsPanel() const { return m_leads; }
    ModulesPanel* modulesPanel() const { return m_modules; }
    AccuracyPanel* accuracyPanel() const { return m_accuracy; }
    LintPanel* lintPanel() const { return m_lint; }
    ChartsPanel* chartsPanel() const { return m_charts; }
    GraphPanel* graphPanel() const { return m_graph; }
    GpuChooser* gpuChooser() const { return m_gpuChooser; }
    LayerInspector* inspector() const { return m_inspector; }
    SummaryPanel* summaryPanel() const { return m_summary; }
    CheckBanner* checkBanner() const { return m_checkBanner; }
    QString currentPath() const { return m_path; }

  signals:
    // After every load attempt: success (the plan and its analysis are shown), failure or cancel.
    void loadFinished(bool loaded, const QString& message);
    // After every model read: success (the document has it), failure or cancel.
    void modelFinished(bool read, const QString& message);

  protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

  private:
    // A panel of the window: a central tab, or a dock in `area` named `dockName`.
    struct Panel {
        QString title{}; // with its mnemonic
        QWidget* widget = nullptr;
        Qt::DockWidgetArea area = Qt::NoDockWidgetArea; // none: a tab
        QString dockName{};
        QDockWidget* dock = nullptr; // made by createDocks()
    };
    QDockWidget* dockOf(const QWidget* panel) const;
    // The setting keeping the folder a plan was last opened from.
    static inline const QString kLastFolder = QStringLiteral("lastFolder");

    void createActions();
    void createDocks();
    void createStatusBar();
    void restoreSettings();
    void applyDefaultLayout();
    void sizeDefaultDocks();
    void resetLayout();

    void openWithDialog();
    void reload();
    void exportOnnxWithDialog();
    void openModelWithDialog();
    void exportOverlayWithDialog();
    void readModel();
    void onModelRead(const QString& path, const std::shared_ptr<const EnginePlan>& plan,
                     const std::shared_ptr<const OnnxGraph>& model,
                     const std::shared_ptr<const ModelWeights>& weights);
    void onModelFailed(const QString& path, const QString& message);
    void finishModel(bool read, const QString& message);
    void forgetUnreadModel();
    void finishLoadOnceAllIsRead();
    void load(const QString& path, int profile);
    AsyncPlanLoader* startReading(const QString& plan, int profile);
    void showLoading(const QString& path);
    void closePlan();
    void chooseProfile(int profile);
    void showAbout();

    void onLoaded(const QString& path, int profile, const PlanAnalysis& analysis);
    void onAnalysed(const PlanAnalysis& analysis, const QString& error);
    void analyseShownPlan();
    void onFailed(const QString& path, const QString& message);
    void onCancelled(const QString& path);
    void setLoading(bool loading);

    void addRecentFile(const QString& path);
    void updateRecentMenu();

    PlanDocument* m_document;
    AsyncPlanLoader* m_loader;
    AsyncModelReader* m_modelReader;
    LayerTablePanel* m_layers;
    LeadsPanel* m_leads;
    ModulesPanel* m_modules;
    AccuracyPanel* m_accuracy = nullptr;
    SummaryPanel* m_summary;
    LayerInspector* m_inspector;
    LintPanel* m_lint;
    ChartsPanel* m_charts;
    GraphPanel* m_graph;
    QTabWidget* m_tabs;
    CheckBanner* m_checkBanner;
    std::vector<Panel> m_panels;   // every tab and dock, in order
    bool m_docksNeedSizes = false; // the default layout sizes its docks once the window is shown
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QComboBox* m_profiles = nullptr;
    QToolBar* m_profileBar = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
    QLabel* m_loadingLabel = nullptr;
    GpuChooser* m_gpuChooser = nullptr;
    QString m_path;
    QStringList m_buildLogs; // verbose build logs added beside the plan
    QString m_modelPath;     // the ONNX model read beside the plan (and read again on reload)
    int m_profile = 0;
    bool m_finishingLoad = false; // a plan is shown, its analysis (and loadFinished) to follow
};

} // namespace planscope
