#pragma once

#include "itemmodels/LayerQuery.h"
#include "itemmodels/MissingLast.h"

#include <QSortFilterProxyModel>
#include <optional>

namespace planscope {

// Sorting and filtering of a LayerTableModel: by layer type, and by a search (LayerQuery: words,
// /regex/, and type:, name:, tactic:, precision: qualifiers). Missing figures sort last in both
// orders.
class LayerFilterModel : public MissingLastSortModel {
    Q_OBJECT
  public:
    explicit LayerFilterModel(QObject* parent = nullptr);

    void setTypeFilter(const QString& type); // empty: all types
    QString typeFilter() const { return m_type; }
    void setSearchText(const QString& text);
    QString searchText() const { return m_query.text(); }
    // Why the search matches nothing (an invalid regular expression), else empty.
    QString searchError() const { return m_query.error(); }

    // The visible rows' layer count, and the summed average latency (ms) and share (%) of those
    // with a timing (missing when none has one).
    struct Totals {
        int layers = 0;
        std::optional<double> latencyMs;
        std::optional<double> latencyPct;
    };
    Totals visibleTotals() const;

    // Layer indices of the visible rows, in view order.
    QList<int> visibleLayers() const;

    // By index, ascending, is the source's own order: the rows are not sorted for it (sorting
    // 210,000 rows took a tenth of a second of opening a plan).
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

  private:
    QString m_type;
    LayerQuery m_query;
};

} // namespace planscope
