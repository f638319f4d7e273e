#pragma once

#include "compare/OnnxComparison.h"
#include "itemmodels/MissingLast.h"
#include "itemmodels/TableModel.h"

#include <memory>

namespace planscope {

// The layers of a comparison by ONNX op that have no ONNX origin (OnnxUnattributed), one row
// per name: A's layer beside B's layer of that name where both engines have one. A side
// without such a layer, or without a profile record for it, shows "-" and sorts last.
class OnnxUnattributedModel : public TableModel {
    Q_OBJECT
  public:
    enum Column { NameColumn, TimeAColumn, TimeBColumn, DeltaColumn, SpeedupColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers; invalid where the value is missing
        LayerARole,                  // index into A's layers, -1 when A has no such layer
        LayerBRole,
    };

    explicit OnnxUnattributedModel(QObject* parent = nullptr);

    void setComparison(std::shared_ptr<const OnnxComparison> comparison);
    const OnnxComparison* comparison() const { return m_comparison.get(); }

  private:
    int numRows() const override {
        return m_comparison ? int(m_comparison->unattributed.size()) : 0;
    }
    int numColumns() const override { return ColumnCount; }
    QVariant cell(int row, int column, int role) const override;
    QVariant headerCell(int column, int role) const override;
    QVariant display(const OnnxUnattributed& row, int column) const;
    QVariant sortValue(const OnnxUnattributed& row, int column) const;
    QString toolTip(const OnnxUnattributed& row, int column) const;

    std::shared_ptr<const OnnxComparison> m_comparison;
};

// Sorts an OnnxUnattributedModel by its SortRole, missing values last in both orders.
class OnnxUnattributedSortModel : public MissingLastSortModel {
    Q_OBJECT
  public:
    explicit OnnxUnattributedSortModel(QObject* parent = nullptr);
};

} // namespace planscope
