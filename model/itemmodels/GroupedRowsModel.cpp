#include "itemmodels/GroupedRowsModel.h"

namespace planscope {
namespace {

// Internal ids: 0 marks a group's row; a member's row stores its group's row + 1.
constexpr quintptr kGroupRow = 0;

} // namespace

bool GroupedRowsModel::isGroupRow(const QModelIndex& index) {
    return index.isValid() && index.internalId() == kGroupRow;
}

QModelIndex GroupedRowsModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kGroupRow);
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex GroupedRowsModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kGroupRow)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kGroupRow);
}

int GroupedRowsModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return groupCount();
    if (parent.internalId() == kGroupRow && parent.column() == 0)
        return memberCount(parent.row());
    return 0;
}

QVariant GroupedRowsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == kGroupRow)
        return groupData(index.row(), index.column(), role);
    return memberData(static_cast<int>(index.internalId() - 1), index.row(), index.column(), role);
}

} // namespace planscope
