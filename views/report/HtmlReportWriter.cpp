#include "report/HtmlReportWriter.h"

#include "svg/SvgDrawing.h"

#include <QRegularExpression>

namespace planscope::report {
namespace {

const char* const kStyle = R"(
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 14px; color: #222;
       max-width: 1240px; margin: 0 auto; padding: 24px; }
h1 { font-size: 26px; margin-bottom: 4px; }
h2 { font-size: 20px; margin-top: 36px; border-bottom: 2px solid #76b900; padding-bottom: 4px; }
h3 { font-size: 16px; margin-top: 24px; }
a { color: #1a5fb4; text-decoration: none; } a:hover { text-decoration: underline; }
.subtitle, .note { color: #666; } .note { font-size: 12px; }
nav ol { margin: 4px 0; } nav > ol > li { margin-top: 4px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
th, td { padding: 3px 10px 3px 6px; text-align: left; vertical-align: top; }
thead th { border-bottom: 1px solid #999; background: #f3f3f3; }
tbody tr:nth-child(even) { background: #fafafa; }
tbody th { font-weight: 600; white-space: nowrap; }
td { white-space: nowrap; } td.wrap { white-space: pre-line; overflow-wrap: anywhere; }
.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr:target { background: #fff3b0; }
figure { margin: 12px 0 24px; break-inside: avoid; }
figure svg { max-width: 100%; height: auto; display: block; }
/* Qt calls its default font "Sans Serif", a name browsers do not know. */
figure svg [font-family] { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; }
figcaption { color: #555; font-size: 12px; margin-top: 4px; }
)";

QString escaped(const QString& text) {
    return text.toHtmlEscaped();
}

// Anchors are made of letters, digits and dashes, so they need no escaping anywhere.
QString anchorId(const QString& anchor) {
    static const QRegularExpression other(QStringLiteral("[^A-Za-z0-9_-]"));
    return QString(anchor).replace(other, QStringLiteral("-"));
}

// The picture as an <svg> element inside HTML: no XML prolog, and no namespace declarations
// (HTML knows the element; the declarations would be the file's only URLs). Every SVG numbers
// its gradients from 1, so ids get the picture's number to stay unique in the page.
QString inlineSvg(const Picture& picture, int number) {
    const QRectF whole(QPointF(0, 0), picture.size);
    QString text = QString::fromUtf8(
        svgDrawing(picture.size.toSize(), 96, picture.caption, QStringLiteral("PlanScope report"),
                   [&](QPainter& painter) { picture.paint(painter, whole); }));
    text.remove(0, std::max<qsizetype>(0, text.indexOf(QLatin1String("<svg"))));
    static const QRegularExpression namespaces(QStringLiteral(R"(\s+xmlns(:\w+)?="[^"]*")"));
    const qsizetype rootEnd = text.indexOf(QLatin1Char('>'));
    text = text.left(rootEnd).remove(namespaces) + text.mid(rootEnd);
    const QString prefix = QStringLiteral("picture%1-").arg(number);
    return text.replace(QLatin1String(" id=\""), QStringLiteral(" id=\"") + prefix)
        .replace(QLatin1String("url(#"), QStringLiteral("url(#") + prefix)
        .replace(QLatin1String("href=\"#"), QStringLiteral("href=\"#") + prefix);
}

QString cellHtml(const Cell& cell) {
    if (cell.link.isEmpty())
        return escaped(cell.text);
    return QStringLiteral("<a href=\"#%1\">%2</a>").arg(anchorId(cell.link), escaped(cell.text));
}

QString columnClass(const Column& column) {
    if (column.numeric)
        return QStringLiteral(" class=\"num\"");
    return column.wrap ? QStringLiteral(" class=\"wrap\"") : QString();
}

QString tableHtml(const Table& table) {
    QString html = QStringLiteral("<table>\n");
    if (table.header) {
        html += QStringLiteral("<thead><tr>");
        for (const Column& c : table.columns)
            html += QStringLiteral("<th%1>%2</th>").arg(columnClass(c), escaped(c.title));
        html += QStringLiteral("</tr></thead>\n");
    }
    html += QStringLiteral("<tbody>\n");
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const QString anchor = r < table.rowAnchors.size() ? table.rowAnchors[r] : QString();
        html += anchor.isEmpty() ? QStringLiteral("<tr>")
                                 : QStringLiteral("<tr id=\"%1\">").arg(anchorId(anchor));
        const auto& row = table.rows[r];
        for (std::size_t c = 0; c < row.size() && c < table.columns.size(); ++c) {
            // A list of names and values names its rows with header cells.
            const bool rowName = !table.header && c == 0;
            html += QStringLiteral("<%1%2>%3</%1>")
                        .arg(rowName ? QStringLiteral("th") : QStringLiteral("td"),
                             columnClass(table.columns[c]), cellHtml(row[c]));
        }
        html += QStringLiteral("</tr>\n");
    }
    return html + QStringLiteral("</tbody></table>\n");
}

QString blockHtml(const Block& block, int& pictures) {
    if (const auto* p = std::get_if<Paragraph>(&block))
        return QStringLiteral("<p%1>%2</p>\n")
            .arg(p->note ? QStringLiteral(" class=\"note\"") : QString(),
                 escaped(p->text).replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    if (const auto* t = std::get_if<Table>(&block))
        return tableHtml(*t);
    const auto& picture = std::get<Picture>(block);
    return QStringLiteral("<figure>\n%1\n<figcaption>%2</figcaption></figure>\n")
        .arg(inlineSvg(picture, ++pictures), escaped(picture.caption));
}

QString contentsHtml(const Report& report) {
    QString html = QStringLiteral("<nav><h2>Contents</h2>\n<ol>");
    bool nested = false;
    for (const Section& s : report.sections) {
        const QString link =
            QStringLiteral("<a href=\"#%1\">%2</a>").arg(anchorId(s.anchor), escaped(s.title));
        if (s.level > 1) {
            html += (nested ? QString() : QStringLiteral("<ol>")) + QStringLiteral("<li>") + link +
                    QStringLiteral("</li>\n");
            nested = true;
            continue;
        }
        if (nested)
            html += QStringLiteral("</ol>");
        if (&s != &report.sections.front())
            html += QStringLiteral("</li>\n");
        html += QStringLiteral("<li>") + link;
        nested = false;
    }
    if (nested)
        html += QStringLiteral("</ol>");
    return html + QStringLiteral("</li></ol></nav>\n");
}

} // namespace

QByteArray reportHtml(const Report& report) {
    QString html = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                                  "charset=\"utf-8\">\n<meta name=\"generator\" "
                                  "content=\"PlanScope\">\n<title>%1</title>\n<style>%2</style>\n"
                                  "</head>\n<body>\n<header><h1>%1</h1><p class=\"subtitle\">%3"
                                  "</p></header>\n")
                       .arg(escaped(report.title), QLatin1String(kStyle), escaped(report.subtitle));
    html += contentsHtml(report);
    int pictures = 0;
    for (const Section& s : report.sections) {
        html += QStringLiteral("<section id=\"%1\">\n<h%2>%3</h%2>\n")
                    .arg(anchorId(s.anchor))
                    .arg(s.level + 1)
                    .arg(escaped(s.title));
        for (const Block& b : s.blocks)
            html += blockHtml(b, pictures);
        html += QStringLiteral("</section>\n");
    }
    return (html + QStringLiteral("</body>\n</html>\n")).toUtf8();
}

} // namespace planscope::report
