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
class QTableView;

namespace planscope {

class CompareSummaryTable;
class GraphCanvas;
class LayerSelection;
namespace charts {
class ChartView;
}

// Two plans side by side: their summaries with differences marked, B's speedup over A, and
// trex's layer-by-layer comparison with its filters and speedups colored by a threshold.
class ComparePanel : public QWidget {
    Q_OBJECT
  public:
    explicit ComparePanel(QWidget* parent = nullptr);

    // Two or more plans: the summaries and charts cover them all; the layer table and the
    // graphs compare the first (A) with the last (B), as trex's speedup does.
    void setPlans(std::vector<std::shared_ptr<const EnginePlan>> plans);
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
    charts::ChartView* chartView() const { return m_chart; }
    void showChart(const QString& id);
    // The layers around a matched pair, one graph per plan, zoomed together.
    GraphCanvas* graphA() const { return m_graphA; }
    GraphCanvas* graphB() const { return m_graphB; }
    void showPair(int row); // a row of the (unfiltered) comparison

  signals:
    void plansChanged(); // new plans, or A and B swapped

  private:
    QWidget* layersPage();
    QWidget* chartsPage();
    void rematch();
    void fillTypes();
    void showPlans();
    void updateSpeedup();
    void applyDefaultLayout();

    std::vector<std::shared_ptr<const EnginePlan>> m_plans;
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
    GraphCanvas* m_graphA;
    GraphCanvas* m_graphB;
    QSplitter* m_splitter; // summary above, tabs below
    QSplitter* m_graphs;   // graph A | graph B
    QAction* m_swap;
    QAction* m_exportCsv;
    bool m_layoutRestored = false; // the settings had a layout: keep it on new plans
};

} // namespace planscope
