#include "accuracy/AccuracyLogReader.h"
#include "cli/CliSupport.h"
#include "cli/ModelOption.h"
#include "cli/PlanOptions.h"
#include "overlay/NodeOverlay.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"
#include "plan/PlanError.h"

#include <QFile>

namespace planscope {

int exportOverlayCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "TensorRT's figures on the ONNX model's nodes, as Model Explorer's node data "
            "(model-explorer MODEL.onnx --node_data_paths=FILE.json)."));
        addPlanOptions(parser);
        addModelOption(parser, false);
        parser.addOptions({{QStringLiteral("metric"),
                            QStringLiteral("What each node shows: %1.")
                                .arg(overlayMetricNames().join(QStringLiteral(", "))),
                            QStringLiteral("METRIC")},
                           {QStringLiteral("accuracy"),
                            QStringLiteral("The polygraphy run log the accuracy metric reads."),
                            QStringLiteral("LOG")},
                           {{QStringLiteral("o"), QStringLiteral("output")},
                            QStringLiteral("Write the JSON to FILE (default: standard output)."),
                            QStringLiteral("FILE")}});
        if (!parseArguments(parser, arguments))
            return 0;
        const QString word = parser.value(QStringLiteral("metric"));
        const std::optional<OverlayMetric> metric = overlayMetricNamed(word);
        if (!metric)
            throw UsageError(
                QStringLiteral("--metric takes one of %1%2")
                    .arg(overlayMetricNames().join(QStringLiteral(", ")),
                         word.isEmpty() ? QString() : QStringLiteral(", not '%1'").arg(word))
                    .toStdString());
        const std::optional<OnnxGraph> model = modelFromArguments(parser);
        const EnginePlan& plan = loadPlanFromArguments(parser);
        std::optional<AccuracyLog> accuracy;
        if (parser.isSet(QStringLiteral("accuracy")))
            accuracy = readAccuracyLog(parser.value(QStringLiteral("accuracy")));
        const OverlaySources sources{&plan, model ? &*model : nullptr,
                                     accuracy ? &*accuracy : nullptr};
        if (model)
            requireMatchedModel(*model, plan);
        const NodeValues values = overlayValues(sources, *metric);
        if (values.nodes.empty())
            throw PlanError(QStringLiteral("no layer of %1 names an ONNX node (by Metadata or a "
                                           "name holding '/'): give the model with --onnx, or "
                                           "build the engine with --profilingVerbosity=detailed")
                                .arg(plan.name));
        if (values.unplacedMs > 0)
            err() << "planscope: " << millisecondsText(values.unplacedMs)
                  << " of the plan's time is on no node: its layers name no ONNX node and "
                     "connect to none that does"
                  << Qt::endl;
        const QByteArray json =
            QByteArray::fromStdString(
                nodeDataJson(values, *metric,
                             model ? std::optional(model->graphName) : std::nullopt)
                    .dump(2)) +
            '\n';
        if (!parser.isSet(QStringLiteral("output"))) {
            out() << QString::fromUtf8(json);
            return 0;
        }
        const QString path = parser.value(QStringLiteral("output"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            file.write(json) != json.size())
            throw PlanError(QStringLiteral("cannot write %1: %2: choose a writable path with -o")
                                .arg(displayName(path), file.errorString()));
        return 0;
    });
}

} // namespace planscope
