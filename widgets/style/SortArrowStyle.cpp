#include "style/SortArrowStyle.h"

#include <QStyleOptionHeader>

namespace planscope {

void SortArrowStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option,
                                   QPainter* painter, const QWidget* widget) const {
    const auto* header = qstyleoption_cast<const QStyleOptionHeader*>(option);
    if (element != PE_IndicatorHeaderArrow || !header || header->sortIndicator == 0) {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        return;
    }
    // QHeaderView's mapping: SortDown is Qt::AscendingOrder, SortUp Qt::DescendingOrder.
    const bool ascending = header->sortIndicator == QStyleOptionHeader::SortDown;
    QStyleOption arrow = *option;
    QProxyStyle::drawPrimitive(ascending ? PE_IndicatorArrowUp : PE_IndicatorArrowDown, &arrow,
                               painter, widget);
}

} // namespace planscope
