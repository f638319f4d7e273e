#include "itemviews/ItemViewSetup.h"

#include <QAction>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTreeView>

namespace planscope {
namespace {

// What tables and trees share; sorting is not QAbstractItemView's, hence the template.
template <class View>
void showModel(View* view, QAbstractItemModel* model, QSortFilterProxyModel* proxy,
               std::optional<SortColumn> sortedBy, const QList<QAction*>& contextActions) {
    if (proxy)
        proxy->setSourceModel(model);
    view->setModel(proxy ? static_cast<QAbstractItemModel*>(proxy) : model);
    if (sortedBy) {
        view->setSortingEnabled(true);
        view->sortByColumn(sortedBy->column, sortedBy->order);
    }
    if (!contextActions.isEmpty()) {
        view->setContextMenuPolicy(Qt::ActionsContextMenu);
        view->addActions(contextActions);
    }
}

} // namespace

void setUpTableView(QTableView* view, QAbstractItemModel* model, QSortFilterProxyModel* proxy,
                    std::optional<SortColumn> sortedBy, const QList<QAction*>& contextActions) {
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    showModel(view, model, proxy, sortedBy, contextActions);
}

void setUpTreeView(QTreeView* view, QAbstractItemModel* model, QSortFilterProxyModel* proxy,
                   std::optional<SortColumn> sortedBy, const QList<QAction*>& contextActions) {
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->header()->setSectionResizeMode(QHeaderView::Interactive);
    showModel(view, model, proxy, sortedBy, contextActions);
}

} // namespace planscope
