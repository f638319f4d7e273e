#pragma once

#include <QAbstractItemModel>

namespace planscope {

// Rows in groups, two levels deep: the top-level rows are groups, their children the group's
// members (the lint findings of a rule, the layers of a check's result). This base makes the
// indexes; a model says how many groups and members there are and what each row shows.
class GroupedRowsModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    using QAbstractItemModel::QAbstractItemModel;

    // Whether `index` is a group's row (rather than a member's).
    static bool isGroupRow(const QModelIndex& index);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

  protected:
    virtual int groupCount() const = 0;
    virtual int memberCount(int group) const = 0;
    virtual QVariant groupData(int group, int column, int role) const = 0;
    virtual QVariant memberData(int group, int member, int column, int role) const = 0;
};

} // namespace planscope
