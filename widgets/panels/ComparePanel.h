#pragma once

#include "itemmodels/ComparisonTableModel.h"

#include <QWidget>
#include <memory>
#include <vector>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSettings;
class QSplitter;
class QTabWidget;
class QTableView;

namespace planscope {

class CompareSummaryTable;
class Roofline;
class LayerSelection;
class OnnxGraphCanvas;
class OnnxPanel;
namespace charts {
class ChartView;
}

// Two plans side by side: their summaries with differences marked, B's speedup over A, trex's
// layer-by-layer comparison with its filters and speedups colored by a threshold, the
// comparison by ONNX op (OnnxPanel), charts, and the graphs of what the Layers or the ONNX ops
// tab has chosen.
class ComparePanel : public QWidget {
    Q_OBJECT
  public:
    explicit ComparePanel(QWidget* parent = nullptr);

    // Two or more plans: the summaries and charts cover them all; the layer table and the
    // graphs compare the first (A) with the last (B), as trex's speedup does.
    // The plans and, by plan, their rooflines (rooflineFromFiles, made with the plans off the UI
    // thread) for the SOL % columns; none: those columns show "-".
    void setPlans(std::vector<std::shared_ptr<const EnginePlan>> plans,
                  std::vector<std::shared_ptr<const Roofline>> rooflines = {});
    const std::vector<std::shared_ptr<const EnginePlan>>& plans() const { return m_plans; }
    const QStringList& labels() const { return m_labels; } // planLabels of the plans

    // Swaps A and B (the first and last plan) in the table, summaries, charts and graphs.
    void swapPlans();
    QAction* swapAction() const { return m_swap; }
    // Writes the visible rows, in view order, as `planscope compare --csv` prints them.
    bool exportCsv(const QString& path, QString* error) const;
    void exportCsvWithDialog();
    QAction* exportCsvAction() const { return m_exportCsv; }

    // The splitters' and the table columns' state, kept in the settings under "compare/".
    void saveLayout(QSettings& settings) const;
    void restoreLayout(const QSettings& settings);

    CompareSummaryTable* summary() const { return m_summary; }
    QTableView* layers() const { return m_layers; }
    QComboBox* showFilter() const { return m_show; }
    QComboBox* typeFilter() const { return m_types; }
    QLabel* speedupLabel() const { return m_speedup; }
    OnnxPanel* onnxPanel() const { return m_onnx; }
    QTabWidget* tabs() const { return m_tabs; }
    charts::ChartView* chartView() const { return m_chart; }
    void showChart(const QString& id);
    // The layers around a matched pair or an ONNX group, one graph per plan, zoomed together;
    // the selections of A's and B's layers they show (a group's layers marked).
    OnnxGraphCanvas* graphA() const { return m_graphA; }
    OnnxGraphCanvas* graphB() const { return m_graphB; }
    QLabel* graphCaption() const { return m_graphCaption; }
    LayerSelection* selectionA() const { return m_selection; }
    LayerSelection* selectionB() const { return m_selectionB; }
    void showPair(int row);    // a row of the (unfiltered) comparison
    void showGroup(int index); // a group of the ONNX ops tab's comparison
    void showUnattributed(int layerA, int layerB);

  signals:
    void plansChanged(); // new plans, or A and B swapped

  private:
    // What the graphs show: the row chosen last in the Layers or the ONNX ops tab.
    enum class GraphsShow { Nothing, Pair, OnnxRow };

    QWidget* layersPage();
    QWidget* chartsPage();
    QWidget* graphsPage();
    void showInGraphs(const std::vector<int>& layersA, const std::vector<int>& layersB,
                      const std::vector<int>& chargedA, const std::vector<int>& chargedB,
                      bool mark);
    void clearGraphs();
    void rematch();
    void fillTypes();
    void showPlans();
    void updateSpeedup();
    void applyDefaultLayout();

    std::vector<std::shared_ptr<const EnginePlan>> m_plans;
    std::vector<std::shared_ptr<const Roofline>> m_rooflines; // by plan, or empty
    std::shared_ptr<const EnginePlan> m_a;
    std::shared_ptr<const EnginePlan> m_b;
    QStringList m_labels; // what each plan is called (planLabels)
    ComparisonTableModel* m_model;
    ComparisonFilterModel* m_filter;
    CompareSummaryTable* m_summary;
    QLabel* m_speedup;
    QComboBox* m_matching;
    QComboBox* m_show;
    QComboBox* m_types;
    QDoubleSpinBox* m_threshold;
    QTableView* m_layers;
    QComboBox* m_charts;
    LayerSelection* m_selection; // plan A's layers, for the aligned chart
    charts::ChartView* m_chart;
    LayerSelection* m_selectionB;
    OnnxGraphCanvas* m_graphA;
    OnnxGraphCanvas* m_graphB;
    QLabel* m_graphCaption;
    OnnxPanel* m_onnx;
    QTabWidget* m_tabs;
    QWidget* m_graphsPage;
    QSplitter* m_splitter; // summary above, tabs below
    QSplitter* m_graphs;   // graph A | graph B
    QAction* m_swap;
    QAction* m_exportCsv;
    bool m_layoutRestored = false; // the settings had a layout: keep it on new plans
    GraphsShow m_graphsShow = GraphsShow::Nothing;
    bool m_restoringPair = false; // swapPlans chooses the chosen pair again
};

} // namespace planscope
