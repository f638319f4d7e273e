#pragma once

#include <QTableView>

namespace planscope {

class LayerSelection;

// A table of layers (a LayerFilterModel over a LayerTableModel) that follows and drives the
// window's layer selection: the current row is the selected layer, and marked layers (a lead's)
// are selected rows too; its copyRowsAction() (Ctrl+C, in its context menu) copies the selected
// rows as tab-separated text.
class LayerTableView : public QTableView {
    Q_OBJECT
  public:
    explicit LayerTableView(LayerSelection* selection, QWidget* parent = nullptr);

    void setModel(QAbstractItemModel* model) override;

    // Selected rows (all columns, header first) as tab-separated text.
    QString selectedRowsText() const;
    void copySelectedRows() const;
    // Copies the selected rows; Ctrl+C once the view holds it (QWidget::addAction).
    QAction* copyRowsAction() const { return m_copyRows; }

    // Makes the layer's row current and visible (if the filter shows it).
    void showLayer(int layer);
    // Selects the rows of the marked layers (the filter's visible ones), the current row kept.
    void showMarked();

  private:
    void onCurrentRowChanged(const QModelIndex& current);

    LayerSelection* m_selection;
    QAction* m_copyRows;
};

} // namespace planscope
