#include "cli/CliSupport.h"
#include "cli/ModelOption.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "onnxmodel/WeightsJson.h"
#include "onnxread/OnnxModelReader.h"
#include "plan/FigureText.h"

namespace planscope {
namespace {

QString weightsText(const ModelWeights& weights, const EnginePlan& plan) {
    QString text;
    QTextStream s(&text);
    s << "Model: " << weights.model << " (graph "
      << (weights.graph.isEmpty() ? kMissingText : weights.graph) << ")\n"
      << "ONNX nodes: " << nodeCoverageText(weights) << "\n"
      << "Weights: " << paramCoverageText(weights) << "\n";
    s << "Nodes in no layer (" << weights.nodesWithoutLayer.size() << ")"
      << (weights.nodesWithoutLayer.empty() ? "\n" : ":\n");
    for (const NodeWithoutLayer& node : weights.nodesWithoutLayer)
        s << "  " << node.name << "  " << node.op << '\n';
    s << "\n"
      << qSetFieldWidth(5) << "#" << qSetFieldWidth(12) << "params" << qSetFieldWidth(10) << "dtype"
      << qSetFieldWidth(9) << "zero %" << qSetFieldWidth(9) << "2:4 %" << qSetFieldWidth(8)
      << "range" << qSetFieldWidth(0) << "  layer\n";
    for (const LayerWeights& layer : weights.layers) {
        const WeightFigures& f = layer.figures;
        QString flags;
        if (layer.sparse24Ready())
            flags += QStringLiteral("  [2:4-ready]");
        if (layer.hasOutlierChannel())
            flags += QStringLiteral("  [outlier channel]");
        s << qSetFieldWidth(5) << layer.layer << qSetFieldWidth(12) << layer.params
          << qSetFieldWidth(10) << (layer.dtype.isEmpty() ? kMissingText : layer.dtype)
          << qSetFieldWidth(9) << numberText(f.zeroPercent(), 1) << qSetFieldWidth(9)
          << numberText(f.sparse24Percent(), 1) << qSetFieldWidth(8)
          << numberText(f.channelRangeRatio(), 1) << qSetFieldWidth(0) << "  "
          << plan.layers[std::size_t(layer.layer)].name << flags << '\n';
    }
    return text;
}

} // namespace

int weightsCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "The ONNX model beside the engine: which of its nodes reached a layer, and each "
            "layer's weights (parameters, range, zeros, 2:4 sparsity, output-channel range)."));
        addPlanOptions(parser);
        addModelOption(parser, true);
        const OutputFormatOption output(parser, OutputFormatOption::JsonAndCsv);
        if (!parseArguments(parser, arguments))
            return 0;
        const OutputFormat format = output.format();
        std::optional<OnnxGraph> model = modelFromArguments(parser);
        if (!model)
            throw UsageError("weights needs --onnx MODEL");
        const EnginePlan& plan = loadPlanFromArguments(parser);
        requireMatchedModel(*model, plan);
        const ModelWeights weights = weighModel(plan, *model);
        if (model->wasCut())
            throw cutShort(model->file);
        if (format == OutputFormat::Json)
            out() << QString::fromStdString(weightsJson(weights, plan).dump(2)) << '\n';
        else if (format == OutputFormat::Csv)
            out() << QString::fromUtf8(weightsCsv(weights, plan));
        else
            out() << weightsText(weights, plan);
        return 0;
    });
}

} // namespace planscope
