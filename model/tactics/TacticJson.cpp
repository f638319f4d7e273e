#include "tactics/TacticJson.h"

#include "json/JsonValues.h"

#include <cmath>

namespace planscope {
namespace {

OrderedJson text(const QString& value) {
    return value.toStdString();
}

OrderedJson milliseconds(double value) {
    return std::isfinite(value) ? OrderedJson(value) : OrderedJson();
}

template <class T> OrderedJson optionalNumber(const std::optional<T>& value) {
    return value ? OrderedJson(*value) : OrderedJson();
}

OrderedJson formatOf(const TacticSubject& subject, int format) {
    return format >= 0 ? text(subject.formats[format]) : OrderedJson();
}

OrderedJson cachedJson(const std::vector<CachedTactic>& cached) {
    OrderedJson list = OrderedJson::array();
    for (const CachedTactic& c : cached)
        list.push_back({{"format", text(c.format)},
                        {"runner", text(c.runner)},
                        {"tactic", text(tacticText(c.tactic))},
                        {"time_ms", milliseconds(c.timeMs)},
                        {"build", c.build}});
    return list;
}

OrderedJson subjectJson(const TacticLog& log, const TacticSubject& s) {
    OrderedJson timings = OrderedJson::array();
    for (const TacticTiming& t : s.timings)
        timings.push_back({{"format", formatOf(s, t.format)},
                           {"runner", text(t.runner)},
                           {"tactic", text(tacticText(t.tactic))},
                           {"tactic_name", optionalText(t.tacticName)},
                           {"time_ms", milliseconds(t.timeMs)},
                           {"build", t.build}});
    OrderedJson skipped = OrderedJson::array();
    for (const SkippedRunner& r : s.skipped)
        skipped.push_back(
            {{"runner", text(r.runner)}, {"reason", text(r.reason)}, {"build", r.build}});
    OrderedJson chosen = OrderedJson::array();
    for (const TacticChoice& c : s.chosen)
        chosen.push_back({{"format", formatOf(s, c.format)},
                          {"runner", text(c.runner)},
                          {"tactic", text(tacticText(c.tactic))},
                          {"build", c.build}});
    const TacticSummary summary = summarizeSubject(log, s);
    return {{"name", text(s.name)},
            {"layer", optionalText(s.layer)},
            {"timings", std::move(timings)},
            {"skipped", std::move(skipped)},
            {"chosen", std::move(chosen)},
            {"cached", cachedJson(s.cached)},
            {"autotune_s", optionalNumber(s.autotuneSeconds)},
            {"fastest_ms", summary.fastest ? milliseconds(summary.fastest->timeMs) : OrderedJson()},
            {"fastest_tactic",
             summary.fastest ? text(tacticText(summary.fastest->tactic)) : OrderedJson()},
            {"engine_tactic",
             summary.chosen ? text(tacticText(summary.chosen->tactic)) : OrderedJson()},
            {"chosen_ms", optionalNumber(summary.chosenMs)}};
}

OrderedJson buildJson(const BuildPass& b) {
    OrderedJson memory = OrderedJson::object();
    for (const auto& [name, bytes] : b.memoryBytes)
        memory[name.toStdString()] = bytes;
    return {{"strategy", b.strategy >= 0 ? OrderedJson(b.strategy) : OrderedJson()},
            {"tactic_selection_s", optionalNumber(b.tacticSelectionSeconds)},
            {"engine_generation_s", optionalNumber(b.engineGenerationSeconds)},
            {"memory_bytes", std::move(memory)},
            {"kept", b.kept}};
}

} // namespace

OrderedJson tacticLogJson(const TacticLog& log) {
    OrderedJson subjects = OrderedJson::array();
    for (const TacticSubject& s : log.subjects)
        subjects.push_back(subjectJson(log, s));
    OrderedJson cachedOnly = OrderedJson::array();
    for (const TacticSubject& s : log.cachedOnly)
        cachedOnly.push_back({{"name", text(s.name)}, {"cached", cachedJson(s.cached)}});
    OrderedJson builds = OrderedJson::array();
    for (const BuildPass& b : log.builds)
        builds.push_back(buildJson(b));
    return {{"log", text(log.path)},
            {"tensorrt_version", optionalText(log.tensorrtVersion)},
            {"timing_count", log.timingCount()},
            {"subjects", std::move(subjects)},
            {"cached_only", std::move(cachedOnly)},
            {"builds", std::move(builds)},
            {"build_s", optionalNumber(log.buildSeconds)}};
}

} // namespace planscope
