#pragma once

#include <QAbstractItemModel>
#include <vector>

namespace planscope {

// A tree that says only what differs: its nodes, how many columns it has, its cells and its
// header cells. Qt's overrides are final here, so every tree makes its indexes alike. A node is
// a number the model chooses for a row (kept in the row's indexes); kRootNode is the invisible
// root, the parent of the top rows.
class TreeModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    using Node = qint64;
    static constexpr Node kRootNode = -1;

    using QAbstractItemModel::QAbstractItemModel;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const final;
    QModelIndex parent(const QModelIndex& child) const final;
    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const final;

  protected:
    // The index of `node`'s row, in `column`.
    QModelIndex indexOfNode(Node node, int column = 0) const;
    // For records that list their children by index (`children`): each one's row under its
    // parent, by index.
    template <class Record>
    static std::vector<int> rowsUnderParents(const std::vector<Record>& records) {
        std::vector<int> rows(records.size(), 0);
        for (const Record& record : records)
            for (std::size_t i = 0; i < record.children.size(); ++i)
                rows[std::size_t(record.children[i])] = int(i);
        return rows;
    }

    // The rows under `node` (kRootNode: the top rows).
    virtual int numChildren(Node node) const = 0;
    virtual Node childNode(Node node, int row) const = 0;
    // kRootNode for a top row.
    virtual Node parentNode(Node node) const = 0;
    // The row of `node` under its parent.
    virtual int rowOfNode(Node node) const = 0;
    virtual int numColumns() const = 0;
    // What `node`'s row holds in `column` (in range) and `role`.
    virtual QVariant cell(Node node, int column, int role) const = 0;
    // What the header of `column` (in range) holds in `role`.
    virtual QVariant headerCell(int column, int role) const = 0;
};

} // namespace planscope
