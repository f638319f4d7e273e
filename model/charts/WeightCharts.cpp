#include "analysis/PlanAnalysis.h"
#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"
#include "onnxmodel/ModelWeights.h"
#include "plan/FigureText.h"

namespace planscope::charts {
namespace {

// Without the ONNX model there are no weights to chart: the panel says where to give it.
const QString kNoModel = QStringLiteral(
    "The plan holds no weight values: open the ONNX model the engine was built from (File > Open "
    "Model, or --onnx MODEL) to chart its weights.");

using WeightFigure = std::function<std::optional<double>(const LayerWeights&)>;
using WeightFlag = bool (LayerWeights::*)() const;

// One bar per layer whose weights give the figure, coloured by the flag the figure sets
// (`flagged` names those that have it, `plain` the others; `flagIsBad` colours them so), with a
// line at the flag's threshold.
Chart weightBars(const PlanAnalysis& analysis, const WeightFigure& figure,
                 const QString& valueLabel, WeightFlag flag, double threshold,
                 const QString& flagged, const QString& plain, bool flagIsBad) {
    const ModelWeights* weights = analysis.modelWeights().get();
    const auto weightsOf = [weights](const Layer& layer) {
        return weights ? weights->forLayer(layer.index) : nullptr;
    };
    const LayerValue value = [&](const Layer& layer) -> std::optional<double> {
        const LayerWeights* w = weightsOf(layer);
        return w ? figure(*w) : std::nullopt;
    };
    const Rgb good = palette::qualitativeColor(2);
    const Rgb bad = palette::qualitativeColor(3);
    const LayerKey key = [&](const Layer& layer) {
        return (weightsOf(layer)->*flag)() ? flagged : plain;
    };
    const KeyColor color = [&](const QString& k) {
        return (k == flagged) == flagIsBad ? bad : good;
    };
    Panel panel = perLayerBars(allLayers(analysis.plan()), value, valueLabel, key, color);
    panel.lines.push_back({threshold, numberText(threshold, 0), bad});
    panel.emptyMessage =
        !weights ? kNoModel
                 : QStringLiteral("No layer's weights in %1 give this figure.").arg(weights->model);
    return singlePanel({}, {}, std::move(panel));
}

// 2:4 readiness: the share of groups of four along the input channels with two zeros; 100 % is
// ready for sparse Tensor Cores.
Chart sparseReadinessChart(const PlanAnalysis& analysis) {
    return weightBars(
        analysis, [](const LayerWeights& w) { return w.figures.sparse24Percent(); },
        QStringLiteral("2:4 groups (%)"), &LayerWeights::sparse24Ready, 100,
        QStringLiteral("2:4-ready"), QStringLiteral("not 2:4-ready"), false);
}

// Each layer's largest output channel's largest |w| over the median channel's: above
// kOutlierChannelRatio an INT8 or FP8 scale loses the other channels to one.
Chart channelRangeChart(const PlanAnalysis& analysis) {
    return weightBars(
        analysis, [](const LayerWeights& w) { return w.figures.channelRangeRatio(); },
        QStringLiteral("Largest / median channel max |w|"), &LayerWeights::hasOutlierChannel,
        kOutlierChannelRatio, QStringLiteral("outlier (above %1)").arg(kOutlierChannelRatio),
        QStringLiteral("channels alike"), true);
}

} // namespace

void addWeightCharts(std::vector<ChartDefinition>& charts) {
    charts.push_back({QStringLiteral("sparsity-readiness"), QStringLiteral("Weights"),
                      QStringLiteral("2:4 readiness per layer"), sparseReadinessChart});
    charts.push_back({QStringLiteral("channel-range"), QStringLiteral("Weights"),
                      QStringLiteral("Channel range per layer"), channelRangeChart});
}

} // namespace planscope::charts
