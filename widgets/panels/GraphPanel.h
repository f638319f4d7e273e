#pragma once

#include "graphview/GraphCanvas.h"
#include "modules/ModuleGraph.h"

#include <QFutureWatcher>
#include <QHash>
#include <QSet>
#include <QThreadPool>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace planscope {

class PlanDocument;

// The plan graph: trex's graph options, the whole graph, a layer's neighbourhood, or the
// model's modules (modules/ModuleGraph.h: a module at the chosen depth is one node, a
// double-click opens it in place and closes it again; Find opens the modules on the way to a
// layer), laid out by Graphviz on a worker thread (one layout at a time, newer requests win,
// results cached), drawn on a GraphCanvas, and exported to SVG, PNG or DOT. Nothing is laid out
// while the panel is hidden: showing it lays out what it shows. A plan of more than
// kModuleGraphFrom layers whose modules fold (ModuleTree::folds) opens on its modules; a module
// graph of more than kWideModuleGraph nodes waits for a click (at opening, a shallower depth is
// tried first).
class GraphPanel : public QWidget {
    Q_OBJECT
  public:
    explicit GraphPanel(PlanDocument* document, QWidget* parent = nullptr);

    GraphCanvas* canvas() const { return m_canvas; }
    // A layout in flight, or the modules it waits for.
    bool isLayingOut() const;
    enum Mode { WholeGraph, Neighbourhood, Modules };
    static constexpr int kModuleGraphFrom = 200;
    static constexpr int kWideModuleGraph = 300;
    Mode mode() const;
    bool showsNeighbourhood() const { return mode() == Neighbourhood; }
    void setNeighbourhood(bool around, int radius);
    // The module graph down to `depth`, every module opened or closed by hand forgotten.
    void showModules(int depth);
    // Opens or closes one module of the module graph (as a double-click does).
    void toggleModule(int module);

    // Writes what the canvas shows to FILE.svg, FILE.png or FILE.dot.
    bool exportView(const QString& file, QString* error) const;
    // The same now, or once the layout in flight (or the modules it waits for) is done; an
    // error in a message box.
    void exportWhenLaidOut(const QString& file);

  signals:
    void layoutFinished(); // a new scene is on the canvas

  protected:
    void showEvent(QShowEvent* event) override;

  public slots:
    void exportWithDialog();
    void findLayer();

  private:
    void planChanged();
    void chooseMode(); // a plan's first layout: its modules decide the mode
    void updateControls();
    void relayout();
    void askBeforeDrawing(int nodes, const QString& key);
    void exportToFile(const QString& file); // errors in a message box
    QSet<int> layersWithFindings() const;
    void markFindings(); // the layouts made keep their places and take the findings' marks
    GraphStyle currentStyle() const;
    GraphOptions currentOptions() const;
    QString cacheKey(int centre) const;
    void updateLegend();

    PlanDocument* m_document;
    GraphCanvas* m_canvas;
    QComboBox* m_mode;
    QSpinBox* m_radius;
    QSpinBox* m_depth;
    QAction* m_radiusShown = nullptr; // a toolbar shows or hides its widgets by their actions
    QAction* m_depthShown = nullptr;
    QComboBox* m_color;
    QComboBox* m_detail;
    QComboBox* m_latency;
    QLineEdit* m_find;
    QLabel* m_status;
    QLabel* m_legend;
    QPushButton* m_cancel;
    QPushButton* m_drawWide;           // draws a module graph of more than kWideModuleGraph nodes
    QHash<QString, QAction*> m_checks; // the options of the Show menu
    QThreadPool m_graphviz;            // one thread: cgraph is not thread safe
    QHash<QString, std::shared_ptr<GraphCanvas::Scene>> m_cache;
    std::shared_ptr<const EnginePlan> m_plan;
    std::shared_ptr<const ModuleTree> m_modules;
    ModuleGraphView m_moduleView;
    QString m_wanted;            // key of the newest request
    QSet<QString> m_wideAllowed; // keys of wide module graphs the user asked for
    QString m_exportWhenLaidOut; // a file to export the layout in flight to
    bool m_stale = false;        // a layout is wanted once the panel shows
    bool m_modeChosen = false;   // by the user, for this plan: the plan's modules do not decide
    int m_pending = 0;
};

} // namespace planscope
