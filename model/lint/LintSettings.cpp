#include "lint/LintSettings.h"

#include <stdexcept>
#include <utility>

namespace planscope {
namespace {

struct Threshold {
    const char* name;
    const char* meaning;
    double LintSettings::*value;
};

const Threshold kThresholds[] = {
    {"shuffle-percent", "share of latency (%) that makes a Shuffle costly",
     &LintSettings::shufflePercent},
    {"small-batch", "a batch of this many or fewer is small", &LintSettings::smallBatch},
    {"latency-bound-ms", "layers faster than this (ms) are latency-bound",
     &LintSettings::latencyBoundMs},
    {"fallback-min-percent", "FP32 layers below this share of latency (%) are not reported",
     &LintSettings::fallbackMinPercent},
};

} // namespace

QStringList LintSettings::thresholdNames() {
    QStringList names;
    for (const Threshold& t : kThresholds)
        names << QLatin1String(t.name);
    return names;
}

QStringList LintSettings::describeThresholds() const {
    QStringList lines;
    for (const Threshold& t : kThresholds)
        lines << QStringLiteral("%1: %2 (%3)")
                     .arg(QLatin1String(t.name), QLatin1String(t.meaning))
                     .arg(this->*t.value);
    return lines;
}

const double* LintSettings::threshold(const QString& name) const {
    for (const Threshold& t : kThresholds)
        if (name == QLatin1String(t.name))
            return &(this->*t.value);
    return nullptr;
}

double* LintSettings::threshold(const QString& name) {
    return const_cast<double*>(std::as_const(*this).threshold(name));
}

void LintSettings::setThreshold(const QString& assignment) {
    bool ok = false;
    const double value = assignment.section('=', 1).trimmed().toDouble(&ok);
    if (!assignment.contains('=') || !ok || value < 0)
        throw std::invalid_argument(QStringLiteral("'%1' is not NAME=VALUE with a number from 0")
                                        .arg(assignment)
                                        .toStdString());
    double* slot = threshold(assignment.section('=', 0, 0).trimmed());
    if (!slot)
        throw std::invalid_argument(QStringLiteral("unknown threshold in '%1' (known: %2)")
                                        .arg(assignment, thresholdNames().join(", "))
                                        .toStdString());
    *slot = value;
}

} // namespace planscope
