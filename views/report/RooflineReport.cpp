#include "report/RooflineReport.h"

#include "plan/FigureText.h"
#include "roofline/Roofline.h"
#include "roofline/RooflineTotalText.h"

#include <algorithm>

namespace planscope::report {
namespace {

constexpr std::size_t kFurthest = 10;

// The layers with the most time above their speed of light, most first: a running top ten, not a
// figure kept for every layer.
std::vector<std::pair<double, std::size_t>> furthestLayers(const Roofline& roofline) {
    std::vector<std::pair<double, std::size_t>> top;
    const auto more = [](const auto& a, const auto& b) { return a.first > b.first; };
    for (std::size_t i = 0; i < roofline.size(); ++i) {
        const std::optional<double> above = roofline.layer(i).aboveSolMs;
        if (!above || (top.size() == kFurthest && *above <= top.back().first))
            continue;
        top.emplace_back(*above, i);
        std::stable_sort(top.begin(), top.end(), more);
        if (top.size() > kFurthest)
            top.pop_back();
    }
    return top;
}

QString deviceText(const GpuDevice& gpu) {
    QStringList peaks;
    for (MathClass math : kMathClasses)
        if (const auto peak = gpu.peakTflops(math))
            peaks << QStringLiteral("%1 %2").arg(QLatin1String(mathClassName(math)),
                                                 QString::number(*peak, 'f', 1));
    return QStringLiteral("On the %1 (%2; compute capability %3, %4 SMs at %5 GHz): DRAM %6 GB/s; "
                          "peaks in TFLOP/s (int8: TOP/s): %7.")
        .arg(gpu.name,
             gpu.source == DeviceSource::Files ? QStringLiteral("from the plan's files")
                                               : QStringLiteral("chosen from the built-in table"),
             gpu.computeCapability(), QString::number(gpu.sms),
             QString::number(gpu.clockGhz, 'f', 3), QString::number(gpu.bandwidthGbs(), 'f', 1),
             peaks.join(QStringLiteral(", ")));
}

} // namespace

void addSpeedOfLight(Report& report, const PlanAnalysis& analysis) {
    const EnginePlan& plan = analysis.plan();
    const Roofline& roofline = analysis.roofline();
    Section& section =
        report.addSection(QStringLiteral("speed-of-light"), QStringLiteral("Speed of light"), 2);
    section.blocks.emplace_back(
        keyValueTable({{QStringLiteral("GFLOPs"), gigaflopsText(roofline.total)},
                       {QStringLiteral("Parameters"), parametersText(roofline.total)},
                       {QStringLiteral("Speed of light"),
                        roofline.device ? speedOfLightText(roofline.total) : kMissingText}}));
    if (!roofline.device) {
        section.blocks.emplace_back(Paragraph{
            QStringLiteral("The files describe no GPU, so no layer has a speed of light: "
                           "planscope roofline --gpu NAME judges them on a GPU of the built-in "
                           "table, as the window's GPU chooser does."),
            true});
        return;
    }
    section.blocks.emplace_back(Paragraph{deviceText(*roofline.device)});
    const auto furthest = furthestLayers(roofline);
    if (furthest.empty())
        return;
    section.blocks.emplace_back(
        Paragraph{QStringLiteral("The %1 layers with the most time above their speed of light "
                                 "(max(FLOPs / peak, bytes / bandwidth)):")
                      .arg(furthest.size())});
    Table table;
    table.columns = {{QStringLiteral("Layer"), false, true}, {QStringLiteral("Above"), true},
                     {QStringLiteral("Time"), true},         {QStringLiteral("SOL"), true},
                     {QStringLiteral("SOL %"), true},        {QStringLiteral("Bound"), false},
                     {QStringLiteral("Math"), false}};
    for (const auto& [above, index] : furthest) {
        const LayerRoofline r = roofline.layer(index);
        table.rows.push_back(
            {{plan.layers[index].name, {}},
             {millisecondsText(above, 4), {}},
             {millisecondsText(r.ms, 4), {}},
             {millisecondsText(r.solMs, 4), {}},
             {percentText(r.solPercent), {}},
             {r.bound ? QString::fromLatin1(boundName(*r.bound)) : kMissingText, {}},
             {r.math ? QString::fromLatin1(mathClassName(*r.math)) : kMissingText, {}}});
    }
    section.blocks.emplace_back(std::move(table));
}

} // namespace planscope::report
