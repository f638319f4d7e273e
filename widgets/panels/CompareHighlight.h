#pragma once

#include "itemmodels/ComparisonTableModel.h"

#include <QColor>
#include <QPainter>
#include <QStyledItemDelegate>

namespace planscope {

// The comparison's colors, as trex's tables: green faster, orange slower, yellow a mismatch.
inline QColor highlightColor(ComparisonTableModel::Highlight highlight) {
    using H = ComparisonTableModel::Highlight;
    switch (highlight) {
    case H::Faster:
        return {0xC8, 0xF0, 0xC0};
    case H::Slower:
        return {0xFF, 0xD8, 0xA8};
    case H::Mismatch:
        return {0xFF, 0xF4, 0xB0};
    case H::None:
        break;
    }
    return {};
}

// Paints a cell's HighlightRole color behind its text.
class HighlightDelegate : public QStyledItemDelegate {
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override {
        const auto highlight = static_cast<ComparisonTableModel::Highlight>(
            index.data(ComparisonTableModel::HighlightRole).toInt());
        if (highlight != ComparisonTableModel::Highlight::None)
            painter->fillRect(option.rect, highlightColor(highlight));
        QStyledItemDelegate::paint(painter, option, index);
    }
};

} // namespace planscope
