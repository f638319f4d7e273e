#include "compare/UniformChange.h"

#include "compare/PlanComparison.h"
#include "modules/ModuleComparison.h"

#include <algorithm>
#include <cmath>

namespace planscope {
namespace {

constexpr int kFewestItems = 5;
constexpr double kNearlyAll = 0.9;
constexpr double kChangeOfOne = 1.1;   // a change of more than a tenth
constexpr double kChangeOfAll = 1.25;  // the median change that is worth saying
constexpr double kSimilarSpread = 4.0; // the 90th percentile over the 10th

double percentile(const std::vector<double>& sorted, double p) {
    const double at = p * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(at));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (at - double(below)) * (sorted[above] - sorted[below]);
}

QString ratioText(double ratio) {
    return QStringLiteral("%1x").arg(ratio, 0, 'f', 2);
}

// "NVIDIA A100 80GB PCIe, compute clock 1.41 GHz, memory clock 1.512 GHz", as far as the files
// give them.
QString deviceText(const EnginePlan& plan) {
    QStringList parts;
    if (const QString name = plan.metadata.deviceName(); !name.isEmpty())
        parts << name;
    const OrderedJson& device = plan.metadata.device;
    for (const auto& [key, label] :
         {std::pair("Compute Clock Rate", "compute clock"),
          std::pair("Application Compute Clock Rate", "application compute clock"),
          std::pair("Memory Clock Rate", "memory clock"),
          std::pair("Application Memory Clock Rate", "application memory clock")})
        if (const auto it = device.find(key); it != device.end())
            parts << QStringLiteral("%1 %2").arg(QLatin1String(label), metadataText(key, *it));
    return parts.isEmpty() ? QStringLiteral("not in its files") : parts.join(QStringLiteral(", "));
}

} // namespace

std::optional<UniformChange> findUniformChange(const std::vector<TimePair>& times) {
    std::vector<double> ratios;
    for (const TimePair& t : times)
        if (t.a > 0 && t.b > 0)
            ratios.push_back(t.b / t.a);
    if (int(ratios.size()) < kFewestItems)
        return std::nullopt;
    std::sort(ratios.begin(), ratios.end());
    UniformChange change;
    change.compared = int(ratios.size());
    change.low = percentile(ratios, 0.1);
    change.median = percentile(ratios, 0.5);
    change.high = percentile(ratios, 0.9);
    const bool slower = change.slower();
    change.changed = int(std::count_if(ratios.begin(), ratios.end(), [slower](double r) {
        return slower ? r > kChangeOfOne : r < 1 / kChangeOfOne;
    }));
    const bool large = change.median >= kChangeOfAll || change.median <= 1 / kChangeOfAll;
    const bool nearlyAll = change.changed >= kNearlyAll * change.compared;
    const bool similar = change.high <= kSimilarSpread * change.low;
    if (!large || !nearlyAll || !similar)
        return std::nullopt;
    return change;
}

std::optional<UniformChange> layersUniformChange(const std::vector<LayerComparison>& layers) {
    std::vector<TimePair> times;
    for (const LayerComparison& r : layers)
        if (r.latencyA && r.latencyB && !r.precisionMismatch)
            times.push_back({*r.latencyA, *r.latencyB});
    return findUniformChange(times);
}

std::optional<UniformChange> modulesUniformChange(const ModuleComparison& comparison) {
    std::vector<TimePair> times;
    const auto heaviestPrecision = [](const ModuleTree& tree, int module) {
        const std::vector<ModuleShare>& shares = tree.modules[std::size_t(module)].precisions;
        return shares.empty() ? QString() : shares.front().key;
    };
    for (const ModuleDelta& d : comparison.modules)
        if (d.depth == 1 && !d.unattributed && d.aMs && d.bMs &&
            heaviestPrecision(comparison.a, d.moduleA) ==
                heaviestPrecision(comparison.b, d.moduleB))
            times.push_back({*d.aMs, *d.bMs});
    return findUniformChange(times);
}

QString uniformChangeWarning(const EnginePlan& a, const EnginePlan& b, const UniformChange& change,
                             const QString& items) {
    return QStringLiteral(
               "B is %1 in %2 of %3 %4, by %5 to %6 (B's time over A's, 10th to 90th "
               "percentile; median %7): a change this even comes from how the engines ran or were "
               "built (the GPU, its clocks or power limit, the batch or shapes, profiling "
               "settings) more than from one block. A's device: %8. B's device: %9.")
        .arg(change.slower() ? QStringLiteral("slower") : QStringLiteral("faster"))
        .arg(change.changed)
        .arg(change.compared)
        .arg(items, ratioText(change.low), ratioText(change.high), ratioText(change.median),
             deviceText(a), deviceText(b));
}

QString modulesUniformChangeWarning(const EnginePlan& a, const EnginePlan& b,
                                    const ModuleComparison& comparison) {
    const auto change = modulesUniformChange(comparison);
    return change ? uniformChangeWarning(a, b, *change, QStringLiteral("top-level modules"))
                  : QString();
}

} // namespace planscope
