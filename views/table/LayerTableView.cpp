#include "table/LayerTableView.h"

#include "document/LayerSelection.h"
#include "itemmodels/LayerTableModel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <set>

namespace planscope {

LayerTableView::LayerTableView(LayerSelection* selection, QWidget* parent)
    : QTableView(parent), m_selection(selection), m_copyRows(new QAction(tr("&Copy rows"), this)) {
    setSelectionMode(ExtendedSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideMiddle);
    horizontalHeader()->setSectionsMovable(true);
    horizontalHeader()->setStretchLastSection(false);
    // Fitting a column measures the shown rows and this many more (Qt's default, 1000, costs a
    // tenth of a second on a 20,000-layer plan for widths that rarely differ; a longer text
    // further down is elided in its middle, whole in its tooltip).
    horizontalHeader()->setResizeContentsPrecision(50);

    m_copyRows->setShortcut(QKeySequence::Copy);
    m_copyRows->setShortcutContext(Qt::WidgetShortcut);
    connect(m_copyRows, &QAction::triggered, this, &LayerTableView::copySelectedRows);

    connect(m_selection, &LayerSelection::changed, this, &LayerTableView::showLayer);
    connect(m_selection, &LayerSelection::markedChanged, this, &LayerTableView::showMarked);
}

void LayerTableView::setModel(QAbstractItemModel* model) {
    QTableView::setModel(model);
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &LayerTableView::onCurrentRowChanged);
}

void LayerTableView::onCurrentRowChanged(const QModelIndex& current) {
    if (current.isValid())
        m_selection->select(current.data(LayerTableModel::LayerIndexRole).toInt());
}

void LayerTableView::showLayer(int layer) {
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(model());
    if (!proxy || layer < 0 || layer >= proxy->sourceModel()->rowCount()) {
        clearSelection();
        return;
    }
    // Rows of the source model are the plan's layers in order.
    const QModelIndex row = proxy->mapFromSource(proxy->sourceModel()->index(layer, 0));
    if (!row.isValid() || currentIndex().row() == row.row())
        return;
    const QModelIndex target =
        row.siblingAtColumn(currentIndex().isValid() ? currentIndex().column() : 0);
    if (m_selection->isMarked(layer)) // moving among the marked rows keeps them selected
        selectionModel()->setCurrentIndex(target, QItemSelectionModel::NoUpdate);
    else
        setCurrentIndex(target);
    scrollTo(row, PositionAtCenter);
}

void LayerTableView::showMarked() {
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(model());
    if (!proxy)
        return;
    std::vector<int> rows;
    for (int layer : m_selection->marked())
        if (layer >= 0 && layer < proxy->sourceModel()->rowCount())
            if (const QModelIndex row = proxy->mapFromSource(proxy->sourceModel()->index(layer, 0));
                row.isValid())
                rows.push_back(row.row());
    if (rows.empty() && currentIndex().isValid())
        rows.push_back(currentIndex().row()); // unmarked: the current row alone stays selected
    std::sort(rows.begin(), rows.end());
    QItemSelection selection; // one range per run of adjacent rows: a lead may have thousands
    const int last = proxy->columnCount() - 1;
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t j = i;
        while (j + 1 < rows.size() && rows[j + 1] == rows[j] + 1)
            ++j;
        selection.select(proxy->index(rows[i], 0), proxy->index(rows[j], last));
        i = j + 1;
    }
    selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
}

QString LayerTableView::selectedRowsText() const {
    std::set<int> rows;
    for (const QModelIndex& index : selectionModel()->selectedRows())
        rows.insert(index.row());
    const QHeaderView* header = horizontalHeader();
    QStringList lines;
    QStringList titles;
    for (int visual = 0; visual < header->count(); ++visual)
        if (!header->isSectionHidden(header->logicalIndex(visual)))
            titles << model()->headerData(header->logicalIndex(visual), Qt::Horizontal).toString();
    lines << titles.join('\t');
    for (int row : rows) {
        QStringList cells;
        for (int visual = 0; visual < header->count(); ++visual) {
            const int column = header->logicalIndex(visual);
            if (!header->isSectionHidden(column))
                cells << model()->index(row, column).data().toString();
        }
        lines << cells.join('\t');
    }
    return lines.join('\n') + '\n';
}

void LayerTableView::copySelectedRows() const {
    if (selectionModel()->hasSelection())
        QApplication::clipboard()->setText(selectedRowsText());
}

} // namespace planscope
