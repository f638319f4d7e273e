#include "json/JsonValues.h"

#include <cmath>

namespace planscope {

bool isWholeJsonNumber(double value) {
    return std::floor(value) == value && std::abs(value) < 9.0e15;
}

OrderedJson jsonNumber(double value) {
    if (isWholeJsonNumber(value))
        return static_cast<long long>(value);
    return value;
}

OrderedJson optionalJson(std::optional<double> value) {
    return value ? OrderedJson(*value) : OrderedJson();
}

OrderedJson jsonNumber(std::optional<double> value) {
    return value ? jsonNumber(*value) : OrderedJson();
}

OrderedJson optionalText(const QString& value) {
    return value.isEmpty() ? OrderedJson() : OrderedJson(value.toStdString());
}

OrderedJson textListJson(const QStringList& texts) {
    OrderedJson list = OrderedJson::array();
    for (const QString& text : texts)
        list.push_back(text.toStdString());
    return list;
}

} // namespace planscope
