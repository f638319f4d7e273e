#pragma once

#include "leads/Lead.h"
#include "plan/EnginePlan.h"
#include "roofline/Roofline.h"

namespace planscope {

// How the leads weigh layers: a layer's time is its profiled average, its share that of the
// engine's latency. The share is the profile's own percentage (the Layers table's share, and
// the figure NVIDIA's trt-perf-analysis skill ranks by) unless the profile's percentages add up
// to more than 100 % (a broken profile): then it is the average over the sum of averages.
// It also hands the finders the plan's roofline (the analysis's, made once per plan).
class LeadScale {
  public:
    LeadScale(const EnginePlan& plan, const Roofline& roofline);

    const EnginePlan& plan() const { return m_plan; }
    const Roofline& roofline() const { return m_roofline; }
    bool timed() const { return m_plan.hasProfile; }
    std::optional<double> latencyMs() const { return m_latencyMs; }
    bool sharesFromProfile() const { return m_sharesFromProfile; }
    double profileShareSum() const { return m_profileShareSum; }

    // Missing for a layer no profile record times.
    std::optional<double> share(const Layer& layer) const;

    // Keeps each of the lead's layers once, slowest first, and sets its time at stake and share
    // (missing when none of its layers is measured).
    void weigh(Lead& lead) const;

    // The share `ms` is of the latency, for figures that are not sums of whole layers.
    std::optional<double> shareOfLatency(double ms) const;

  private:
    const EnginePlan& m_plan;
    const Roofline& m_roofline;
    std::optional<double> m_latencyMs;
    double m_profileShareSum = 0;
    bool m_sharesFromProfile = true;
};

// "0.240 ms (45.7 %)", "-" without timings.
QString stakeText(std::optional<double> ms, std::optional<double> percent);
// ", 0.240 ms (45.7 %)" + `after`, or nothing without timings: a clause evidence drops when the
// plan has no per-layer timings.
QString stakeClause(std::optional<double> ms, std::optional<double> percent,
                    const QString& after = {});

// "`name`": a layer name as leads quote it, cut in the middle past 80 characters.
QString quotedLayer(const Layer& layer, qsizetype length = 80);

// The subject of a lead's title: `one` with the layer's name (quoted, cut in the middle past 60
// characters, so the title stays one line) when the lead has one layer, else `many` with the
// count where it has a %1: ("Reformat %1 converts", "%1 Reformats convert").
QString titleSubject(const EnginePlan& plan, const std::vector<int>& layers, const QString& one,
                     const QString& many);

// "3 Softmax, 1 Shuffle": how many layers of each type, most first.
QString typeCounts(const EnginePlan& plan, const std::vector<int>& layers);

} // namespace planscope
