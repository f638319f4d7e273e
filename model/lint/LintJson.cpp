#include "lint/LintJson.h"

namespace planscope {
OrderedJson findingJson(const LintFinding& f) {
    OrderedJson details = OrderedJson::object();
    for (const auto& [key, value] : f.details)
        details[key.toStdString()] = value.toStdString();
    return {
        {"rule", f.rule.toStdString()},       {"severity", severityName(f.severity).toStdString()},
        {"layer", f.layerName.toStdString()}, {"layer_index", f.layerIndex},
        {"hazard", f.hazard.toStdString()},   {"mitigation", f.mitigation.toStdString()},
        {"help", f.help.toStdString()},       {"details", details}};
}

OrderedJson findingsJson(const std::vector<LintFinding>& findings) {
    OrderedJson list = OrderedJson::array();
    for (const LintFinding& f : findings)
        list.push_back(findingJson(f));
    return {{"findings", list}};
}

} // namespace planscope
