#pragma once

#include "itemmodels/TreeModel.h"

namespace planscope {

// Rows in groups, two levels deep: the top-level rows are groups, their children the group's
// members (the lint findings of a rule, the layers of a check's result). This base makes the
// tree's nodes; a model says how many groups and members there are and what each row shows.
class GroupedRowsModel : public TreeModel {
    Q_OBJECT
  public:
    using TreeModel::TreeModel;

  protected:
    virtual int groupCount() const = 0;
    virtual int memberCount(int group) const = 0;
    virtual QVariant groupData(int group, int column, int role) const = 0;
    virtual QVariant memberData(int group, int member, int column, int role) const = 0;

  private:
    int numChildren(Node node) const final;
    Node childNode(Node node, int row) const final;
    Node parentNode(Node node) const final;
    int rowOfNode(Node node) const final;
    QVariant cell(Node node, int column, int role) const final;
};

} // namespace planscope
