#include "accuracy/AccuracyLog.h"

#include "plan/FigureText.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace planscope {

QString statText(const std::optional<double>& value) {
    if (!value)
        return QStringLiteral("-");
    if (std::isnan(*value))
        return QStringLiteral("nan");
    if (std::isinf(*value))
        return *value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    return QString::number(*value, 'g', 5);
}

QString shortRunnerName(const QString& runner) {
    static const QRegularExpression time(
        QStringLiteral("-\\d{2}/\\d{2}/\\d{2}-\\d{2}:\\d{2}:\\d{2}$"));
    QString name = runner;
    name.remove(time);
    return name;
}

namespace {

// A bound at FP16's largest value (saturated) or past it (inf).
bool outOfFp16(const std::optional<double>& bound) {
    return bound && (std::abs(*bound) == kFp16Max || std::isinf(*bound));
}

} // namespace

Overflow overflowOf(const ArrayStats& stats) {
    Overflow o;
    for (const std::optional<double>& bound : {stats.min, stats.max})
        if (outOfFp16(bound))
            (std::isinf(*bound) ? o.infinite : o.saturated) = true;
    return o;
}

QString overflowBoundsText(const ArrayStats& stats) {
    QStringList bounds;
    for (const std::optional<double>& bound : {stats.min, stats.max})
        if (outOfFp16(bound) && !bounds.contains(statText(bound))) // min and max both at 65504
            bounds << statText(bound);
    return bounds.isEmpty() ? QString()
                            : QStringLiteral("at ") + bounds.join(QStringLiteral(" and "));
}

QString ComparedTensor::overflowText() const {
    QStringList parts;
    for (const RunnerStats& r : runners)
        if (const QString bounds = overflowBoundsText(r.stats); !bounds.isEmpty())
            parts << shortRunnerName(r.runner) + QLatin1Char(' ') + bounds;
    return parts.join(QStringLiteral("; "));
}

QString OutputValidation::findingsText() const {
    QStringList found;
    if (nan || inf)
        found << QStringLiteral("%1%2detected").arg(nan ? "NaN " : "", inf ? "Inf " : "");
    if (overflowOf(stats).saturated)
        found << QStringLiteral("FP16 overflow ") + overflowBoundsText(stats);
    return found.join(QStringLiteral(", "));
}

int AccuracyLog::firstFailed() const {
    for (std::size_t i = 0; i < tensors.size(); ++i)
        if (tensors[i].passed == false)
            return int(i);
    return -1;
}

int AccuracyLog::failedTensors() const {
    return int(std::count_if(tensors.begin(), tensors.end(),
                             [](const ComparedTensor& t) { return t.passed == false; }));
}

int AccuracyLog::firstOverflow() const {
    for (std::size_t i = 0; i < tensors.size(); ++i)
        for (const RunnerStats& r : tensors[i].runners)
            if (overflowOf(r.stats).any())
                return int(i);
    return -1;
}

QString AccuracyLog::runnersText(bool shortNames) const {
    QStringList names = runners;
    if (shortNames) {
        for (QString& name : names)
            name = shortRunnerName(name);
        names.removeDuplicates();
    }
    return names.join(validationOnly() ? QStringLiteral(", ") : QStringLiteral(" vs. "));
}

QString AccuracyLog::validationText() const {
    const auto failed = std::count_if(validations.begin(), validations.end(),
                                      [](const OutputValidation& v) { return v.passed == false; });
    return QStringLiteral("a validation run (--validate): %1 checked for NaN and Inf, %2 failed; "
                          "no runners compared")
        .arg(countText(qint64(validations.size()), QStringLiteral("output")))
        .arg(failed);
}

bool AccuracyLog::anyFailed() const {
    if (firstFailed() >= 0)
        return true;
    for (const OutputValidation& v : validations)
        if (v.passed == false)
            return true;
    return false;
}

} // namespace planscope
