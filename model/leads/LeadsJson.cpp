#include "leads/LeadsJson.h"

#include "json/JsonValues.h"

namespace planscope {
namespace {

std::string text(const QString& s) {
    return s.toStdString();
}

OrderedJson layersJson(const EnginePlan& plan, const std::vector<int>& layers) {
    OrderedJson list = OrderedJson::array();
    for (int index : layers) {
        const Layer& layer = plan.layers[std::size_t(index)];
        list.push_back({{"index", index},
                        {"name", text(layer.name)},
                        {"ms", optionalJson(layer.timing.average())}});
    }
    return list;
}

} // namespace

OrderedJson leadsJson(const EnginePlan& plan, const PlanLeads& leads) {
    OrderedJson list = OrderedJson::array();
    int rank = 0;
    for (const Lead& lead : leads.leads)
        list.push_back({{"rank", ++rank},
                        {"id", text(lead.id)},
                        {"title", text(lead.title)},
                        {"ms", optionalJson(lead.ms)},
                        {"percent", optionalJson(lead.percent)},
                        {"layer_count", lead.layers.size()},
                        {"unmeasured_layers", lead.unmeasured},
                        {"layers", layersJson(plan, lead.layers)},
                        {"evidence", text(lead.evidence)},
                        {"next_step", text(lead.nextStep)},
                        {"facts", lead.facts}});
    OrderedJson unjudged = OrderedJson::array();
    for (const UnjudgedLead& u : leads.unjudged)
        unjudged.push_back({{"id", text(u.id)}, {"needs", text(u.needs)}, {"how", text(u.how)}});
    return {{"plan", text(plan.name)},
            {"has_profile", plan.hasProfile},
            {"latency_ms", optionalJson(leads.latencyMs)},
            {"leads", list},
            {"not_judged", unjudged},
            {"notes", textListJson(leads.notes)},
            {"warnings", textListJson(plan.warnings)}};
}

} // namespace planscope
