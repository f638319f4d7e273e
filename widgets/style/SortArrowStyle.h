#pragma once

#include <QProxyStyle>

namespace planscope {

// Draws a header's sort arrow the way the values run: up for ascending, down for descending
// (largest first). QHeaderView asks for SortDown when ascending and Fusion on Linux draws that
// as a down arrow, so a table sorted by |delta|, largest first, showed an ascending arrow.
class SortArrowStyle : public QProxyStyle {
  public:
    using QProxyStyle::QProxyStyle;
    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;
};

} // namespace planscope
