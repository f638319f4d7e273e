#pragma once

#include <QAbstractTableModel>

namespace planscope {

// A table that says only what differs: how many rows and columns it has, its cells and its
// header cells. Qt's overrides are final here, so every table answers them alike: rows have no
// children, rows have no header, a cell or header cell out of range is empty.
class TableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const final;

  protected:
    virtual int numRows() const = 0;
    virtual int numColumns() const = 0;
    // What the cell at `row`, `column` (both in range) holds in `role`.
    virtual QVariant cell(int row, int column, int role) const = 0;
    // What the header of `column` (in range) holds in `role`.
    virtual QVariant headerCell(int column, int role) const = 0;
};

} // namespace planscope
