#include "report/PdfReportWriter.h"

#include "report/PdfCursor.h"
#include "report/PdfTable.h"
#include "report/WrappedText.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPdfWriter>
#include <algorithm>
#include <cmath>

namespace planscope::report {
namespace {

const QMarginsF kMargins(50, 56, 50, 56); // points
const QColor kInk(0x22, 0x22, 0x22);
const QColor kMuted(0x66, 0x66, 0x66);
const QColor kAccent(0x76, 0xB9, 0x00); // NVIDIA green, as trex's INT8

// Where the sections start, found by the measuring pass and printed by the drawing pass.
struct Pagination {
    std::vector<int> sectionPages;
    int pages = 0;
};

class PdfPages {
  public:
    PdfPages(QPdfWriter& writer, QPainter* painter, const Report& report, const Pagination& known)
        : m_report(report), m_known(known),
          m_cursor(writer, painter, kMargins, [this](PdfCursor& c) { drawFurniture(c); }) {}

    Pagination write() {
        titleAndContents();
        Pagination found;
        for (const Section& section : m_report.sections) {
            heading(section);
            found.sectionPages.push_back(m_cursor.page());
            for (const Block& block : section.blocks) {
                if (const auto* p = std::get_if<Paragraph>(&block))
                    paragraph(p->text, p->note ? 7.5 : 9, p->note ? kMuted : kInk);
                else if (const auto* t = std::get_if<Table>(&block))
                    drawTable(m_cursor, *t);
                else
                    picture(std::get<Picture>(block));
            }
        }
        found.pages = m_cursor.page();
        return found;
    }

  private:
    void drawFurniture(PdfCursor& c) {
        QPainter* painter = c.painter();
        if (!painter)
            return;
        const QFont font = c.font(7);
        painter->setFont(font);
        painter->setPen(kMuted);
        const double line = c.metrics(font).height();
        const QRectF footer(c.body().left(), c.body().bottom() + c.pt(14), c.body().width(), line);
        painter->drawText(footer, Qt::AlignLeft, QStringLiteral("PlanScope"));
        painter->drawText(footer, Qt::AlignRight,
                          QStringLiteral("Page %1 of %2").arg(c.page()).arg(m_known.pages));
        if (c.page() == 1)
            return;
        const QRectF header(c.body().left(), c.body().top() - c.pt(22), c.body().width(), line);
        painter->drawText(
            header, Qt::AlignLeft,
            c.metrics(font).elidedText(m_report.title, Qt::ElideMiddle, header.width()));
        painter->setPen(QPen(QColor(0xCC, 0xCC, 0xCC), c.pt(0.5)));
        painter->drawLine(header.bottomLeft() + QPointF(0, c.pt(3)),
                          header.bottomRight() + QPointF(0, c.pt(3)));
    }

    // Text wrapped to the page width, moved whole to the next page when it does not fit.
    void paragraph(const QString& text, double points, const QColor& color, bool bold = false) {
        const WrappedText wrapped(text, m_cursor.font(points, bold), m_cursor.body().width(),
                                  m_cursor.device());
        m_cursor.ensure(wrapped.height());
        if (QPainter* painter = m_cursor.painter()) {
            painter->setPen(color);
            wrapped.draw(*painter, QPointF(m_cursor.body().left(), m_cursor.y()));
        }
        m_cursor.advance(wrapped.height() + m_cursor.pt(points * 0.6));
    }

    void titleAndContents() {
        paragraph(m_report.title, 18, kInk, true);
        paragraph(m_report.subtitle, 9, kMuted);
        m_cursor.advance(m_cursor.pt(12));
        paragraph(QStringLiteral("Contents"), 13, kInk, true);
        for (std::size_t i = 0; i < m_report.sections.size(); ++i) {
            const Section& s = m_report.sections[i];
            const QFont font = m_cursor.font(s.level == 1 ? 9.5 : 8.5, s.level == 1);
            const QFontMetricsF metrics = m_cursor.metrics(font);
            const double indent = m_cursor.pt(s.level == 1 ? 0 : 14);
            const double height = metrics.height() + m_cursor.pt(s.level == 1 ? 4 : 1.5);
            m_cursor.ensure(height);
            if (QPainter* painter = m_cursor.painter();
                painter && i < m_known.sectionPages.size()) {
                const QRectF line(m_cursor.body().left() + indent,
                                  m_cursor.y() + height - metrics.height(),
                                  m_cursor.body().width() - indent, metrics.height());
                painter->setFont(font);
                painter->setPen(kInk);
                painter->drawText(
                    line, Qt::AlignLeft,
                    metrics.elidedText(s.title, Qt::ElideMiddle, line.width() - m_cursor.pt(40)));
                painter->drawText(line, Qt::AlignRight, QString::number(m_known.sectionPages[i]));
            }
            m_cursor.advance(height);
        }
    }

    void heading(const Section& section) {
        if (section.level == 1) {
            m_cursor.newPage();
            paragraph(section.title, 15, kInk, true);
            if (QPainter* painter = m_cursor.painter()) {
                const double y = m_cursor.y() - m_cursor.pt(6);
                painter->setPen(QPen(kAccent, m_cursor.pt(1.5)));
                painter->drawLine(QPointF(m_cursor.body().left(), y),
                                  QPointF(m_cursor.body().right(), y));
            }
            m_cursor.advance(m_cursor.pt(4));
            return;
        }
        m_cursor.advance(m_cursor.pt(6));
        m_cursor.ensure(
            std::min(m_cursor.pt(30) + keptWithHeading(section), m_cursor.body().height()));
        paragraph(section.title, 11.5, kInk, true);
    }

    // How much of what follows a heading must fit below it: a picture that fits on a page
    // whole (else the third it starts with), or a few lines of anything else.
    double keptWithHeading(const Section& section) const {
        const Picture* first =
            section.blocks.empty() ? nullptr : std::get_if<Picture>(&section.blocks.front());
        if (!first || first->size.isEmpty())
            return m_cursor.pt(60);
        const double height = first->size.height() * fittedScale(*first) + m_cursor.pt(14);
        return height <= m_cursor.body().height() ? height : m_cursor.body().height() / 3;
    }

    // Pictures are fitted to the page width, at most at 3/4 of their pixel size in points
    // (their size at 96 dpi).
    double fittedScale(const Picture& picture) const {
        return std::min(m_cursor.body().width() / picture.size.width(), m_cursor.pt(0.75));
    }

    // A picture taller than the `first` room it gets is drawn up to a fifth smaller when that
    // saves a page holding only its end.
    double pictureScale(const Picture& picture, double first) const {
        const double page = m_cursor.body().height();
        const double scale = fittedScale(picture);
        const double height = picture.size.height() * scale;
        if (height <= first)
            return scale;
        const double pagesAfterFirst = std::ceil((height - first) / page);
        const double withoutLast = first + (pagesAfterFirst - 1) * page;
        if (height - withoutLast > page / 4 || withoutLast < height * 0.8)
            return scale;
        return scale * withoutLast / height * 0.95; // pages cut between rows end a little early
    }

    // How much of the picture (device units, from `shown`) goes on this page: up to the last
    // break that fits, unless that would leave most of the page empty.
    double sliceHeight(const Picture& picture, double scale, double shown, double height) const {
        const double fits = std::min(height - shown, m_cursor.remaining());
        if (shown + fits >= height)
            return fits;
        const auto last =
            std::upper_bound(picture.breaks.begin(), picture.breaks.end(), (shown + fits) / scale);
        if (last == picture.breaks.begin())
            return fits;
        const double slice = *std::prev(last) * scale - shown;
        return slice > fits / 2 ? slice : fits;
    }

    void picture(const Picture& picture) {
        if (picture.size.isEmpty())
            return;
        const QRectF body = m_cursor.body();
        const QFont captionFont = m_cursor.font(7.5);
        const double caption = m_cursor.metrics(captionFont).height() + m_cursor.pt(3);
        // A picture that fits on a page starts on a new one if need be; a taller one starts
        // here unless little of it would.
        const double natural = picture.size.height() * fittedScale(picture);
        if (natural + caption <= body.height() || m_cursor.remaining() < body.height() / 3)
            m_cursor.ensure(std::min(natural + caption, body.height()));
        const double scale = pictureScale(picture, m_cursor.remaining() - caption);
        const QSizeF size = picture.size * scale;
        if (QPainter* painter = m_cursor.painter()) {
            painter->setFont(captionFont);
            painter->setPen(kMuted);
            painter->drawText(QRectF(body.left(), m_cursor.y(), body.width(), caption),
                              Qt::AlignLeft | Qt::AlignTop,
                              m_cursor.metrics(captionFont)
                                  .elidedText(picture.caption, Qt::ElideMiddle, body.width()));
        }
        m_cursor.advance(caption);
        const double left = body.left() + (body.width() - size.width()) / 2;
        for (double shown = 0; shown < size.height();) {
            if (m_cursor.remaining() < m_cursor.pt(24))
                m_cursor.newPage();
            const double slice = sliceHeight(picture, scale, shown, size.height());
            if (QPainter* painter = m_cursor.painter()) {
                painter->save();
                painter->setClipRect(QRectF(left, m_cursor.y(), size.width(), slice));
                painter->translate(left, m_cursor.y() - shown);
                painter->scale(scale, scale);
                picture.paint(*painter,
                              QRectF(0, shown / scale, picture.size.width(), slice / scale));
                painter->restore();
            }
            shown += slice;
            m_cursor.advance(slice);
        }
        m_cursor.advance(m_cursor.pt(10));
    }

    const Report& m_report;
    const Pagination& m_known;
    PdfCursor m_cursor;
};

} // namespace

bool writeReportPdf(const Report& report, const QString& file, QString* error) {
    QPdfWriter writer(file);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setResolution(300);
    writer.setTitle(report.title);
    writer.setCreator(
        QStringLiteral("PlanScope %1").arg(QCoreApplication::applicationVersion()).trimmed());
    const Pagination measured = PdfPages(writer, nullptr, report, {}).write();
    QPainter painter;
    if (!painter.begin(&writer)) {
        *error =
            QStringLiteral("%1: cannot write the PDF. Check the folder exists and is writable.")
                .arg(file);
        return false;
    }
    PdfPages(writer, &painter, report, measured).write();
    painter.end();
    return true;
}

} // namespace planscope::report
