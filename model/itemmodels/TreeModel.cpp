#include "itemmodels/TreeModel.h"

namespace planscope {
namespace {

TreeModel::Node nodeOf(const QModelIndex& index) {
    return TreeModel::Node(index.internalId());
}

} // namespace

QModelIndex TreeModel::indexOfNode(Node node, int column) const {
    return createIndex(rowOfNode(node), column, quintptr(node));
}

QModelIndex TreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    const Node node = childNode(parent.isValid() ? nodeOf(parent) : kRootNode, row);
    return createIndex(row, column, quintptr(node));
}

QModelIndex TreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid())
        return {};
    const Node node = parentNode(nodeOf(child));
    return node == kRootNode ? QModelIndex() : indexOfNode(node);
}

int TreeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return numChildren(kRootNode);
    return parent.column() > 0 ? 0 : numChildren(nodeOf(parent));
}

int TreeModel::columnCount(const QModelIndex&) const {
    return numColumns();
}

QVariant TreeModel::data(const QModelIndex& index, int role) const {
    // Not up to the parent: a sort reads every row's cells.
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::DoNotUseParent))
        return {};
    return cell(nodeOf(index), index.column(), role);
}

QVariant TreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= numColumns())
        return {};
    return headerCell(section, role);
}

} // namespace planscope
