#include "report/PdfTable.h"

#include "report/WrappedText.h"

#include <QPainter>
#include <numeric>

namespace planscope::report {
namespace {

constexpr double kFontPoints = 7.5;
constexpr double kPaddingX = 3; // points
constexpr double kPaddingY = 1.5;
constexpr double kMinimumWidth = 54; // a shrunk column keeps this much (points)

struct TableFonts {
    QFont plain;
    QFont bold;
};

// Column widths (device units) that fit the page: shrinkable columns give up width in
// proportion to how much they have above the minimum.
std::vector<double> columnWidths(const PdfCursor& cursor, const Table& table,
                                 const TableFonts& fonts) {
    const double padding = 2 * cursor.pt(kPaddingX);
    std::vector<double> natural;
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const QFontMetricsF header = cursor.metrics(fonts.bold);
        const QFontMetricsF cells =
            cursor.metrics(!table.header && c == 0 ? fonts.bold : fonts.plain);
        double width = table.header ? header.horizontalAdvance(table.columns[c].title) : 0;
        for (const auto& row : table.rows)
            if (c < row.size())
                for (const QString& line : row[c].text.split(QLatin1Char('\n')))
                    width = std::max(width, cells.horizontalAdvance(line));
        natural.push_back(width + padding + 1);
    }
    const double available = cursor.body().width();
    const double total = std::accumulate(natural.begin(), natural.end(), 0.0);
    std::vector<double> widths = natural;
    if (total <= available) {
        // Tables with text to wrap take the whole width, the extra going to that text.
        std::vector<std::size_t> wrapping;
        for (std::size_t c = 0; c < widths.size(); ++c)
            if (table.columns[c].wrap)
                wrapping.push_back(c);
        for (std::size_t c : wrapping)
            widths[c] += (available - total) / static_cast<double>(wrapping.size());
        return widths;
    }
    double spare = 0;
    for (std::size_t c = 0; c < widths.size(); ++c)
        if (!table.columns[c].numeric)
            spare += std::max(0.0, natural[c] - cursor.pt(kMinimumWidth));
    const double cut = std::min(1.0, (total - available) / std::max(spare, 1.0));
    for (std::size_t c = 0; c < widths.size(); ++c)
        if (!table.columns[c].numeric)
            widths[c] -= cut * std::max(0.0, natural[c] - cursor.pt(kMinimumWidth));
    const double fitted = std::accumulate(widths.begin(), widths.end(), 0.0);
    if (fitted > available) // even the minimums do not fit: shrink every column alike
        for (double& w : widths)
            w *= available / fitted;
    return widths;
}

class TableWriter {
  public:
    TableWriter(PdfCursor& cursor, const Table& table)
        : m_cursor(cursor),
          m_table(table), m_fonts{cursor.font(kFontPoints), cursor.font(kFontPoints, true)},
          m_widths(columnWidths(cursor, table, m_fonts)) {}

    void write() {
        const double headerHeight = m_table.header ? rowHeight(headerCells(), true) : 0;
        bool headerShown = false;
        for (std::size_t r = 0; r < m_table.rows.size(); ++r) {
            const double height = std::min(rowHeight(m_table.rows[r], false),
                                           m_cursor.body().height() - headerHeight);
            const int page = m_cursor.page();
            m_cursor.ensure(height + (headerShown ? 0 : headerHeight));
            if (m_table.header && (!headerShown || m_cursor.page() != page)) {
                drawRow(headerCells(), headerHeight, true, false);
                headerShown = true;
            }
            drawRow(m_table.rows[r], height, false, r % 2 == 1);
        }
        m_cursor.advance(m_cursor.pt(8));
    }

  private:
    std::vector<Cell> headerCells() const {
        std::vector<Cell> cells;
        for (const Column& c : m_table.columns)
            cells.push_back({c.title, {}});
        return cells;
    }

    const QFont& fontOf(std::size_t column, bool header) const {
        return header || (!m_table.header && column == 0) ? m_fonts.bold : m_fonts.plain;
    }

    // Titles wrap in a column the page made narrow ("Precision A / B"), never cut.
    bool wraps(std::size_t column, bool header) const {
        return header || m_table.columns[column].wrap;
    }

    double textWidth(std::size_t column) const {
        return m_widths[column] - 2 * m_cursor.pt(kPaddingX);
    }

    double rowHeight(const std::vector<Cell>& cells, bool header) const {
        double height = m_cursor.metrics(m_fonts.plain).height();
        for (std::size_t c = 0; c < cells.size() && c < m_widths.size(); ++c)
            if (wraps(c, header))
                height = std::max(height, WrappedText(cells[c].text, fontOf(c, header),
                                                      textWidth(c), m_cursor.device())
                                              .height());
        return height + 2 * m_cursor.pt(kPaddingY);
    }

    void drawRow(const std::vector<Cell>& cells, double height, bool header, bool shaded) {
        QPainter* painter = m_cursor.painter();
        const double top = m_cursor.y();
        m_cursor.advance(height);
        if (!painter)
            return;
        const QRectF row(m_cursor.body().left(), top,
                         std::accumulate(m_widths.begin(), m_widths.end(), 0.0), height);
        if (header || shaded)
            painter->fillRect(row, header ? QColor(0xEC, 0xEC, 0xEC) : QColor(0xF7, 0xF7, 0xF7));
        painter->setPen(QPen(QColor(0xD0, 0xD0, 0xD0), m_cursor.pt(0.5)));
        painter->drawLine(row.bottomLeft(), row.bottomRight());
        painter->setPen(QColor(0x22, 0x22, 0x22));
        double x = row.left();
        for (std::size_t c = 0; c < cells.size() && c < m_widths.size(); ++c) {
            const QRectF box(x + m_cursor.pt(kPaddingX), top + m_cursor.pt(kPaddingY), textWidth(c),
                             height - 2 * m_cursor.pt(kPaddingY));
            x += m_widths[c];
            const QFont& font = fontOf(c, header);
            if (wraps(c, header)) {
                painter->save();
                painter->setClipRect(box.adjusted(0, 0, 0, m_cursor.pt(kPaddingY)));
                WrappedText(cells[c].text, font, box.width(), m_cursor.device())
                    .draw(*painter, box.topLeft());
                painter->restore();
                continue;
            }
            painter->setFont(font);
            const QString text =
                QString(cells[c].text).replace(QLatin1Char('\n'), QStringLiteral(", "));
            painter->drawText(
                box,
                static_cast<int>(Qt::AlignTop |
                                 (m_table.columns[c].numeric ? Qt::AlignRight : Qt::AlignLeft)),
                m_cursor.metrics(font).elidedText(text, Qt::ElideMiddle, box.width()));
        }
    }

    PdfCursor& m_cursor;
    const Table& m_table;
    TableFonts m_fonts;
    std::vector<double> m_widths;
};

} // namespace

void drawTable(PdfCursor& cursor, const Table& table) {
    TableWriter(cursor, table).write();
}

} // namespace planscope::report
