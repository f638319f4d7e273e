#pragma once

#include "plan/EngineMetadata.h"

#include <QString>
#include <QStringList>

// Small helpers for the panels that show rich text (summary, inspector, lint details).
namespace planscope::html {

inline QString escaped(const QString& text) {
    return text.toHtmlEscaped();
}

// Escaped, with break hints (zero-width spaces) after / + _ and a '.' not followed by a digit,
// so long layer names, tactics and paths wrap there instead of inside a word.
QString breakable(const QString& text);
// The text without those hints, as it is copied.
QString withoutBreakHints(QString text);

// <tr><th>key</th><td>value</td></tr>; the value is made breakable() unless `valueIsHtml`.
QString row(const QString& key, const QString& value, bool valueIsHtml = false);
QString table(const QString& rows);
QString section(const QString& title, const QString& body);

// A JSON object as a key/value table.
QString jsonTable(const OrderedJson& object);

// A link that selects a layer when clicked ("layer:N").
QString layerLink(int layer, const QString& name);
int layerOfLink(const QString& link); // -1 when the link is not a layer link

// The style every rich-text panel uses.
QString styleSheet();

} // namespace planscope::html
