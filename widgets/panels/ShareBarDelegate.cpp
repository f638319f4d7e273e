#include "panels/ShareBarDelegate.h"

#include <QPainter>

namespace planscope {

ShareBarDelegate::ShareBarDelegate(int shareRole, QObject* parent)
    : QStyledItemDelegate(parent), m_shareRole(shareRole) {}

void ShareBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    opt.widget->style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    const QVariant share = index.data(m_shareRole);
    const QRect area = opt.rect.adjusted(3, 2, -3, -2);
    if (share.isValid()) {
        QRect bar = area;
        bar.setWidth(std::max(1, int(area.width() * share.toDouble() / 100)));
        painter->fillRect(bar, QColor(0x76, 0xB9, 0x00, 150)); // NVIDIA green, light
    }
    painter->setPen(opt.palette.color(opt.state & QStyle::State_Selected ? QPalette::HighlightedText
                                                                         : QPalette::Text));
    // The figure in the whole cell height: a short row must not cut its top.
    painter->drawText(opt.rect.adjusted(3, 0, -5, 0), Qt::AlignRight | Qt::AlignVCenter, text);
}

} // namespace planscope
