#pragma once

#include <QStyledItemDelegate>

namespace planscope {

// A share column: a bar as long as the share (the number in [0, 100] the model gives for
// `shareRole`, none when invalid), the figure over it, right-aligned.
class ShareBarDelegate : public QStyledItemDelegate {
  public:
    ShareBarDelegate(int shareRole, QObject* parent);

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;

  private:
    int m_shareRole;
};

} // namespace planscope
