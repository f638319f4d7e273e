#include "io/JsonList.h"

namespace planscope {

simdjson::error_code parseJsonSpan(simdjson::dom::parser& parser, const QByteArray& text,
                                   std::size_t begin, std::size_t end,
                                   simdjson::dom::element& element) {
    const std::size_t allocated = static_cast<std::size_t>(std::max(text.size(), text.capacity()));
    const bool padded = end + simdjson::SIMDJSON_PADDING <= allocated;
    return parser.parse(text.constData() + begin, end - begin, !padded).get(element);
}

} // namespace planscope
