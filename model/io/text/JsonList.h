#pragma once

#include "io/text/JsonSpan.h"

#include <QByteArray>
#include <simdjson.h>

namespace planscope {

// Calls `visit(element)` for each element of the JSON list that `text` holds, parsing one
// element at a time, so no tree of the whole list is built (a large file stays small). False,
// after visiting what came before, when the text is not a list of valid JSON values.
template <class Visit>
bool forEachJsonListElement(const QByteArray& text, simdjson::dom::parser& parser, Visit&& visit) {
    const std::string_view view(text.constData(), static_cast<std::size_t>(text.size()));
    std::size_t pos = skipJsonSpace(view, 0);
    if (pos >= view.size() || view[pos] != '[')
        return false;
    pos = skipJsonSpace(view, pos + 1);
    if (pos < view.size() && view[pos] == ']')
        return skipJsonSpace(view, pos + 1) == view.size();
    while (true) {
        const std::size_t end = skipJsonValue(view, pos);
        simdjson::dom::element element;
        if (end >= kJsonBroken || parseJsonSpan(parser, text, pos, end, element))
            return false;
        visit(element);
        pos = skipJsonSpace(view, end);
        if (pos < view.size() && view[pos] == ']')
            return skipJsonSpace(view, pos + 1) == view.size();
        if (pos >= view.size() || view[pos] != ',')
            return false;
        pos = skipJsonSpace(view, pos + 1);
    }
}

} // namespace planscope
