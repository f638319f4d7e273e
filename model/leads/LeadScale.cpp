#include "leads/LeadScale.h"

#include "plan/FigureText.h"

#include <algorithm>
#include <map>

namespace planscope {
namespace {

// A profile's percentages add up to 100 within rounding; a partial one to less.
constexpr double kMostShares = 102;

} // namespace

LeadScale::LeadScale(const EnginePlan& plan, const Roofline& roofline)
    : m_plan(plan), m_roofline(roofline), m_latencyMs(plan.totalAverageMs()) {
    for (const Layer& layer : plan.layers)
        if (layer.timing.measured)
            m_profileShareSum += layer.timing.percent;
    m_sharesFromProfile = m_profileShareSum > 0 && m_profileShareSum <= kMostShares;
}

std::optional<double> LeadScale::share(const Layer& layer) const {
    if (!layer.timing.measured)
        return std::nullopt;
    if (m_sharesFromProfile)
        return layer.timing.percent;
    return shareOfLatency(layer.timing.averageMs);
}

std::optional<double> LeadScale::shareOfLatency(double ms) const {
    if (!m_latencyMs || *m_latencyMs <= 0)
        return std::nullopt;
    return ms / *m_latencyMs * 100;
}

void LeadScale::weigh(Lead& lead) const {
    std::vector<int>& layers = lead.layers;
    std::sort(layers.begin(), layers.end());
    layers.erase(std::unique(layers.begin(), layers.end()), layers.end());
    const auto& all = m_plan.layers;
    // Slowest first; unmeasured layers after every measured one, in engine order.
    std::stable_sort(layers.begin(), layers.end(), [&](int a, int b) {
        const LayerTiming& ta = all[std::size_t(a)].timing;
        const LayerTiming& tb = all[std::size_t(b)].timing;
        if (ta.measured != tb.measured)
            return ta.measured;
        return ta.measured && ta.averageMs > tb.averageMs;
    });
    double ms = 0;
    double percent = 0;
    int measured = 0;
    for (int index : layers) {
        const Layer& layer = all[std::size_t(index)];
        if (!layer.timing.measured)
            continue;
        ++measured;
        ms += layer.timing.averageMs;
        percent += share(layer).value_or(0);
    }
    lead.unmeasured = static_cast<int>(layers.size()) - measured;
    lead.ms = measured ? std::optional(ms) : std::nullopt;
    const bool shares = m_sharesFromProfile || (m_latencyMs && *m_latencyMs > 0);
    lead.percent = measured && shares ? std::optional(percent) : std::nullopt;
}

QString stakeText(std::optional<double> ms, std::optional<double> percent) {
    if (!ms)
        return kMissingText;
    return QStringLiteral("%1 (%2)").arg(millisecondsText(ms), percentText(percent));
}

QString stakeClause(std::optional<double> ms, std::optional<double> percent, const QString& after) {
    return ms ? QStringLiteral(", ") + stakeText(ms, percent) + after : QString();
}

QString quotedLayer(const Layer& layer, qsizetype length) {
    QString name = layer.name;
    if (name.size() > length)
        name = name.left(length / 2 - 1) + QStringLiteral("...") + name.right(length / 2 - 2);
    return QStringLiteral("`%1`").arg(name);
}

QString titleSubject(const EnginePlan& plan, const std::vector<int>& layers, const QString& one,
                     const QString& many) {
    constexpr qsizetype kTitleNameLength = 60;
    if (layers.size() == 1)
        return one.arg(quotedLayer(plan.layers[std::size_t(layers.front())], kTitleNameLength));
    return many.contains(QLatin1String("%1")) ? many.arg(layers.size()) : many;
}

QString typeCounts(const EnginePlan& plan, const std::vector<int>& layers) {
    std::map<QString, int> counts;
    for (int index : layers)
        ++counts[plan.layers[std::size_t(index)].type];
    std::vector<std::pair<QString, int>> sorted(counts.begin(), counts.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    QStringList parts;
    for (const auto& [type, count] : sorted)
        parts << QStringLiteral("%1 %2").arg(count).arg(type);
    return parts.join(QStringLiteral(", "));
}

} // namespace planscope
