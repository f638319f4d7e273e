#pragma once

#include <QList>
#include <optional>

class QAbstractItemModel;
class QAction;
class QSortFilterProxyModel;
class QTableView;
class QTreeView;

namespace planscope {

// The column a view is sorted by when it first shows.
struct SortColumn {
    int column = -1;
    Qt::SortOrder order = Qt::AscendingOrder;
};
// Sortable, but in the model's order until the user clicks a header.
inline constexpr SortColumn kModelOrder{};

// A panel's item view shows `model` through `proxy`, which filters and sorts (none: the model
// itself); it is sorted by `sortedBy` first (none: it does not sort) and its context menu holds
// `contextActions` (none: it has no menu).

// A table of whole rows: rows chosen whole, no row header, rows one line high.
void setUpTableView(QTableView* view, QAbstractItemModel* model,
                    QSortFilterProxyModel* proxy = nullptr,
                    std::optional<SortColumn> sortedBy = std::nullopt,
                    const QList<QAction*>& contextActions = {});
// A tree: rows of one height in alternating colours, one chosen at a time, columns sized by
// hand.
void setUpTreeView(QTreeView* view, QAbstractItemModel* model,
                   QSortFilterProxyModel* proxy = nullptr,
                   std::optional<SortColumn> sortedBy = std::nullopt,
                   const QList<QAction*>& contextActions = {});

} // namespace planscope
