#include "io/log/TrtexecLog.h"

#include <QRegularExpression>

namespace planscope {
namespace {

// trex's scanf-like rule: the first number in the text ("1.755 GHz" is 1.755).
std::optional<double> firstNumber(const QString& text) {
    static const QRegularExpression number(
        QStringLiteral(R"([-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?)"));
    const auto match = number.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(0).toDouble();
}

// "min = 0.87 ms, max = 0.89 ms, ..., percentile(99%) = 0.9 ms" -> [0.87, 0.89, ..., 0.9]
std::optional<OrderedJson> statistics(const QString& text) {
    if (!text.contains('='))
        return std::nullopt;
    OrderedJson values = OrderedJson::array();
    for (const QString& part : text.split(',')) {
        const qsizetype equals = part.indexOf('=');
        const auto value = equals < 0 ? std::nullopt : firstNumber(part.mid(equals + 1));
        if (!value)
            return std::nullopt;
        values.push_back(*value);
    }
    return values;
}

QString textOf(const OrderedJson& value) {
    return QString::fromStdString(value.get<std::string>());
}

bool isSingleNumberKey(const QString& key) {
    return key == QLatin1String("Throughput") || key.contains(QLatin1String("Walltime")) ||
           key == QLatin1String("Total GPU Compute Time");
}

// TensorRT 10 prints "Application Compute Clock Rate" where 8.x printed "Compute Clock Rate".
bool isDeviceNumberKey(const QString& key) {
    return key == QLatin1String("Compute Capability") || key == QLatin1String("SMs") ||
           key == QLatin1String("Memory Bus Width") || key.endsWith(QLatin1String("Clock Rate"));
}

} // namespace

void convertPerformanceSummary(OrderedJson& section) {
    for (const auto& item : section.items()) {
        OrderedJson& value = item.value();
        if (!value.is_string())
            continue;
        const QString text = textOf(value);
        if (isSingleNumberKey(QString::fromStdString(item.key()))) {
            if (const auto number = firstNumber(text))
                value = *number;
        } else if (auto list = statistics(text)) {
            value = std::move(*list);
        }
    }
}

void convertDeviceInformation(OrderedJson& section) {
    for (const auto& item : section.items()) {
        OrderedJson& value = item.value();
        if (!value.is_string() || !isDeviceNumberKey(QString::fromStdString(item.key())))
            continue;
        if (const auto number = firstNumber(textOf(value)))
            value = *number;
    }
}

} // namespace planscope
