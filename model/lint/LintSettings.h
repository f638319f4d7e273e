#pragma once

#include <QSet>
#include <QString>
#include <QStringList>
#include <optional>

namespace planscope {

// Which rules run and the thresholds of the rules that have one. The CLI sets them with
// --disable/--only/--set, the window keeps them in its settings.
struct LintSettings {
    QSet<QString> disabled;        // rule ids that do not run
    double shufflePercent = 2.0;   // shuffle-costly: share of the engine's latency
    double smallBatch = 4;         // small-batch: a batch of this many or fewer
    double latencyBoundMs = 0.01;  // small-batch: a layer this fast is bound by launch latency
    double fallbackMinPercent = 0; // precision-fallback: ignore layers below this share

    // Not a setting: the layers whose findings are wanted, when only some are (an export of part
    // of the graph marks the layers it draws); the linters may skip the rest.
    std::optional<QSet<int>> onlyLayers;

    bool operator==(const LintSettings&) const = default;
    bool runs(const QString& rule) const { return !disabled.contains(rule); }
    bool covers(int layerIndex) const { return !onlyLayers || onlyLayers->contains(layerIndex); }

    // "name=value" for the thresholds above; throws std::invalid_argument naming the problem.
    void setThreshold(const QString& assignment);
    // "name: meaning (value)" for each threshold, for help texts.
    QStringList describeThresholds() const;
    static QStringList thresholdNames();
    double* threshold(const QString& name); // nullptr for an unknown name
    const double* threshold(const QString& name) const;
};

} // namespace planscope
