#include "overlay/NodeOverlay.h"

#include "accuracy/AccuracyMapping.h"
#include "modules/ModulePath.h"
#include "onnxmodel/LayerNodes.h"
#include "plan/DisplayName.h"
#include "plan/PlanError.h"

#include <QHash>
#include <QSet>
#include <algorithm>
#include <cmath>

namespace planscope {
namespace {

constexpr const char* kMetricNames[] = {"latency", "share", "precision", "module", "accuracy"};

// Nodes in the order first met, with their values.
class ValueTable {
  public:
    explicit ValueTable(NodeValues& values) : m_values(values) {}
    std::size_t slot(const QString& node) {
        const auto found = m_index.constFind(node);
        if (found != m_index.cend())
            return *found;
        m_index.insert(node, m_values.nodes.size());
        m_values.nodes.push_back(node);
        m_values.numbers.push_back(0);
        m_values.texts.emplace_back();
        return m_values.nodes.size() - 1;
    }

  private:
    NodeValues& m_values;
    QHash<QString, std::size_t> m_index;
};

void splitTime(const EnginePlan& plan, const std::vector<QStringList>& charged, bool share,
               NodeValues& values) {
    if (!plan.hasProfile)
        throw PlanError(QStringLiteral("%1 has no profile: the %2 overlay needs the layers' "
                                       "times (export them with trtexec --exportProfile)")
                            .arg(plan.name, share ? "share" : "latency"));
    ValueTable table(values);
    for (std::size_t i = 0; i < plan.layers.size(); ++i) {
        const LayerTiming& timing = plan.layers[i].timing;
        if (!timing.measured)
            continue;
        const double figure = share ? timing.percent : timing.averageMs;
        if (charged[i].isEmpty()) {
            values.unplacedMs += timing.averageMs;
            continue;
        }
        for (const QString& node : charged[i])
            values.numbers[table.slot(node)] += figure / double(charged[i].size());
    }
}

void joinTexts(const std::vector<QStringList>& nodes,
               const std::vector<std::optional<QString>>& texts, NodeValues& values) {
    ValueTable table(values);
    std::vector<QStringList> distinct;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (!texts[i])
            continue;
        for (const QString& node : nodes[i]) {
            const std::size_t slot = table.slot(node);
            distinct.resize(values.nodes.size());
            if (!distinct[slot].contains(*texts[i]))
                distinct[slot] << *texts[i];
        }
    }
    for (std::size_t i = 0; i < distinct.size(); ++i)
        values.texts[i] = distinct[i].join(QStringLiteral(" + "));
}

void largestErrors(const OverlaySources& sources, const std::vector<QStringList>& nodes,
                   NodeValues& values) {
    if (!sources.accuracy)
        throw PlanError(QStringLiteral("the accuracy overlay needs a polygraphy run log: name it "
                                       "with --accuracy LOG"));
    QHash<QString, QStringList> writers; // tensor -> nodes writing it
    if (sources.model)
        for (const OnnxNode& node : sources.model->nodes)
            for (const QString& output : node.outputs)
                writers[output] << node.name;
    QSet<QString> planNodes;
    for (const QStringList& names : nodes)
        for (const QString& name : names)
            planNodes.insert(name);
    ValueTable table(values);
    QSet<QString> valued;
    for (const ComparedTensor& tensor : sources.accuracy->tensors) {
        const std::optional<double> error = tensor.relError.max;
        if (!error || std::isnan(*error))
            continue;
        QStringList named = sources.model ? writers.value(tensor.name) : QStringList();
        if (!sources.model)
            for (const QString& node : nodesWritingTensor(tensor.name))
                if (planNodes.contains(node))
                    named << node;
        for (const QString& node : named) {
            double& value = values.numbers[table.slot(node)];
            value = valued.contains(node) ? std::max(value, *error) : *error;
            valued.insert(node);
        }
    }
}

} // namespace

QStringList overlayMetricNames() {
    QStringList names;
    for (const char* name : kMetricNames)
        names << QString::fromLatin1(name);
    return names;
}

std::optional<OverlayMetric> overlayMetricNamed(const QString& word) {
    const qsizetype index = overlayMetricNames().indexOf(word);
    return index < 0 ? std::nullopt : std::optional(OverlayMetric(index));
}

NodeValues overlayValues(const OverlaySources& sources, OverlayMetric metric) {
    const EnginePlan& plan = *sources.plan;
    const std::vector<QStringList> nodes = layerNodes(plan, sources.model);
    NodeValues values;
    switch (metric) {
    case OverlayMetric::Latency:
    case OverlayMetric::Share:
        splitTime(plan, chargedLayerNodes(plan, nodes), metric == OverlayMetric::Share, values);
        break;
    case OverlayMetric::Precision: {
        std::vector<std::optional<QString>> precisions;
        for (const Layer& layer : plan.layers)
            precisions.push_back(layer.precision.isEmpty() ? std::nullopt
                                                           : std::optional(layer.precision));
        joinTexts(nodes, precisions, values);
        break;
    }
    case OverlayMetric::Module:
        joinTexts(nodes, layerModules(plan), values);
        break;
    case OverlayMetric::Accuracy:
        largestErrors(sources, nodes, values);
        break;
    }
    return values;
}

OrderedJson nodeDataJson(const NodeValues& values, OverlayMetric metric,
                         const std::optional<QString>& graphName) {
    const bool numbers = metric == OverlayMetric::Latency || metric == OverlayMetric::Share ||
                         metric == OverlayMetric::Accuracy;
    OrderedJson results = OrderedJson::object();
    for (std::size_t i = 0; i < values.nodes.size(); ++i)
        results[values.nodes[i].toStdString()] = {
            {"value", numbers ? OrderedJson(values.numbers[i])
                              : OrderedJson(values.texts[i].toStdString())}};
    static const char* const kTitles[] = {"TensorRT latency (ms)", "TensorRT share of time (%)",
                                          "TensorRT precision", "Module", "Max relative error"};
    OrderedJson graph{{"name", kTitles[int(metric)]}, {"results", std::move(results)}};
    if (numbers) // white at the smallest value, red at the largest
        graph["gradient"] = OrderedJson::array(
            {{{"stop", 0}, {"bgColor", "#ffffff"}}, {{"stop", 1}, {"bgColor", "#d32f2f"}}});
    if (!graphName)
        return graph;
    return OrderedJson{{graphName->toStdString(), std::move(graph)}};
}

} // namespace planscope
