#pragma once

#include "itemmodels/OnnxGroupModel.h"
#include "panels/CompareHighlight.h"

#include <QStyledItemDelegate>

namespace planscope {

// Paints the ONNX ops table: the speedup on the Layers tab's green (B faster) or orange (B
// slower), and a badge for a group one engine alone holds ("only in A", "only in B").
class OnnxGroupDelegate : public QStyledItemDelegate {
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
};

} // namespace planscope
