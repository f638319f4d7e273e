#pragma once

#include "plan/EnginePlan.h"

#include <QTableWidget>
#include <vector>

namespace planscope {

// The plans' summaries side by side, a column per plan and a row per fact (summaryRows): the
// key rows (layers, average time, speedup over A) first; a value that differs from the first
// plan's is bold on yellow, a list that only differs in order is not marked.
class CompareSummaryTable : public QTableWidget {
    Q_OBJECT
  public:
    explicit CompareSummaryTable(QWidget* parent = nullptr);

    // `labels` name the plans (planLabels); the first plan is A, the last B.
    void setPlans(const std::vector<const EnginePlan*>& plans, const QStringList& labels);
    // Speedups over A beyond this fraction of 1 are colored (green faster, orange slower).
    void setThreshold(double threshold);
    // The height that shows the header and the key rows without scrolling.
    int keyRowsHeight() const;

  private:
    void colorSpeedups();

    int m_keyRows = 0;
    int m_speedupRow = -1;
    std::vector<std::optional<double>> m_speedups; // per plan, over A
    double m_threshold = 0.03;
};

} // namespace planscope
