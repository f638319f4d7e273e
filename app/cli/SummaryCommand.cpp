#include "cli/CliSupport.h"
#include "cli/ModelWeightsOption.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "cli/SummaryText.h"
#include "metrics/PlanJson.h"
#include "onnxmodel/WeightsJson.h"
#include "plan/FigureText.h"

namespace planscope {
namespace {

// With --onnx: which of the model's nodes and weights reached a layer.
QString modelText(const ModelWeights& weights) {
    return QStringLiteral("ONNX model: %1 (graph %2)\n\tNodes: %3\n\tNodes in no layer: %4\n"
                          "\tWeights: %5\n")
        .arg(weights.model, weights.graph.isEmpty() ? kMissingText : weights.graph,
             nodeCoverageText(weights), nodesWithoutLayerText(weights), paramCoverageText(weights));
}

} // namespace

int summaryCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Summarize an engine plan."));
        addPlanOptions(parser);
        addModelWeightsOption(parser);
        const OutputFormatOption output(parser, OutputFormatOption::JsonOnly);
        if (!parseArguments(parser, arguments))
            return 0;
        const EnginePlan& plan = loadPlanFromArguments(parser);
        const std::shared_ptr<const ModelWeights> weights = modelWeightsFromArguments(parser, plan);
        if (output.format() == OutputFormat::Json) {
            OrderedJson json = summaryJson(plan);
            if (weights) {
                json["onnx_model"] = coverageJson(*weights);
                json["onnx_model"]["nodes_without_layer"] = weights->nodesWithoutLayer.size();
            }
            out() << QString::fromStdString(json.dump(2)) << '\n';
        } else {
            out() << summaryText(plan);
            if (weights)
                out() << modelText(*weights);
        }
        return 0;
    });
}

} // namespace planscope
