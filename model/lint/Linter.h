#pragma once

#include "lint/LintFinding.h"
#include "lint/LintSettings.h"
#include "plan/EnginePlan.h"

#include <QStringList>
#include <algorithm>
#include <memory>
#include <vector>

namespace planscope {

class Linter {
  public:
    virtual ~Linter() = default;
    virtual QStringList rules() const = 0;
    virtual void lint(const EnginePlan& plan, const LintSettings& settings,
                      std::vector<LintFinding>& findings) const = 0;
};

// Every finding of the rules `settings` runs, linter by linter, each in engine order (or in the
// order a rule documents, such as slowest first).
std::vector<LintFinding> lintPlan(const EnginePlan& plan, const LintSettings& settings = {});
// Whether a rule has anything to read: not in a plan that lists layer names only, nor in a run
// without layers. There, no finding is no verdict.
bool lintCanRun(const EnginePlan& plan);

// "0.0369 ms (3.4 %)": a layer's average latency and share, as findings detail it.
QString latencyText(const Layer& layer);

// Calls `visit` with each layer `settings` covers, in plan order: only those when some are asked
// for (an export of part of a large plan asks for a few dozen), without walking the rest. That
// needs layer i to have index i, as the loader numbers them (a plan read from files has facts);
// a plan put together otherwise is walked whole.
template <class Visit>
void forEachCoveredLayer(const EnginePlan& plan, const LintSettings& settings, Visit&& visit) {
    if (settings.onlyLayers && plan.facts) {
        std::vector<int> covered; // those naming a layer (graph nodes of no layer give -1)
        for (int i : *settings.onlyLayers)
            if (i >= 0 && static_cast<std::size_t>(i) < plan.layers.size())
                covered.push_back(i);
        std::sort(covered.begin(), covered.end());
        const auto numbered = [&](int i) {
            return plan.layers[static_cast<std::size_t>(i)].index == i;
        };
        if (std::all_of(covered.begin(), covered.end(), numbered)) {
            for (int i : covered)
                visit(plan.layers[static_cast<std::size_t>(i)]);
            return;
        }
    }
    for (const Layer& layer : plan.layers)
        if (settings.covers(layer.index))
            visit(layer);
}

// A finding of `rule` on `layer`, to be completed with hazard, mitigation and help.
LintFinding findingOn(const Layer& layer, const QString& rule,
                      Severity severity = Severity::Warning);

} // namespace planscope
