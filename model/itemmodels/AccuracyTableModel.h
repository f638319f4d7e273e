#pragma once

#include "accuracy/AccuracyMapping.h"
#include "itemmodels/MissingLast.h"
#include "itemmodels/TableModel.h"

#include <memory>

namespace planscope {

// The tensors of a polygraphy log (accuracy/AccuracyLog.h), one row each in the log's order:
// verdict, FP16 overflow, errors, required tolerance, both runners' means, and the layer that
// computes the tensor when a plan is open. What the log does not give shows as "-" and sorts last.
class AccuracyTableModel : public TableModel {
    Q_OBJECT
  public:
    enum Column {
        OrderColumn,     // the tensor's place in the log, from 1
        TensorColumn,    // its name
        VerdictColumn,   // PASSED / FAILED / ? (no verdict in the log)
        OverflowColumn,  // "trt-runner-N0 at 65504": runners whose values overflow FP16; empty
        MaxAbsColumn,    // absolute error
        MedianAbsColumn, //
        MaxRelColumn,    // relative error
        MedianRelColumn, //
        RequiredColumn,  // "Minimum Required Tolerance": abs OR rel
        MeanAColumn,     // the first runner's mean
        MeanBColumn,     // the second runner's
        LayerColumn,     // "3 node_conv2d + node_relu", "(none)", empty without a plan
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers; invalid where the value is missing
        TensorRole,                  // index into AccuracyLog::tensors
        LayerRole,                   // the mapped layer, -1 when none
        FailedRole,                  // bool: the tensor failed its check
    };

    explicit AccuracyTableModel(QObject* parent = nullptr);

    // The log, with the plan its tensors were mapped to (PlanDocument::accuracyOnPlan; no plan:
    // no layer column values).
    void setLog(std::shared_ptr<const AccuracyLog> log, std::shared_ptr<const EnginePlan> plan,
                std::vector<TensorLayer> mapping);
    const AccuracyLog* log() const { return m_log.get(); }
    const std::vector<TensorLayer>& mapping() const { return m_mapping; }
    // The row of the first tensor mapped to `layer`, -1 when none is.
    int rowOfLayer(int layer) const;

  private:
    int numRows() const override { return m_log ? int(m_log->tensors.size()) : 0; }
    int numColumns() const override { return ColumnCount; }
    QVariant cell(int row, int column, int role) const override;
    QVariant headerCell(int column, int role) const override;
    QVariant display(int row, int column) const;
    QVariant sortValue(int row, int column) const;
    QString layerText(int row) const;

    std::shared_ptr<const AccuracyLog> m_log;
    std::shared_ptr<const EnginePlan> m_plan;
    std::vector<TensorLayer> m_mapping;
};

// Sorts by SortRole (missing last), keeps the rows whose tensor or layer name holds the search
// text, and can put the failing tensors first whatever the sort.
class AccuracyFilterModel : public MissingLastSortModel {
    Q_OBJECT
  public:
    explicit AccuracyFilterModel(QObject* parent = nullptr);
    void setSearch(const QString& text);
    void setFailingFirst(bool first);
    bool failingFirst() const { return m_failingFirst; }

  protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

  private:
    QString m_search;
    bool m_failingFirst = false;
};

} // namespace planscope
