#include "check/CheckLayers.h"
#include "check/CheckSteps.h"
#include "io/LayerNames.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"

#include <QHash>
#include <cmath>

namespace planscope {
namespace {

const QString kExportBoth = QStringLiteral(
    "Export them from runs of this engine: trtexec --loadEngine=ENGINE --separateProfileRun "
    "--exportProfile=PREFIX.profile.json --exportTimes=PREFIX.timing.json (planscope profile "
    "runs it and keeps the log for the performance summary).");

struct Inputs {
    const EnginePlan& plan;
    const CheckFigures& figures;
    QString profile; // the profile's path, empty without one
    QString profileName() const { return displayName(profile); }

    // The file the performance summary came from: the profile metadata, else the logs.
    QStringList summaryFiles() const {
        return plan.sources.profileMetadata.isEmpty() ? plan.sources.logs
                                                      : QStringList{plan.sources.profileMetadata};
    }
};

void countHeader(const Inputs& in, std::vector<CheckResult>& results, bool& reported) {
    const auto& f = in.figures;
    if (!f.countHeader || !f.medianRatio)
        return;
    const long long header = *f.countHeader;
    const long long median = std::llround(*f.medianRatio);
    if (std::llabs(median - header) <=
        std::max(1LL, static_cast<long long>(checks::kCountHeaderTolerance *
                                             static_cast<double>(header))))
        return;
    reported = true;
    CheckResult r{checks::kCountHeader, {in.profile}};
    r.message = QStringLiteral("The header of %1 says {\"count\": %2}, but its records' timeMs / "
                               "averageMs say %3 iterations (the median of %4). PlanScope shows "
                               "%2 as the profiled iterations.")
                    .arg(in.profileName())
                    .arg(header)
                    .arg(median)
                    .arg(countText(f.records, QStringLiteral("record")));
    r.fix = QStringLiteral("Re-export the profile from one run of this engine (trtexec "
                           "--exportProfile): a header edited or taken from another run "
                           "misstates what the averages cover.");
    r.details = {{"header", header}, {"median_ratio", *f.medianRatio}};
    results.push_back(std::move(r));
}

// Records whose timeMs / averageMs is far from the others': one of the two numbers is wrong.
void recordRatios(const Inputs& in, std::vector<CheckResult>& results) {
    if (!in.figures.medianRatio)
        return;
    const double count = static_cast<double>(std::llround(*in.figures.medianRatio));
    if (count <= 0)
        return;
    const double tolerance = std::max(checks::kRatioTolerance * count, 0.5);
    const auto& records = in.plan.facts->profile->records;
    std::vector<std::size_t> off;
    for (std::size_t i = 0; i < records.size(); ++i)
        if (!(records[i].absent & (TimeField | AverageField)) && records[i].averageMs > 0 &&
            std::abs(records[i].totalMs / records[i].averageMs - count) > tolerance)
            off.push_back(i);
    if (off.empty())
        return;
    QHash<QString, const GraphEntry*> entries;
    for (const GraphEntry& e : in.plan.facts->graph)
        if (!entries.contains(e.name)) // the first layer of a repeated name
            entries.insert(e.name, &e);
    CheckResult r{checks::kRecordRatios, {in.profile}};
    QStringList names;
    OrderedJson listed = OrderedJson::array();
    for (const std::size_t i : off) {
        const ProfileRecord& record = records[i];
        const QString name = replaceRecordSeparators(record.name);
        names << name;
        if (const GraphEntry* e = entries.value(name))
            r.layers.push_back(entryLayer(in.plan, *e));
        listed.push_back({{"name", name.toStdString()},
                          {"time_ms", record.totalMs},
                          {"average_ms", record.averageMs},
                          {"ratio", record.totalMs / record.averageMs}});
    }
    const bool one = names.size() == 1;
    r.message = QStringLiteral("%1 of %2 %3 with the others on the iterations timed (timeMs / "
                               "averageMs is %4 for most records): %5. %6 timeMs or averageMs is "
                               "wrong.")
                    .arg(countText(names.size(), QStringLiteral("record")), in.profileName(),
                         one ? QStringLiteral("disagrees") : QStringLiteral("disagree"),
                         QString::number(count, 'f', 0), namesText(names),
                         one ? QStringLiteral("Its") : QStringLiteral("Their"));
    r.fix = QStringLiteral("Re-export the profile from one run of this engine (trtexec "
                           "--exportProfile); an edited record shows here.");
    r.details["iterations"] = count;
    r.details["records"] = listed;
    results.push_back(std::move(r));
}

void percentSum(const Inputs& in, std::vector<CheckResult>& results) {
    const auto sum = in.figures.totalPercent;
    if (!sum || std::abs(*sum - 100.0) <= checks::kPercentTolerance)
        return;
    CheckResult r{checks::kPercentSum, {in.profile}};
    r.message =
        QStringLiteral("The percentages of %1 sum to %2, not 100 %: %3")
            .arg(in.profileName(), percentText(sum, 2),
                 *sum > 100.0 ? QStringLiteral("every layer's share (the file's percentage, as "
                                               "PlanScope and trex show it) is overstated.")
                              : QStringLiteral("records are missing, or every layer's share (the "
                                               "file's percentage) is understated."));
    r.fix = QStringLiteral("Re-export the profile from one run of this engine (trtexec "
                           "--exportProfile); its percentages sum to 100.");
    r.details = {{"sum", *sum}};
    results.push_back(std::move(r));
}

// Sum timeMs against sum averageMs x iterations, as NVIDIA's skill compares them.
void totalTime(const Inputs& in, std::vector<CheckResult>& results) {
    const auto& f = in.figures;
    const auto iterations = f.iterations();
    if (!iterations || !f.totalTimeMs || !f.totalAverageMs || *f.totalAverageMs <= 0)
        return;
    const double expected = *f.totalAverageMs * static_cast<double>(*iterations);
    const double time = *f.totalTimeMs;
    if (std::abs(expected - time) <=
        std::max(0.01, checks::kTotalTimeTolerance * std::max(time, expected)))
        return;
    CheckResult r{checks::kTotalTime, {in.profile}};
    r.message = QStringLiteral("The timeMs of %1 sum to %2, but its averages times its %3 "
                               "iterations make %4: the totals and the averages do not describe "
                               "the same run.")
                    .arg(in.profileName(), millisecondsText(time, 3))
                    .arg(*iterations)
                    .arg(millisecondsText(expected, 3));
    r.fix = QStringLiteral("Re-export the profile from one run of this engine (trtexec "
                           "--exportProfile).");
    r.details = {{"total_time_ms", time},
                 {"total_average_ms", *f.totalAverageMs},
                 {"iterations", *iterations},
                 {"expected_ms", expected}};
    results.push_back(std::move(r));
}

// A run's mean latency against the per-layer averages' sum.
void runAgainstProfile(const Inputs& in, const CheckKind& kind, const QStringList& files,
                       const QString& what, std::optional<double> runMs,
                       std::vector<CheckResult>& results) {
    const auto profileMs = in.figures.totalAverageMs;
    if (!runMs || !profileMs || *profileMs <= 0 || *runMs <= 0)
        return;
    const double factor = *runMs / *profileMs;
    if (factor >= 1 / checks::kRunFactor && factor <= checks::kRunFactor)
        return;
    CheckResult r{kind, files};
    r.message = QStringLiteral("%1 %2 on average, while the per-layer averages of %3 add up to "
                               "%4: %5 times as long. Profiling each layer adds a little time, "
                               "not this much: the files come from different engines, batch "
                               "sizes or GPUs.")
                    .arg(what, millisecondsText(runMs, 4), in.profileName(),
                         millisecondsText(profileMs, 4), QString::number(factor, 'f', 2));
    r.fix = kExportBoth;
    r.details = {{"run_ms", *runMs}, {"profile_ms", *profileMs}, {"factor", factor}};
    results.push_back(std::move(r));
}

// The timing JSON and the performance summary describe the same run.
void timingAgainstSummary(const Inputs& in, std::vector<CheckResult>& results) {
    const auto timing = in.figures.timingMeanMs;
    const auto summary = in.figures.latencyMeanMs;
    if (!timing || !summary || *summary <= 0)
        return;
    const double apart = std::abs(*timing - *summary) / std::max(*timing, *summary);
    if (apart <= checks::kSameRunTolerance)
        return;
    CheckResult r{checks::kTimingVsMetadata,
                  QStringList{in.plan.sources.timing} + in.summaryFiles()};
    r.message = QStringLiteral("The iterations of %1 took %2 on average, the performance "
                               "summary's Latency mean is %3 (%4 apart): they come from "
                               "different runs.")
                    .arg(displayName(in.plan.sources.timing), millisecondsText(timing, 4),
                         millisecondsText(summary, 4), percentText(100 * apart, 0));
    r.fix = kExportBoth;
    r.details = {{"timing_mean_ms", *timing}, {"latency_mean_ms", *summary}};
    results.push_back(std::move(r));
}

} // namespace

void checkProfileNumbers(const EnginePlan& plan, const CheckFigures& figures, bool ownProfile,
                         std::vector<CheckResult>& results) {
    const bool profiled = ownProfile && plan.facts && plan.facts->profile;
    const Inputs in{plan, figures, profiled ? plan.facts->profilePath : QString()};
    if (profiled) {
        bool headerReported = false;
        countHeader(in, results, headerReported);
        recordRatios(in, results);
        percentSum(in, results);
        if (!headerReported) // a wrong header puts the totals out too: said once
            totalTime(in, results);
        runAgainstProfile(
            in, checks::kTimingVsProfile, {plan.sources.timing, in.profile},
            QStringLiteral("The iterations of %1 took").arg(displayName(plan.sources.timing)),
            figures.timingMeanMs, results);
        runAgainstProfile(
            in, checks::kMetadataVsProfile, in.summaryFiles() + QStringList{in.profile},
            QStringLiteral("The performance summary's GPU Compute Time is"),
            figures.gpuComputeMeanMs ? figures.gpuComputeMeanMs : figures.gpuComputeMedianMs,
            results);
    }
    timingAgainstSummary(in, results);
}

} // namespace planscope
