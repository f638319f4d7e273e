#include "itemmodels/TableModel.h"

namespace planscope {

int TableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : numRows();
}

int TableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : numColumns();
}

QVariant TableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    return cell(index.row(), index.column(), role);
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= numColumns())
        return {};
    return headerCell(section, role);
}

} // namespace planscope
