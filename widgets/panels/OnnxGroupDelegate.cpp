#include "panels/OnnxGroupDelegate.h"

#include <QApplication>
#include <QPainter>

namespace planscope {
namespace {

// The badges' colours: A's blue and B's purple, light enough for dark text.
QColor badgeColor(OnnxOnlyIn side) {
    return side == OnnxOnlyIn::A ? QColor(0xD6, 0xE6, 0xF8) : QColor(0xEC, 0xDC, 0xF6);
}

QColor badgeBorder(OnnxOnlyIn side) {
    return side == OnnxOnlyIn::A ? QColor(0x4A, 0x7F, 0xB5) : QColor(0x8A, 0x55, 0xB5);
}

void paintBadge(QPainter* painter, const QStyleOptionViewItem& option, const QString& text,
                OnnxOnlyIn side) {
    const QFontMetrics metrics(option.font);
    const int width = std::min(option.rect.width() - 4, metrics.horizontalAdvance(text) + 12);
    const int height = std::min(option.rect.height() - 2, metrics.height() + 2);
    QRect badge(0, 0, width, height);
    badge.moveCenter(option.rect.center());
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(badgeBorder(side));
    painter->setBrush(badgeColor(side));
    painter->drawRoundedRect(QRectF(badge).adjusted(0.5, 0.5, -0.5, -0.5), height / 2.0,
                             height / 2.0);
    painter->setPen(QColor(0x1A, 0x1A, 0x1A));
    painter->drawText(badge, Qt::AlignCenter,
                      metrics.elidedText(text, Qt::ElideRight, badge.width() - 8));
    painter->restore();
}

} // namespace

void OnnxGroupDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                              const QModelIndex& index) const {
    using H = ComparisonTableModel::Highlight;
    if (index.column() == OnnxGroupModel::SpeedupColumn) {
        const int verdict = index.data(OnnxGroupModel::VerdictRole).toInt();
        if (verdict != 0)
            painter->fillRect(option.rect, highlightColor(verdict > 0 ? H::Faster : H::Slower));
    }
    const auto side = static_cast<OnnxOnlyIn>(index.data(OnnxGroupModel::OnlyInRole).toInt());
    if (index.column() != OnnxGroupModel::OnlyInColumn || side == OnnxOnlyIn::None)
        return QStyledItemDelegate::paint(painter, option, index);
    QStyleOptionViewItem background = option; // the row's selection and focus, without text
    initStyleOption(&background, index);
    background.text.clear();
    const QWidget* widget = option.widget;
    (widget ? widget->style() : QApplication::style())
        ->drawControl(QStyle::CE_ItemViewItem, &background, painter, widget);
    paintBadge(painter, option, index.data().toString(), side);
}

} // namespace planscope
