#pragma once

#include <QSortFilterProxyModel>

namespace planscope {

// Sorting and filtering of a LayerTableModel: by layer type, and by a text search over names,
// types, tactics and metadata (case-insensitive, all words must match).
class LayerFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
  public:
    explicit LayerFilterModel(QObject* parent = nullptr);

    void setTypeFilter(const QString& type); // empty: all types
    QString typeFilter() const { return m_type; }
    void setSearchText(const QString& text);
    QString searchText() const { return m_words.join(' '); }

    // The visible rows' layer count, summed average latency (ms) and summed share (%).
    struct Totals {
        int layers = 0;
        double latencyMs = 0;
        double latencyPct = 0;
    };
    Totals visibleTotals() const;

    // Layer indices of the visible rows, in view order.
    QList<int> visibleLayers() const;

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

  private:
    QString m_type;
    QStringList m_words;
};

} // namespace planscope
