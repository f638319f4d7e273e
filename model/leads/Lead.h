#pragma once

#include "plan/EngineMetadata.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace planscope {

struct EnginePlan;
class Roofline; // roofline/Roofline.h

// One thing to fix, with the time at stake: what the plan shows (evidence) and what to try
// (next step). See "Leads" in README.md for every id, its threshold and its next step.
struct Lead {
    QString id; // stable, e.g. "hot-layer"
    QString title;
    std::vector<int> layers;       // each once, slowest first (unmeasured ones last)
    std::optional<double> ms;      // the sum of its measured layers' average times
    std::optional<double> percent; // their share of the engine's latency
    // The finder set ms and percent to a part of its layers' time, what fixing them may save
    // (far-from-roof: their time above 80 % of their speed of light), not their whole time.
    bool partOfLayersTime = false;
    int unmeasured = 0; // layers of the lead no profile record times
    QString evidence;
    QString nextStep;
    OrderedJson facts = OrderedJson::object(); // the lead's own figures, e.g. the top five's total

    // A lead about the engine as a whole (latency-gap) has no layers: its time at stake, if any,
    // is its own, not its layers'.
    bool aboutTheEngine() const { return layers.empty(); }
};

// A lead that could not be judged on this plan, what it needs and how to get it.
struct UnjudgedLead {
    QString id;
    QString needs; // "per-layer timings", "a verbose build log"
    QString how;
};

struct PlanLeads {
    std::vector<Lead> leads; // ranked: most time at stake first; leads without a time last
    std::vector<UnjudgedLead> unjudged;
    std::optional<double> latencyMs; // the engine's latency the shares are of
    QStringList notes;               // how figures were made where it matters
};

// Every lead the plan shows, ranked by the time at stake; `roofline` is the plan's (its
// analysis's: PlanAnalysis::roofline), which the far-from-roof and hot-layer leads read.
PlanLeads findLeads(const EnginePlan& plan, const Roofline& roofline);
// The same on the device the plan's files describe, for code without an analysis (tests).
PlanLeads findLeads(const EnginePlan& plan);

} // namespace planscope
