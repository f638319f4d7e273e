#include "report/WeightsReport.h"

#include "onnxmodel/ModelWeights.h"
#include "plan/FigureText.h"

#include <QLocale>
#include <algorithm>

namespace planscope::report {
namespace {

constexpr std::size_t kListed = 40; // layers and nodes in no layer listed; the CLI lists all

Table layerTable(const ModelWeights& weights, const EnginePlan& plan) {
    Table table;
    table.columns = {{QStringLiteral("Layer"), false, true},
                     {QStringLiteral("Params"), true},
                     {QStringLiteral("Type")},
                     {QStringLiteral("Zeros"), true},
                     {QStringLiteral("2:4 groups"), true},
                     {QStringLiteral("Range ratio"), true},
                     {QStringLiteral("Note"), false, true}};
    for (const LayerWeights& w : weights.layers) {
        if (w.params == 0)
            continue; // a pooling or activation layer: nothing to weigh
        if (table.rows.size() == kListed)
            break;
        QStringList notes;
        if (w.sparse24Ready())
            notes << QStringLiteral("2:4-ready");
        if (w.hasOutlierChannel())
            notes << QStringLiteral("outlier channel");
        const WeightFigures& f = w.figures;
        table.rows.push_back(
            {{QStringLiteral("%1: %2").arg(w.layer).arg(plan.layers[std::size_t(w.layer)].name),
              {}},
             {QLocale().toString(w.params), {}},
             {w.dtype.isEmpty() ? kMissingText : w.dtype, {}},
             {percentText(f.zeroPercent()), {}},
             {percentText(f.sparse24Percent()), {}},
             {numberText(f.channelRangeRatio(), 1), {}},
             {notes.join(QStringLiteral(", ")), {}}});
    }
    return table;
}

} // namespace

void addWeights(Report& report, const PlanAnalysis& analysis) {
    const ModelWeights* weights = analysis.modelWeights().get();
    if (!weights)
        return;
    Section& section = report.addSection(QStringLiteral("weights"), QStringLiteral("Weights"));
    section.blocks.emplace_back(Paragraph{
        QStringLiteral("The ONNX model the engine was built from, beside it; 'planscope weights "
                       "PLAN --onnx MODEL' lists every layer.")});
    section.blocks.emplace_back(keyValueTable(
        {{QStringLiteral("Model"),
          QStringLiteral("%1 (graph %2)")
              .arg(weights->model, weights->graph.isEmpty() ? kMissingText : weights->graph)},
         {QStringLiteral("ONNX nodes"), nodeCoverageText(*weights)},
         {QStringLiteral("Weights"), paramCoverageText(*weights)},
         {QStringLiteral("Nodes in no layer"), nodesWithoutLayerText(*weights)}}));
    Table table = layerTable(*weights, analysis.plan());
    const std::size_t weighed = std::count_if(weights->layers.begin(), weights->layers.end(),
                                              [](const LayerWeights& w) { return w.params > 0; });
    if (table.rows.empty()) {
        section.blocks.emplace_back(
            Paragraph{QStringLiteral("No layer reads a weight of the model.")});
        return;
    }
    section.blocks.emplace_back(std::move(table));
    if (weighed > kListed)
        section.blocks.emplace_back(Paragraph{
            QStringLiteral("... and %1 more layers with weights.").arg(weighed - kListed), true});
}

} // namespace planscope::report
