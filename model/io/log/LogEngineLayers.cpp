#include "io/log/TrtexecLog.h"

#include <QHash>
#include <QRegularExpression>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace planscope {
namespace {

using Json = nlohmann::json;

// "relu (Half[-1,32:8,14,14]), y (Float[-1,10])": each tensor's name, data type and dimensions
// (":8" marks a vectorized dimension; the layout it means is not printed, so only the type is
// kept as the format).
Json tensors(const QString& text) {
    static const QRegularExpression tensorRe(
        QStringLiteral(R"((.+?) \(([A-Za-z0-9]+)\[([^\]]*)\]\)(?:, |$))"));
    Json list = Json::array();
    for (auto it = tensorRe.globalMatch(text.trimmed()); it.hasNext();) {
        const auto match = it.next();
        Json dims = Json::array();
        for (const QString& dim : match.captured(3).split(',', Qt::SkipEmptyParts))
            dims.push_back(dim.section(':', 0, 0).trimmed().toLongLong());
        list.push_back({{"Name", match.captured(1).toStdString()},
                        {"Dimensions", dims},
                        {"Format/Datatype", match.captured(2).toStdString()}});
    }
    return list;
}

// The ParameterType a graph JSON gives beside the runner the log names (as the shared exports
// pair them), so that a layer read from a log is typed as one read from the graph JSON. Runners
// not listed keep their own name as the type.
std::optional<std::string> parameterTypeOf(const QString& runner) {
    static const QHash<QString, QString> types = {
        {"CaskConvolution", "Convolution"},
        {"CudaDepthwiseConvolution", "Convolution"},
        {"FusedConvActConvolution", "Convolution"},
        {"CaskPooling", "Pooling"},
        {"CudaPooling", "Pooling"},
        {"TiledPooling", "Pooling"},
        {"PointWiseV2", "PointWise"},
        {"PointWise", "PointWise"},
        {"Reformat", "Reformat"},
        {"Shuffle", "Shuffle"},
        {"Resize", "Resize"},
        {"CaskConvActPool", "ConvActPool"},
    };
    const auto it = types.constFind(runner);
    return it == types.constEnd() ? std::nullopt : std::optional(it->toStdString());
}

// "Layer(CaskPooling): node_max_pool2d, Tactic: 0xdd39..., relu (Half[..]) -> max_pool2d (..)"
std::optional<Json> layer(const QString& line) {
    static const QRegularExpression layerRe(
        QStringLiteral(R"(^Layer\(([^)]*)\): (.*), Tactic: (0x[0-9a-fA-F]+|-?\d+),(.*)$)"));
    const auto match = layerRe.match(line);
    if (!match.hasMatch())
        return std::nullopt;
    const QString io = match.captured(4);
    qsizetype arrow = io.indexOf(QLatin1String("]) -> "));
    arrow = arrow >= 0 ? arrow + 2 : io.indexOf(QLatin1String("-> "));
    const QString inputs = arrow >= 0 ? io.left(arrow) : io;
    const QString outputs = arrow >= 0 ? io.mid(arrow).section(QLatin1String("-> "), 1) : QString();
    Json layer{{"Name", match.captured(2).toStdString()},
               {"LayerType", match.captured(1).toStdString()},
               {"TacticValue", match.captured(3).toStdString()},
               {"Inputs", tensors(inputs)},
               {"Outputs", tensors(outputs)}};
    if (auto type = parameterTypeOf(match.captured(1)))
        layer["ParameterType"] = std::move(*type);
    return layer;
}

} // namespace

QByteArray parseEngineLayerInformation(const QList<QByteArray>& lines, qsizetype first,
                                       qsizetype& next, QStringList& warnings) {
    Json layers = Json::array();
    qsizetype i = first + 1;
    for (; i < lines.size() && lines[i].startsWith("Layer("); ++i)
        if (auto parsed = layer(QString::fromUtf8(lines[i].trimmed())))
            layers.push_back(std::move(*parsed));
    next = i;
    if (layers.empty()) {
        warnings << QStringLiteral("The engine's layer list (Engine Layer Information) is empty.");
        return {};
    }
    // The list names no bindings: the engine's inputs are the tensors no layer writes, its
    // outputs those no layer reads.
    std::set<std::string> written, read;
    for (const Json& l : layers) {
        for (const Json& t : l["Inputs"])
            read.insert(t["Name"].get<std::string>());
        for (const Json& t : l["Outputs"])
            written.insert(t["Name"].get<std::string>());
    }
    Json bindings = Json::array();
    for (const char* side : {"Inputs", "Outputs"})
        for (const Json& l : layers)
            for (const Json& t : l[side]) {
                const std::string& name = t["Name"].get_ref<const std::string&>();
                const bool binding =
                    std::string(side) == "Inputs" ? !written.count(name) : !read.count(name);
                if (binding && std::find(bindings.begin(), bindings.end(), name) == bindings.end())
                    bindings.push_back(name);
            }
    const Json graph = {{"Layers", layers}, {"Bindings", bindings}};
    return QByteArray::fromStdString(graph.dump(-1, ' ', false, Json::error_handler_t::replace));
}

} // namespace planscope
