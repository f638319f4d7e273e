#pragma once

#include "compare/PlanComparison.h"
#include "itemmodels/MissingLast.h"
#include "itemmodels/SpeedupModel.h"
#include "itemmodels/TableModel.h"

namespace planscope {

// The layer-by-layer comparison of two plans, one row per matched (or unmatched) layer. What a
// side lacks (no counterpart, no timing) shows as "-".
class ComparisonTableModel : public SpeedupModel<TableModel> {
    Q_OBJECT
  public:
    enum Column {
        IndexAColumn,
        IndexBColumn,
        NameAColumn,
        NameBColumn,
        TypeColumn,
        LatencyAColumn,
        LatencyBColumn,
        SpeedupColumn,
        SolPercentAColumn, // the layer's speed-of-light share (roofline/) on A's device
        SolPercentBColumn,
        PrecisionAColumn,
        PrecisionBColumn,
        OutputPrecisionAColumn,
        OutputPrecisionBColumn,
        TacticAColumn,
        TacticBColumn,
        FormatsAColumn,
        FormatsBColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers; invalid where the value is missing
        VerdictRole,                 // 1 faster, -1 slower, 0 even or unmatched
        HighlightRole,               // a Highlight: what the view should color
    };
    enum class Highlight { None, Faster, Slower, Mismatch };

    explicit ComparisonTableModel(QObject* parent = nullptr);

    void setRows(std::vector<LayerComparison> rows);
    const std::vector<LayerComparison>& rows() const { return m_rows; }

  private:
    int numRows() const override { return int(m_rows.size()); }
    int numColumns() const override { return ColumnCount; }
    QVariant cell(int row, int column, int role) const override;
    QVariant headerCell(int column, int role) const override;
    int speedupColumn() const override { return SpeedupColumn; }
    QVariant display(const LayerComparison& row, int column) const;
    QVariant sortValue(const LayerComparison& row, int column) const;
    QString toolTip(const LayerComparison& row, int column) const;
    QVariant highlight(const LayerComparison& row, int column) const;

    std::vector<LayerComparison> m_rows;
};

// trex's comparison filters: all rows, precision mismatches, tactic mismatches; and a type.
// Sorts by SortRole with missing values last in either order.
class ComparisonFilterModel : public MissingLastSortModel {
    Q_OBJECT
  public:
    enum class Show { All, PrecisionMismatch, TacticMismatch };
    explicit ComparisonFilterModel(QObject* parent = nullptr);

    void setShow(Show show);
    void setTypeFilter(const QString& type);
    // The rows shown, in view order (for CSV export).
    std::vector<const LayerComparison*> visibleRows() const;

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

  private:
    Show m_show = Show::All;
    QString m_type;
};

} // namespace planscope
