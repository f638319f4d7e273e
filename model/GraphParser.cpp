#include "GraphParser.h"

#include "LayerBuilder.h"
#include "PlanError.h"

#include <QHash>
#include <QRegularExpression>

namespace planscope {
namespace {

const QString kRebuildHint = QStringLiteral(
    "Rebuild the engine with trtexec --profilingVerbosity=detailed --exportLayerInfo=FILE.");

// What the filtering steps need to know about a raw layer before it becomes a Layer.
struct RawLayer {
    const nlohmann::json* json = nullptr; // null for a names-only graph
    QString name;
    QString layerType;
    QString parameterType;

    QString type() const { return parameterType.isEmpty() ? layerType : parameterType; }
};

QString stringField(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    return (it != object.end() && it->is_string()) ? QString::fromStdString(it->get<std::string>())
                                                   : QString();
}

std::vector<RawLayer> readRawLayers(const nlohmann::json& layers, const QString& path,
                                    bool namesOnly) {
    std::vector<RawLayer> raw;
    raw.reserve(layers.size());
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const auto& layer = layers[i];
        RawLayer r;
        if (namesOnly) {
            if (!layer.is_string())
                throw PlanError(QStringLiteral("%1: layer %2 is not a name like the layers before "
                                               "it. %3").arg(path).arg(i).arg(kRebuildHint));
            r.name = QString::fromStdString(layer.get<std::string>());
        } else {
            if (!layer.is_object() || !layer.contains("Name"))
                throw PlanError(QStringLiteral("%1: layer %2 is not an object with a Name. %3")
                                    .arg(path).arg(i).arg(kRebuildHint));
            r.json = &layer;
            r.name = stringField(layer, "Name");
            r.layerType = stringField(layer, "LayerType");
            r.parameterType = stringField(layer, "ParameterType");
        }
        r.name = replaceRecordSeparators(r.name);
        // A transposed convolution is exported as a Convolution run by a deconvolution kernel.
        if (r.parameterType == QLatin1String("Convolution") &&
            r.layerType == QLatin1String("CaskDeconvolutionV2"))
            r.parameterType = QStringLiteral("Deconvolution");
        raw.push_back(std::move(r));
    }
    return raw;
}

// Synchronization and shape-computation layers do no work of their own.
bool isBookkeeping(const RawLayer& layer) {
    static const QStringList types = {"signal", "wait", "shape_call"};
    return types.contains(layer.layerType);
}

void disambiguateNames(std::vector<RawLayer>& layers) {
    QHash<QString, int> seen;
    for (RawLayer& layer : layers) {
        int& count = seen[layer.name];
        if (++count > 1)
            layer.name += '_' + QString::number(count);
    }
}

const QRegularExpression& profileSuffix() {
    static const QRegularExpression re(QStringLiteral(R"(\[profile +(\d+)\])"));
    return re;
}

int profileOf(const QString& name) {
    const auto match = profileSuffix().match(name);
    return match.hasMatch() ? match.captured(1).toInt() : 0;
}

} // namespace

ParsedGraph parseGraph(const nlohmann::json& document, const QString& path, int profile) {
    if (!document.is_object() || !document.contains("Layers") || !document["Layers"].is_array())
        throw PlanError(QStringLiteral("%1: not an engine graph (expected a JSON object with a "
                                       "\"Layers\" list). %2").arg(path, kRebuildHint));
    const auto& layersJson = document["Layers"];
    if (layersJson.empty())
        throw PlanError(QStringLiteral("%1: the graph has no layers. %2").arg(path, kRebuildHint));

    ParsedGraph graph;
    graph.namesOnly = layersJson.front().is_string();
    std::vector<RawLayer> raw = readRawLayers(layersJson, path, graph.namesOnly);

    QStringList allBindings;
    if (const auto b = document.find("Bindings"); b != document.end() && b->is_array())
        for (const auto& binding : *b)
            if (binding.is_string())
                allBindings << QString::fromStdString(binding.get<std::string>());

    std::vector<RawLayer> kept;
    kept.reserve(raw.size());
    for (RawLayer& layer : raw) {
        if (isBookkeeping(layer))
            graph.ignoredNames << layer.name;
        else
            kept.push_back(std::move(layer));
    }
    disambiguateNames(kept);

    // Engines built with several optimization profiles repeat the graph once per profile,
    // with " [profile N]" in the names of all but the first.
    for (const RawLayer& layer : kept)
        graph.profileCount = std::max(graph.profileCount, profileOf(layer.name) + 1);
    if (profile < 0 || profile >= graph.profileCount)
        throw PlanError(QStringLiteral("%1: the engine has %2 optimization profile(s), numbered "
                                       "from 0 to %3; profile %4 does not exist.")
                            .arg(path).arg(graph.profileCount).arg(graph.profileCount - 1).arg(profile));
    for (const QString& binding : allBindings)
        if (profileOf(binding) == profile)
            graph.bindings << binding;

    std::vector<Layer> layers;
    for (const RawLayer& layer : kept) {
        if (profileOf(layer.name) != profile)
            continue;
        Layer built = layer.json ? buildLayer(*layer.json, layer.name, layer.parameterType)
                                 : buildNamedLayer(layer.name);
        if (built.type == QLatin1String("Constant") || built.type == QLatin1String("NoOp"))
            graph.ignoredNames << built.name;
        layers.push_back(std::move(built));
    }
    foldNoOps(layers, graph.bindings);
    for (Layer& layer : layers) {
        if (layer.type == QLatin1String("Constant"))
            graph.constants.push_back(std::move(layer));
        else
            graph.layers.push_back(std::move(layer));
    }
    for (std::size_t i = 0; i < graph.layers.size(); ++i)
        graph.layers[i].index = static_cast<int>(i);
    for (std::size_t i = 0; i < graph.constants.size(); ++i)
        graph.constants[i].index = static_cast<int>(i);
    return graph;
}

void foldNoOps(std::vector<Layer>& layers, const QStringList& bindings) {
    struct Port {
        int layer;
        int slot;
    };
    // Who reads and who writes each tensor, taken before any folding (as trex does).
    QHash<QString, std::vector<Port>> consumers;
    QHash<QString, std::vector<Port>> producers;
    for (int l = 0; l < static_cast<int>(layers.size()); ++l) {
        for (int s = 0; s < static_cast<int>(layers[l].inputs.size()); ++s)
            consumers[layers[l].inputs[s].name].push_back({l, s});
        for (int s = 0; s < static_cast<int>(layers[l].outputs.size()); ++s)
            producers[layers[l].outputs[s].name].push_back({l, s});
    }
    bool anyNoOp = false;
    for (Layer& noOp : layers) {
        if (noOp.type != QLatin1String("NoOp") || noOp.inputs.empty() || noOp.outputs.empty())
            continue;
        anyNoOp = true;
        const auto readers = consumers.constFind(noOp.outputs[0].name);
        if (readers != consumers.cend()) {
            for (const Port& reader : *readers)
                layers[reader.layer].inputs[reader.slot] = noOp.inputs[0];
        } else if (bindings.contains(noOp.outputs[0].name)) {
            for (const Port& writer : producers.value(noOp.inputs[0].name))
                layers[writer.layer].outputs[writer.slot] = noOp.outputs[0];
        }
    }
    if (anyNoOp)
        std::erase_if(layers, [](const Layer& l) { return l.type == QLatin1String("NoOp"); });
}

} // namespace planscope
