#include "text/HtmlText.h"

namespace planscope::html {

namespace {
constexpr QChar kBreakHint(0x200B); // zero-width space
} // namespace

QString breakable(const QString& text) {
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        out += c;
        const bool beforeDigit = i + 1 < text.size() && text[i + 1].isDigit();
        const bool hint = c == '/' || c == '+' || c == '_' || (c == '.' && !beforeDigit);
        if (hint && i + 1 < text.size())
            out += kBreakHint;
    }
    return out.toHtmlEscaped();
}

QString withoutBreakHints(QString text) {
    return text.remove(kBreakHint);
}

QString row(const QString& key, const QString& value, bool valueIsHtml) {
    return QStringLiteral("<tr><th align=left>%1</th><td>%2</td></tr>")
        .arg(breakable(key), valueIsHtml ? value : breakable(value));
}

QString table(const QString& rows) {
    return QStringLiteral("<table>") + rows + QStringLiteral("</table>");
}

QString section(const QString& title, const QString& body) {
    return QStringLiteral("<h3>%1</h3>%2").arg(escaped(title), body);
}

QString jsonTable(const OrderedJson& object) {
    QString rows;
    for (const auto& item : object.items())
        rows += row(QString::fromStdString(item.key()), metadataText(item.key(), item.value()));
    return table(rows);
}

QString layerLink(int layer, const QString& name) {
    return QStringLiteral("<a href=\"layer:%1\">%2</a>").arg(layer).arg(breakable(name));
}

int layerOfLink(const QString& link) {
    if (!link.startsWith(QLatin1String("layer:")))
        return -1;
    bool ok = false;
    const int layer = link.mid(6).toInt(&ok);
    return ok ? layer : -1;
}

QString styleSheet() {
    return QStringLiteral("h2 { margin-bottom: 4px; } h3 { margin-top: 12px; margin-bottom: 4px; }"
                          "th { padding-right: 12px; font-weight: 600; vertical-align: top; }"
                          "td { padding-right: 10px; vertical-align: top; }"
                          ".warning { color: #b35900; } .muted { color: #777777; }");
}

} // namespace planscope::html
