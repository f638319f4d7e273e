#include "cli/CliSupport.h"
#include "cli/ModelWeightsOption.h"
#include "cli/PlanOptions.h"
#include "graphview/GraphExport.h"
#include "graphview/GraphFormat.h"
#include "graphview/GraphLayout.h"
#include "graphview/GraphPainter.h"
#include "modules/ModuleGraph.h"
#include "onnxexport/OnnxExport.h"
#include "plan/PlanError.h"

#include <QRegularExpression>
#include <future>

namespace planscope {
namespace {

GraphStyle styleFrom(const QCommandLineParser& parser) {
    GraphStyle style;
    const QString color = parser.value(QStringLiteral("color"));
    if (color != QLatin1String("type") && color != QLatin1String("precision") &&
        color != QLatin1String("sparsity"))
        throw UsageError("--color is type, precision or sparsity");
    style.color = color == QLatin1String("precision")  ? GraphStyle::Color::Precision
                  : color == QLatin1String("sparsity") ? GraphStyle::Color::Sparsity
                                                       : GraphStyle::Color::Type;
    const QString detail = parser.value(QStringLiteral("detail"));
    if (detail == QLatin1String("minimal"))
        style.detail = GraphStyle::Detail::Minimal;
    else if (detail == QLatin1String("detailed"))
        style.detail = GraphStyle::Detail::Detailed;
    else if (detail != QLatin1String("standard"))
        throw UsageError("--detail is minimal, standard or detailed");
    return style;
}

// The model's modules down to --depth, the --open ones opened (README.md, "Time by module").
PlanGraph moduleGraphOf(const QCommandLineParser& parser, const PlanAnalysis& analysis) {
    const EnginePlan& plan = analysis.plan();
    bool ok = false;
    const int depth = parser.value(QStringLiteral("depth")).toInt(&ok);
    if (!ok || depth < 1)
        throw UsageError("--depth takes a number from 1");
    const ModuleTree& tree = *analysis.modules();
    ModuleGraphView view{depth, {}, {}};
    for (const QString& path : parser.values(QStringLiteral("open"))) {
        const int module = tree.find(path);
        if (module <= 0)
            throw PlanError(QStringLiteral("%1: no module has the path '%2'. 'planscope modules' "
                                           "lists them.")
                                .arg(plan.name, path));
        for (int m : tree.ancestry(module)) // the modules on the way opened too
            if (m > 0 && !view.isOpen(tree, m))
                view.toggle(tree, m);
    }
    return moduleGraph(plan, tree, view);
}

// The whole graph, a neighbourhood (--around, --radius), the layers matching --query, or the
// modules (--modules).
PlanGraph selectGraph(const QCommandLineParser& parser, const PlanAnalysis& analysis,
                      const GraphOptions& options) {
    const EnginePlan& plan = analysis.plan();
    if (parser.isSet(QStringLiteral("modules")))
        return moduleGraphOf(parser, analysis);
    if (parser.isSet(QStringLiteral("open")) || parser.isSet(QStringLiteral("depth")))
        throw UsageError("--depth and --open go with --modules");
    if (parser.isSet(QStringLiteral("around"))) {
        const QString name = parser.value(QStringLiteral("around"));
        const Layer* layer = plan.findLayer(name);
        bool isIndex = false;
        const int index = name.toInt(&isIndex);
        if (!layer && isIndex && index >= 0 && index < static_cast<int>(plan.layers.size()))
            layer = &plan.layers[static_cast<std::size_t>(index)];
        if (!layer)
            throw PlanError(
                QStringLiteral("%1: no layer is named '%2'. 'planscope layers' lists them.")
                    .arg(plan.name, name));
        bool ok = false;
        const int radius = parser.value(QStringLiteral("radius")).toInt(&ok);
        if (!ok || radius < 0)
            throw UsageError("--radius takes a number from 0");
        return PlanGraph::around(plan, {layer->index}, radius, options);
    }
    if (parser.isSet(QStringLiteral("query"))) {
        const QRegularExpression re(parser.value(QStringLiteral("query")));
        if (!re.isValid())
            throw UsageError(
                ("--query is not a valid regular expression: " + re.errorString()).toStdString());
        return PlanGraph::build(plan, options).matching(re.pattern());
    }
    return PlanGraph::build(plan, options);
}

} // namespace

int exportGraphCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(
            QStringLiteral("Export the plan graph (laid out by Graphviz dot) to SVG, PNG or DOT, "
                           "or as an ONNX model for Netron and other ONNX tools; no display "
                           "needed."));
        addPlanOptions(parser);
        addModelWeightsOption(parser);
        parser.addOptions({
            {{QStringLiteral("o"), QStringLiteral("output")},
             graphFormatWords(kGraphFormats, QStringLiteral("FILE.")) + QLatin1Char('.'),
             QStringLiteral("FILE")},
            {QStringLiteral("format"),
             graphFormatWords(kGraphFormats) +
                 QStringLiteral(" (default: from the output's name)."),
             QStringLiteral("FORMAT")},
            {QStringLiteral("color"),
             QStringLiteral("Color nodes by type, precision or sparsity (2:4 readiness of the "
                            "weights in the --onnx model)."),
             QStringLiteral("BY"), QStringLiteral("type")},
            {QStringLiteral("detail"), QStringLiteral("minimal, standard or detailed node labels."),
             QStringLiteral("LEVEL"), QStringLiteral("standard")},
            {QStringLiteral("regions"), QStringLiteral("Show every memory region.")},
            {QStringLiteral("forking-regions"),
             QStringLiteral("Show regions with several readers or writers.")},
            {QStringLiteral("constants"), QStringLiteral("Show constant layers and inputs.")},
            {QStringLiteral("around"),
             QStringLiteral("Only the layers near this layer (name or index)."),
             QStringLiteral("LAYER")},
            {QStringLiteral("radius"), QStringLiteral("With --around: how many steps (default 3)."),
             QStringLiteral("N"), QStringLiteral("3")},
            {QStringLiteral("query"), QStringLiteral("Only the layers whose names match REGEX."),
             QStringLiteral("REGEX")},
            {QStringLiteral("modules"),
             QStringLiteral("The model's modules: each module at --depth one node.")},
            {QStringLiteral("depth"),
             QStringLiteral("With --modules: modules down to this depth are nodes (default 1)."),
             QStringLiteral("N"), QStringLiteral("1")},
            {QStringLiteral("open"),
             QStringLiteral("With --modules: open this module (a path, as 'planscope modules' "
                            "prints it) to show what it holds; repeatable."),
             QStringLiteral("PATH")},
        });
        if (!parseArguments(parser, arguments))
            return 0;
        if (!parser.isSet(QStringLiteral("output")))
            throw UsageError("missing -o FILE.svg|.png|.dot|.onnx");
        const QString output = parser.value(QStringLiteral("output"));
        const std::optional<QString> named =
            parser.isSet(QStringLiteral("format"))
                ? std::optional(parser.value(QStringLiteral("format")))
                : std::nullopt;
        const std::optional<GraphFormat> format = chooseGraphFormat(output, kGraphFormats, named);
        if (!format)
            throw UsageError(
                (named ? QStringLiteral("--format takes ") + graphFormatWords(kGraphFormats)
                       : QStringLiteral("the output name must end with ") +
                             graphFormatWords(kGraphFormats, QStringLiteral(".")) +
                             QStringLiteral(" (or give --format)"))
                    .toStdString());
        GraphStyle style = styleFrom(parser);
        const PlanAnalysis& analysis = analysisFromArguments(parser);
        const EnginePlan& plan = analysis.plan();
        if (style.color == GraphStyle::Color::Sparsity) {
            if (!analysis.modelWeights())
                throw UsageError("--color sparsity needs the ONNX model: --onnx MODEL");
            style.layerSparse24 = std::make_shared<const std::vector<std::optional<double>>>(
                analysis.modelWeights()->sparse24Percents(plan.layers.size()));
        }
        if (*format == GraphFormat::Onnx) { // written by exporters/
            const OnnxExport written = exportOnnx(plan, output);
            for (const QString& note : written.notes)
                err() << "planscope: note: " << note << Qt::endl;
            out() << QStringLiteral("Wrote %1: %2 nodes, %3 edges\n")
                         .arg(output)
                         .arg(written.nodes)
                         .arg(written.edges);
            return 0;
        }
        GraphOptions options;
        options.regions = parser.isSet(QStringLiteral("regions"));
        options.forkingRegions = parser.isSet(QStringLiteral("forking-regions"));
        options.constants = parser.isSet(QStringLiteral("constants"));
        const PlanGraph graph = selectGraph(parser, analysis, options);

        QString error;
        if (*format == GraphFormat::Dot) {
            if (!exportGraphDot(graph, plan, style, output, &error))
                throw PlanError(error);
            return 0;
        }
        // The layers drawn are linted (to mark them) while Graphviz lays them out.
        std::future<QSet<int>> flagged = std::async(std::launch::async, [&] {
            LintSettings scope;
            scope.onlyLayers.emplace();
            for (const GraphNode& node : graph.nodes()) {
                scope.onlyLayers->insert(node.layer);
                for (int layer : node.layers) // a module's
                    scope.onlyLayers->insert(layer);
            }
            QSet<int> layers;
            // Held here: the findings of a temporary would be gone before the loop reads them.
            const PlanAnalysis scoped = analysis.withLintSettings(scope);
            for (const LintFinding& f : scoped.findings())
                layers.insert(f.layerIndex);
            return layers;
        });
        const GraphLayout layout = layoutGraph(graph, GraphPainter::nodeSizes(graph, plan, style));
        if (!layout.ok())
            throw PlanError(QStringLiteral("%1: %2").arg(plan.name, layout.error));
        const GraphPainter painter(graph, layout, plan, style, flagged.get());
        if (!exportGraphPicture(painter, layout, *format, output, plan.name, &error))
            throw PlanError(error);
        return 0;
    });
}

} // namespace planscope
