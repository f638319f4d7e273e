#include "analysis/PlanAnalysis.h"
#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"
#include "plan/FigureText.h"
#include "roofline/Roofline.h"

#include <algorithm>
#include <set>

namespace planscope::charts {
namespace {

// A math class's name as the roofline's JSON writes it ("fp16_acc16"), and its precision's colour
// from the one palette.
QString classLabel(MathClass math) {
    return QString::fromLatin1(mathClassName(math));
}

Rgb classColor(MathClass math) {
    switch (math) {
    case MathClass::Fp32:
        return palette::precisionColor(QStringLiteral("FP32"));
    case MathClass::Tf32:
        return palette::precisionColor(QStringLiteral("TF32"));
    case MathClass::Fp16:
    case MathClass::Fp16Acc16:
        return palette::precisionColor(QStringLiteral("FP16"));
    case MathClass::Bf16:
        return palette::precisionColor(QStringLiteral("BF16"));
    case MathClass::Int8:
        return palette::precisionColor(QStringLiteral("INT8"));
    case MathClass::Fp8:
        return palette::precisionColor(QStringLiteral("FP8"));
    case MathClass::Fp4:
        return palette::precisionColor(QStringLiteral("FP4"));
    }
    return palette::unknownColor();
}

QString layerRooflineTooltip(const Layer& layer, const LayerRoofline& r) {
    QStringList extra{QStringLiteral("Math: %1%2")
                          .arg(classLabel(*r.math),
                               r.mathFromName ? QString() : QStringLiteral(" (not in its name)")),
                      QStringLiteral("Intensity: %1 FLOP/byte").arg(formatShort(*r.intensity)),
                      QStringLiteral("Achieved: %1 TFLOP/s").arg(formatShort(*r.achievedTflops))};
    if (r.solPercent)
        extra << QStringLiteral("Speed of light: %1 (%2-bound, %3 above)")
                     .arg(percentText(r.solPercent), QString::fromLatin1(boundName(*r.bound)),
                          millisecondsText(r.aboveSolMs, 4));
    if (!r.note.isEmpty())
        extra << r.note;
    return layerTooltip(layer, extra);
}

// The roof of one class: DRAM's slope up to the ridge, then the class's peak, across [lo, hi].
Curve roof(double peakTflops, double bandwidthGbs, double lo, double hi, Rgb color) {
    const double ridge = peakTflops * 1000 / bandwidthGbs; // FLOP/byte where the two meet
    Curve curve;
    curve.color = color;
    curve.points.emplace_back(std::min(lo, ridge), std::min(lo, ridge) * bandwidthGbs / 1000);
    curve.points.emplace_back(ridge, peakTflops);
    curve.points.emplace_back(std::max(hi, 2 * ridge), peakTflops); // the peak shows beyond it
    return curve;
}

// Each layer with FLOPs and a measured time at its arithmetic intensity and achieved TFLOP/s
// (log-log), sized by its time and coloured by its math class, under the roof of each class
// present on the device the files describe.
Chart rooflineChart(const PlanAnalysis& analysis) {
    const EnginePlan& plan = analysis.plan();
    const Roofline& roofline = analysis.roofline();
    Panel panel;
    panel.kind = PanelKind::Scatter;
    panel.logX = panel.logY = true;
    panel.xLabel = QStringLiteral("Arithmetic intensity (FLOP/byte)");
    panel.yLabel = QStringLiteral("Achieved TFLOP/s (int8: TOP/s)");
    std::set<MathClass> classes;
    double lo = 0;
    double hi = 0;
    for (std::size_t i = 0; i < roofline.size(); ++i) {
        const LayerRoofline r = roofline.layer(i);
        if (!r.intensity || !r.achievedTflops || !r.math || !r.ms || *r.intensity <= 0 ||
            *r.achievedTflops <= 0)
            continue;
        Mark mark;
        mark.x = *r.intensity;
        mark.y = *r.achievedTflops;
        mark.size = *r.ms;
        mark.color = classColor(*r.math);
        mark.layer = int(i);
        mark.key = classLabel(*r.math);
        mark.tooltip = layerRooflineTooltip(plan.layers[i], r);
        lo = panel.points.empty() ? mark.x : std::min(lo, mark.x);
        hi = panel.points.empty() ? mark.x : std::max(hi, mark.x);
        panel.points.push_back(std::move(mark));
        classes.insert(*r.math);
    }
    const std::optional<GpuDevice>& device = roofline.device;
    for (MathClass math : classes) {
        QString entry = classLabel(math);
        if (const std::optional<double> peak = device ? device->peakTflops(math) : std::nullopt) {
            panel.curves.push_back(
                roof(*peak, device->bandwidthGbs(), lo / 2, hi * 2, classColor(math)));
            entry += QStringLiteral(": %1 %2").arg(formatShort(*peak), rateUnit(math));
        }
        panel.legend.emplace_back(entry, classColor(math));
    }
    panel.title = device ? QStringLiteral("%1: %2 GB/s DRAM, dot size = time")
                               .arg(device->name, QString::number(device->bandwidthGbs(), 'f', 0))
                         : QStringLiteral("No GPU described in the files: no roofs "
                                          "(planscope roofline --gpu NAME gives them)");
    panel.emptyMessage = plan.hasProfile
                             ? QStringLiteral("No layer of this plan has both FLOPs (convolutions, "
                                              "matrix multiplies, attention) and a measured time.")
                             : noTimingsMessage();
    return singlePanel({}, {}, std::move(panel));
}

} // namespace

void addRooflineCharts(std::vector<ChartDefinition>& charts) {
    charts.push_back({QStringLiteral("roofline"), QStringLiteral("Performance"),
                      QStringLiteral("Roofline (speed of light)"), rooflineChart});
}

} // namespace planscope::charts
