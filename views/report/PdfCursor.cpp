#include "report/PdfCursor.h"

#include <QPainter>
#include <QPdfWriter>

namespace planscope::report {

PdfCursor::PdfCursor(QPdfWriter& writer, QPainter* painter, const QMarginsF& margins,
                     PageFurniture furniture)
    : m_writer(writer), m_painter(painter), m_furniture(std::move(furniture)),
      m_dotsPerPoint(writer.resolution() / 72.0),
      m_paper(0, 0, writer.pageLayout().fullRectPoints().width() * m_dotsPerPoint,
              writer.pageLayout().fullRectPoints().height() * m_dotsPerPoint),
      m_body(m_paper.marginsRemoved(margins * m_dotsPerPoint)), m_y(m_body.top()) {
    m_furniture(*this);
}

QFont PdfCursor::font(double points, bool bold) const {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(points);
    font.setBold(bold);
    return font;
}

QFontMetricsF PdfCursor::metrics(const QFont& font) const {
    return QFontMetricsF(font, &m_writer);
}

const QPaintDevice* PdfCursor::device() const {
    return &m_writer;
}

void PdfCursor::ensure(double height) {
    if (height > remaining() && !atPageTop())
        newPage();
}

void PdfCursor::newPage() {
    if (m_painter)
        m_writer.newPage();
    ++m_page;
    m_y = m_body.top();
    m_furniture(*this);
}

} // namespace planscope::report
