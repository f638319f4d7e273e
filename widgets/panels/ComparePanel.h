#pragma once

#include "itemmodels/ComparisonTableModel.h"

#include <QWidget>
#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QTableView;
class QTableWidget;
class QTabWidget;

namespace planscope {

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

    QTableWidget* summary() const { return m_summary; }
    QTableView* layers() const { return m_layers; }
    QComboBox* showFilter() const { return m_show; }
    QLabel* speedupLabel() const { return m_speedup; }
    charts::ChartView* chartView() const { return m_chart; }
    void showChart(const QString& id);
    // The layers around a matched pair, one graph per plan, zoomed together.
    GraphCanvas* graphA() const { return m_graphA; }
    GraphCanvas* graphB() const { return m_graphB; }
    void showPair(int row); // a row of the (unfiltered) comparison

  private:
    void rematch();
    void fillSummary();

    std::vector<std::shared_ptr<const EnginePlan>> m_plans;
    std::shared_ptr<const EnginePlan> m_a;
    std::shared_ptr<const EnginePlan> m_b;
    QStringList m_labels; // what each plan is called (planLabels)
    ComparisonTableModel* m_model;
    ComparisonFilterModel* m_filter;
    QTableWidget* m_summary;
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
};

} // namespace planscope
