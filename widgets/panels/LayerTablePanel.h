#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace planscope {

class LayerFilterModel;
class LayerTableModel;
class LayerTableView;
class PlanDocument;

// The layer table with trex's per-type views: a type filter (which adds that type's
// attribute columns), a text search, a status line with the visible layers' share of the
// latency, copy and CSV export of the visible rows.
class LayerTablePanel : public QWidget {
    Q_OBJECT
  public:
    explicit LayerTablePanel(PlanDocument* document, QWidget* parent = nullptr);

    LayerTableView* view() const { return m_view; }
    LayerFilterModel* filterModel() const { return m_filter; }
    QComboBox* typeFilter() const { return m_types; }
    QLineEdit* searchField() const { return m_search; }
    QString statusText() const;

    // Writes the visible rows, in view order, as CSV (the columns of `planscope layers --csv`).
    bool exportCsv(const QString& path, QString* error) const;

  public slots:
    void focusSearch();
    void exportCsvWithDialog();

  private:
    void reload();
    void showAccuracy();
    void showSpeedOfLight();
    void showWeights();
    void applyTypeFilter();
    void updateStatus();

    PlanDocument* m_document;
    LayerTableModel* m_model;
    LayerFilterModel* m_filter;
    QComboBox* m_types;
    QLineEdit* m_search;
    QLabel* m_status;
    LayerTableView* m_view;
};

} // namespace planscope
