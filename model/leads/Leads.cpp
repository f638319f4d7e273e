#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "metrics/LatencyGap.h"
#include "plan/FigureText.h"
#include "plan/SideBySide.h"

#include <algorithm>

namespace planscope {

namespace {

const char kBuildLogHint[] =
    "Build with trtexec --verbose and keep its output (trtexec ... 2>&1 | tee "
    "MODEL.onnx.engine.build.log), then open the log beside the plan (--log, File > Add Build "
    "Log), or let planscope profile build it.";

const char kRunSummaryHint[] =
    "Keep trtexec's console output of the run (trtexec --loadEngine=ENGINE ... 2>&1 | tee "
    "RUN.log) and open it beside the plan (--log, File > Add Log), or let planscope profile run "
    "it: its performance summary holds the GPU Compute Time.";

const char kDeviceHint[] =
    "The files describe no GPU: keep the build or profile metadata trex's process_engine.py "
    "writes (or trtexec's log, whose device information names it) beside the plan. planscope "
    "roofline --gpu NAME judges the layers on a GPU you name.";

std::optional<UnjudgedLead> unjudged(const LeadKind& kind, const LeadScale& scale) {
    const EnginePlan& plan = scale.plan();
    const bool timed = kind.needs != LeadNeeds::Nothing && kind.needs != LeadNeeds::BuildLog;
    if (timed && !plan.hasProfile)
        return UnjudgedLead{kind.id, leadNeedsText(LeadNeeds::Timings),
                            QString::fromLatin1(kPerLayerTimingsHint)};
    if (kind.needs == LeadNeeds::RunSummary && !latencyGap(plan))
        return UnjudgedLead{kind.id, leadNeedsText(kind.needs),
                            QString::fromLatin1(kRunSummaryHint)};
    if (kind.needs == LeadNeeds::BuildLog && !plan.tactics)
        return UnjudgedLead{kind.id, leadNeedsText(kind.needs), QString::fromLatin1(kBuildLogHint)};
    if (kind.needs == LeadNeeds::Device && !scale.roofline().device)
        return UnjudgedLead{kind.id, leadNeedsText(kind.needs), QString::fromLatin1(kDeviceHint)};
    return std::nullopt;
}

QStringList notesOn(const EnginePlan& plan, const LeadScale& scale) {
    QStringList notes;
    if (!plan.hasProfile)
        return notes;
    if (!scale.sharesFromProfile())
        notes << QStringLiteral("The profile's percentages add up to %1, not 100 %: shares are "
                                "each layer's average time over the sum of averages (%2).")
                     .arg(percentText(scale.profileShareSum()),
                          millisecondsText(scale.latencyMs()));
    const auto unmeasured = std::count_if(plan.layers.begin(), plan.layers.end(),
                                          [](const Layer& l) { return !l.timing.measured; });
    if (unmeasured > 0)
        notes << QStringLiteral("%1 of %2 layers have no profile record: their time is missing "
                                "from every figure, not counted as 0.")
                     .arg(unmeasured)
                     .arg(plan.layers.size());
    return notes;
}

} // namespace

PlanLeads findLeads(const EnginePlan& plan) {
    return findLeads(plan, rooflineFromFiles(plan));
}

PlanLeads findLeads(const EnginePlan& plan, const Roofline& roofline) {
    const LeadScale scale(plan, roofline);
    PlanLeads result;
    result.latencyMs = scale.latencyMs();
    result.notes = notesOn(plan, scale);
    // The kinds of lead only read the plan: they are looked for side by side, their leads kept
    // in the catalog's order.
    std::vector<const LeadKind*> kinds;
    for (const LeadKind& kind : leadCatalog()) {
        if (auto missing = unjudged(kind, scale))
            result.unjudged.push_back(*std::move(missing));
        else
            kinds.push_back(&kind);
    }
    std::vector<std::vector<Lead>> found =
        sideBySide<std::vector<Lead>>(kinds.size(), [&scale, &kinds](std::size_t i) {
            std::vector<Lead> leads;
            kinds[i]->find(scale, leads);
            for (Lead& lead : leads) {
                lead.id = kinds[i]->id;
                if (lead.layers.empty()) // a lead about the whole engine keeps its own time
                    continue;
                const auto ms = lead.ms;
                const auto percent = lead.percent;
                scale.weigh(lead);
                if (lead.partOfLayersTime) {
                    lead.ms = ms;
                    lead.percent = percent;
                }
            }
            return leads;
        });
    for (std::vector<Lead>& leads : found)
        result.leads.insert(result.leads.end(), std::make_move_iterator(leads.begin()),
                            std::make_move_iterator(leads.end()));
    // Most time at stake first; leads without a time keep the catalog's order, after the rest.
    std::stable_sort(result.leads.begin(), result.leads.end(), [](const Lead& a, const Lead& b) {
        if (a.ms.has_value() != b.ms.has_value())
            return a.ms.has_value();
        return a.ms && *a.ms > *b.ms;
    });
    return result;
}

} // namespace planscope
