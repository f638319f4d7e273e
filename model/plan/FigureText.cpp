#include "plan/FigureText.h"

namespace planscope {

QString numberText(std::optional<double> value, int decimals, const QString& suffix) {
    return value ? QString::number(*value, 'f', decimals) + suffix : kMissingText;
}

QString millisecondsText(std::optional<double> ms, int decimals) {
    return ms ? QString::number(*ms, 'f', decimals) + QStringLiteral(" ms") : kMissingText;
}

QString percentText(std::optional<double> percent, int decimals) {
    return percent ? QString::number(*percent, 'f', decimals) + QStringLiteral(" %") : kMissingText;
}

QString countText(qint64 count, const QString& noun, const QString& plural) {
    return QStringLiteral("%1 %2").arg(count).arg(
        count == 1 ? noun : (plural.isEmpty() ? noun + QLatin1Char('s') : plural));
}

QString bytesText(std::optional<double> bytes) {
    if (!bytes)
        return kMissingText;
    constexpr double kKilo = 1024.0;
    if (*bytes >= kKilo * kKilo)
        return QString::number(*bytes / (kKilo * kKilo), 'f', 1) + QStringLiteral(" MB");
    if (*bytes >= kKilo)
        return QString::number(*bytes / kKilo, 'f', 1) + QStringLiteral(" KB");
    return QString::number(*bytes, 'f', 0) + QStringLiteral(" B");
}

QString withoutWeightsText(std::optional<double> total, int layers) {
    return total && layers > 0
               ? QStringLiteral(" (%1 export none)").arg(countText(layers, QStringLiteral("layer")))
               : QString();
}

} // namespace planscope
