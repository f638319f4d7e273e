#include "json/JsonValues.h"
#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "plan/FigureText.h"

#include <map>
#include <optional>
#include <string_view>

namespace planscope {
namespace {

struct Split {
    const char* attribute; // as exported
    const char* what;      // "stream"
};
// TensorRT's StreamId; "_subgraph" marks the sub-engine a layer belongs to in merged exports.
constexpr Split kSplits[] = {{"StreamId", "stream"}, {"_subgraph", "sub-engine"}};

// The layers of each value of `attribute`, ordered by value; empty when fewer than two values
// occur (the common case, told after one pass without grouping).
std::map<QString, Lead> groupsOf(const EnginePlan& plan, const char* attribute) {
    // The values' JSON texts first, without making text of them: the same text is the same value
    // (two texts of one value only cost the grouping below, which compares the values).
    std::optional<std::string_view> first;
    bool several = false;
    for (const Layer& layer : plan.layers) {
        const std::optional<std::string_view> json = layer.attributeJson(attribute);
        if (!json)
            continue;
        if (!first)
            first = json;
        several = *json != *first;
        if (several)
            break;
    }
    std::map<QString, Lead> groups;
    if (several)
        for (const Layer& layer : plan.layers)
            if (const QString value = layer.attribute(QString::fromLatin1(attribute));
                !value.isEmpty())
                groups[value].layers.push_back(layer.index);
    return groups;
}

} // namespace

// Layers on auxiliary streams (or other sub-engines) than the one most layers run on.
void findSeveralStreams(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    for (const Split& split : kSplits) {
        std::map<QString, Lead> groups = groupsOf(plan, split.attribute);
        if (groups.size() < 2)
            continue;
        auto main = groups.begin();
        for (auto it = groups.begin(); it != groups.end(); ++it)
            if (it->second.layers.size() > main->second.layers.size())
                main = it;
        Lead lead;
        QStringList parts;
        OrderedJson facts = OrderedJson::array();
        for (auto& [value, group] : groups) {
            scale.weigh(group);
            parts << QStringLiteral("%1 %2: %3%4")
                         .arg(QString::fromLatin1(split.what), value,
                              countText(qint64(group.layers.size()), "layer"),
                              stakeClause(group.ms, group.percent));
            facts.push_back({{"id", value.toStdString()},
                             {"layers", group.layers.size()},
                             {"ms", optionalJson(group.ms)}});
            if (value != main->first)
                lead.layers.insert(lead.layers.end(), group.layers.begin(), group.layers.end());
        }
        const bool streams = QLatin1String(split.attribute) == QLatin1String("StreamId");
        lead.title = QStringLiteral("Layers run on %1 %2s").arg(groups.size()).arg(split.what);
        lead.evidence =
            QStringLiteral("%1 (the lead's layers are those off %2 %3, where most run).")
                .arg(parts.join(QStringLiteral("; ")), QString::fromLatin1(split.what),
                     main->first);
        lead.nextStep =
            streams ? QStringLiteral(
                          "Layers on auxiliary streams run alongside the main stream, so their "
                          "times overlap and the sum of layer times is not the engine's latency: "
                          "judge it by trtexec's GPU Compute Time. To compare, or to profile "
                          "layer by layer, build with --maxAuxStreams=0.")
                    : QStringLiteral(
                          "The graph was split into sub-engines, most often at an operation "
                          "TensorRT cannot run: find the layers at the split (their ONNX origin) "
                          "and replace the operation, or implement it as a plugin, so the engine "
                          "stays whole.");
        lead.facts = {{split.attribute, facts}};
        leads.push_back(std::move(lead));
        return; // streams first: one lead
    }
}

} // namespace planscope
