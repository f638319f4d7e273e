#include "itemmodels/LayerFilterModel.h"

#include "itemmodels/LayerTableModel.h"

namespace planscope {

LayerFilterModel::LayerFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(LayerTableModel::SortRole);
}

void LayerFilterModel::setTypeFilter(const QString& type) {
    if (type == m_type)
        return;
    m_type = type;
    invalidateFilter();
}

void LayerFilterModel::setSearchText(const QString& text) {
    const QStringList words = text.split(' ', Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    invalidateFilter();
}

bool LayerFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QModelIndex row =
        sourceModel()->index(sourceRow, LayerTableModel::TypeColumn, sourceParent);
    if (!m_type.isEmpty() && row.data().toString() != m_type)
        return false;
    if (m_words.isEmpty())
        return true;
    const QString text = row.data(LayerTableModel::SearchTextRole).toString();
    for (const QString& word : m_words)
        if (!text.contains(word, Qt::CaseInsensitive))
            return false;
    return true;
}

LayerFilterModel::Totals LayerFilterModel::visibleTotals() const {
    Totals totals;
    for (int r = 0; r < rowCount(); ++r) {
        ++totals.layers;
        totals.latencyMs +=
            index(r, LayerTableModel::LatencyColumn).data(LayerTableModel::SortRole).toDouble();
        totals.latencyPct += index(r, LayerTableModel::LatencyShareColumn)
                                 .data(LayerTableModel::SortRole)
                                 .toDouble();
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
