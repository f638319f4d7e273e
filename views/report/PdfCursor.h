#pragma once

#include <QFont>
#include <QFontMetricsF>
#include <QMarginsF>
#include <QRectF>
#include <functional>

class QPainter;
class QPdfWriter;

namespace planscope::report {

// Where the next block of a PDF report goes, page after page. Lengths are in device units;
// pt() converts from points. Without a painter it only measures: the first of the writer's two
// passes finds the pages every section lands on.
class PdfCursor {
  public:
    using PageFurniture = std::function<void(PdfCursor&)>; // header and footer of a new page

    // The writer's own margins must be zero: `margins` (points) are kept here.
    PdfCursor(QPdfWriter& writer, QPainter* painter, const QMarginsF& margins,
              PageFurniture furniture);

    QPainter* painter() const { return m_painter; } // null when measuring
    double pt(double points) const { return points * m_dotsPerPoint; }
    QFont font(double points, bool bold = false) const;
    QFontMetricsF metrics(const QFont& font) const;
    const QPaintDevice* device() const; // what text is measured for

    const QRectF& body() const { return m_body; }   // the page inside its margins
    const QRectF& paper() const { return m_paper; } // the whole page
    int page() const { return m_page; }             // from 1
    double y() const { return m_y; }
    double remaining() const { return m_body.bottom() - m_y; }
    bool atPageTop() const { return m_y <= m_body.top(); }

    void advance(double height) { m_y += height; }
    // Starts a new page unless `height` fits below the cursor or the page is still empty.
    void ensure(double height);
    void newPage();

  private:
    QPdfWriter& m_writer;
    QPainter* m_painter;
    PageFurniture m_furniture;
    double m_dotsPerPoint;
    QRectF m_paper;
    QRectF m_body;
    double m_y;
    int m_page = 1;
};

} // namespace planscope::report
