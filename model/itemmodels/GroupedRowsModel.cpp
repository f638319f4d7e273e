#include "itemmodels/GroupedRowsModel.h"

namespace planscope {
namespace {

// A group's node is its row; a member's holds its group's row + 1 in the high half and its own
// row in the low half.
static_assert(sizeof(quintptr) == 8, "a member's node needs an index id of 64 bits");
constexpr int kGroupShift = 32;
constexpr TreeModel::Node kMemberMask = (TreeModel::Node(1) << kGroupShift) - 1;

bool isGroup(TreeModel::Node node) {
    return (node >> kGroupShift) == 0;
}

int groupOfMember(TreeModel::Node node) {
    return int((node >> kGroupShift) - 1);
}

} // namespace

int GroupedRowsModel::numChildren(Node node) const {
    if (node == kRootNode)
        return groupCount();
    return isGroup(node) ? memberCount(int(node)) : 0;
}

TreeModel::Node GroupedRowsModel::childNode(Node node, int row) const {
    return node == kRootNode ? Node(row) : ((node + 1) << kGroupShift) | Node(row);
}

TreeModel::Node GroupedRowsModel::parentNode(Node node) const {
    return isGroup(node) ? kRootNode : Node(groupOfMember(node));
}

int GroupedRowsModel::rowOfNode(Node node) const {
    return int(node & kMemberMask);
}

QVariant GroupedRowsModel::cell(Node node, int column, int role) const {
    if (isGroup(node))
        return groupData(int(node), column, role);
    return memberData(groupOfMember(node), rowOfNode(node), column, role);
}

} // namespace planscope
