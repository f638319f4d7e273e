#include "io/JsonList.h"

namespace planscope {

simdjson::error_code parseJsonSpan(simdjson::dom::parser& parser, std::string_view text,
                                   std::size_t readable, std::size_t begin, std::size_t end,
                                   simdjson::dom::element& element) {
    const bool padded = end + simdjson::SIMDJSON_PADDING <= readable;
    return parser.parse(text.data() + begin, end - begin, !padded).get(element);
}

simdjson::error_code parseJsonSpan(simdjson::dom::parser& parser, const QByteArray& text,
                                   std::size_t begin, std::size_t end,
                                   simdjson::dom::element& element) {
    const std::string_view view(text.constData(), static_cast<std::size_t>(text.size()));
    const auto allocated = static_cast<std::size_t>(std::max(text.size(), text.capacity()));
    return parseJsonSpan(parser, view, allocated, begin, end, element);
}

} // namespace planscope
