#pragma once

#include <QString>
#include <optional>

namespace planscope {

// How figures read as text in the window, the CLI and the reports. A figure the files don't hold
// is missing and reads as kMissingText, never as 0.
inline const QString kMissingText = QStringLiteral("-");

QString numberText(std::optional<double> value, int decimals, const QString& suffix = {});
QString millisecondsText(std::optional<double> ms, int decimals = 3); // "0.123 ms"
QString percentText(std::optional<double> percent, int decimals = 1); // "12.3 %"
QString bytesText(std::optional<double> bytes);                       // "1.5 MB", "12 KB", "7 B"

// "1 layer", "3 layers": a count with its noun in the right number (plural: noun + "s").
QString countText(qint64 count, const QString& noun, const QString& plural = {});
// After a plan's known weights `total`: " (3 layers export none)" when some layers hold weights
// the files do not give (EnginePlan::layersWithoutWeights); "" when none do, or when no weights
// are known at all (the total reads "-").
QString withoutWeightsText(std::optional<double> total, int layers);

// `value` where the files hold it.
inline std::optional<double> known(bool isKnown, double value) {
    return isKnown ? std::optional(value) : std::nullopt;
}

} // namespace planscope
