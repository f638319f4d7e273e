#include "itemmodels/LayerFilterModel.h"

#include "itemmodels/LayerTableModel.h"
#include "itemmodels/MissingLast.h"

namespace planscope {

LayerFilterModel::LayerFilterModel(QObject* parent) : MissingLastSortModel(parent) {
    setSortRole(LayerTableModel::SortRole);
}

void LayerFilterModel::setTypeFilter(const QString& type) {
    if (type == m_type)
        return;
    m_type = type;
    invalidateFilter();
}

void LayerFilterModel::setSearchText(const QString& text) {
    if (text.simplified() == m_query.text())
        return;
    m_query = LayerQuery(text);
    invalidateFilter();
}

bool LayerFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const auto* table = qobject_cast<const LayerTableModel*>(sourceModel());
    if (!table || !table->plan() || sourceParent.isValid())
        return false;
    const Layer& layer = table->plan()->layers.at(static_cast<std::size_t>(sourceRow));
    if (!m_type.isEmpty() && layer.type != m_type)
        return false;
    return m_query.isEmpty() || m_query.matches(layer);
}

// Numeric columns compare their figures directly: through QVariants, the first sort of a
// 20,000-layer plan took a fifth of the table's set-up.
bool LayerFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const auto* table = qobject_cast<const LayerTableModel*>(sourceModel());
    const int column = left.column();
    if (column == LayerTableModel::IndexColumn) // the source's rows are the layers in order
        return left.row() < right.row();
    if (!table || !table->plan() || !LayerTableModel::isNumericColumn(column))
        return MissingLastSortModel::lessThan(left, right);
    const auto& layers = table->plan()->layers;
    const std::optional<double> a =
        LayerTableModel::sortFigure(layers[static_cast<std::size_t>(left.row())], column);
    const std::optional<double> b =
        LayerTableModel::sortFigure(layers[static_cast<std::size_t>(right.row())], column);
    if (const auto less = missingLastLess(!a, !b, sortOrder()))
        return *less;
    return *a < *b;
}

void LayerFilterModel::sort(int column, Qt::SortOrder order) {
    const bool sourceOrder = column == LayerTableModel::IndexColumn && order == Qt::AscendingOrder;
    MissingLastSortModel::sort(sourceOrder ? -1 : column, order);
}

LayerFilterModel::Totals LayerFilterModel::visibleTotals() const {
    Totals totals;
    const auto* table = qobject_cast<const LayerTableModel*>(sourceModel());
    if (!table || !table->plan())
        return totals;
    for (int r = 0; r < rowCount(); ++r) {
        const Layer& layer =
            table->plan()->layers[static_cast<std::size_t>(mapToSource(index(r, 0)).row())];
        ++totals.layers;
        if (const std::optional<double> ms = layer.timing.average())
            totals.latencyMs = totals.latencyMs.value_or(0) + *ms;
        if (const std::optional<double> pct = layer.timing.share())
            totals.latencyPct = totals.latencyPct.value_or(0) + *pct;
    }
    return totals;
}

QList<int> LayerFilterModel::visibleLayers() const {
    QList<int> layers;
    layers.reserve(rowCount());
    for (int r = 0; r < rowCount(); ++r)
        layers << index(r, 0).data(LayerTableModel::LayerIndexRole).toInt();
    return layers;
}

} // namespace planscope
