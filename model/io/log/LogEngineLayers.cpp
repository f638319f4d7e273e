#include "io/log/TrtexecLog.h"
#include "plan/FigureText.h"

#include <QHash>
#include <QRegularExpression>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace planscope {
namespace {

using Json = nlohmann::json;

// One tensor of a layer line: "relu (Half[-1,32:8,14,14])" (TensorRT 8.5 on) or
// "tensor-0[Float(-2,1,28,28)]" (TensorRT 8.4 and before), each with its name, data type and
// dimensions. Negative dimensions are dynamic; ":8" marks a vectorized one (the layout it means is
// not printed, so only the type is kept as the format).
const QRegularExpression& tensorPattern() {
    static const QRegularExpression pattern(QStringLiteral(
        R"((.+?)(?: \(([A-Za-z0-9]+)\[([^\]]*)\]\)|\[([A-Za-z0-9]+)\(([^)]*)\)\])(?:, |$))"));
    return pattern;
}

// The tensors of "a (Float[1,2]), b (Half[1,2])" or "a[Float(1,2)], b[Half(1,2)]"; `whole` says
// whether all of the text was read as tensors.
Json tensors(const QString& text, bool& whole) {
    const QString trimmed = text.trimmed();
    Json list = Json::array();
    qsizetype end = 0; // each tensor where the one before ended: no search through the line
    while (end < trimmed.size()) {
        const auto match = tensorPattern().match(trimmed, end, QRegularExpression::NormalMatch,
                                                 QRegularExpression::AnchorAtOffsetMatchOption);
        if (!match.hasMatch())
            break;
        end = match.capturedEnd();
        const bool older = match.capturedLength(2) == 0;
        Json dims = Json::array();
        for (const QString& dim : match.captured(older ? 5 : 3).split(',', Qt::SkipEmptyParts)) {
            bool number = false;
            const qint64 size = dim.section(':', 0, 0).trimmed().toLongLong(&number);
            dims.push_back(number ? size : -1); // a dimension not printed as a number is unknown
        }
        list.push_back({{"Name", match.captured(1).toStdString()},
                        {"Dimensions", dims},
                        {"Format/Datatype", match.captured(older ? 4 : 2).toStdString()}});
    }
    whole = whole && end == trimmed.size();
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

// Where a layer line's outputs start: after the arrow ("-> ") that follows its last input's type
// (names may hold arrows of their own), else after its first arrow (a layer without inputs);
// -1 without an arrow.
qsizetype outputsStart(const QString& io) {
    qsizetype start = -1;
    for (const QLatin1String arrow : {QLatin1String("]) -> "), QLatin1String(")] -> ")}) {
        const qsizetype at = io.indexOf(arrow);
        if (at >= 0 && (start < 0 || at + arrow.size() < start))
            start = at + arrow.size();
    }
    if (start < 0 && io.contains(QLatin1String("-> ")))
        start = io.indexOf(QLatin1String("-> ")) + 3;
    return start;
}

// "Layer(CaskPooling): node_max_pool2d, Tactic: 0xdd39..., relu (Half[..]) -> max_pool2d (..)";
// `whole` turns false when its tensors are not all read.
std::optional<Json> layer(const QString& line, bool& whole) {
    static const QRegularExpression layerRe(
        QStringLiteral(R"(^Layer\(([^)]*)\): (.*), Tactic: (0x[0-9a-fA-F]+|-?\d+),(.*)$)"));
    const auto match = layerRe.match(line);
    if (!match.hasMatch())
        return std::nullopt;
    const QString io = match.captured(4);
    const qsizetype start = outputsStart(io);
    const QString inputs = start >= 0 ? io.left(start - 3) : io; // without the arrow
    const QString outputs = start >= 0 ? io.mid(start) : QString();
    Json layer{{"Name", match.captured(2).toStdString()},
               {"LayerType", match.captured(1).toStdString()},
               {"TacticValue", match.captured(3).toStdString()},
               {"Inputs", tensors(inputs, whole)},
               {"Outputs", tensors(outputs, whole)}};
    if (auto type = parameterTypeOf(match.captured(1)))
        layer["ParameterType"] = std::move(*type);
    return layer;
}

} // namespace

QByteArray parseEngineLayerInformation(const QList<QByteArray>& lines, qsizetype first,
                                       qsizetype& next, QStringList& warnings) {
    Json layers = Json::array();
    qsizetype i = first + 1;
    QStringList unread; // layers whose tensors are not all read
    for (; i < lines.size() && lines[i].startsWith("Layer("); ++i) {
        bool whole = true;
        if (auto parsed = layer(QString::fromUtf8(lines[i].trimmed()), whole)) {
            if (!whole)
                unread << QString::fromStdString((*parsed)["Name"].get<std::string>());
            layers.push_back(std::move(*parsed));
        }
    }
    next = i;
    if (layers.empty()) {
        warnings << QStringLiteral("The engine's layer list (Engine Layer Information) is empty.");
        return {};
    }
    if (!unread.isEmpty())
        warnings << QStringLiteral("The tensors of %1 in the engine's layer list (Engine Layer "
                                   "Information) are written in a form PlanScope does not read "
                                   "(first: %2): their inputs and outputs, and the activations "
                                   "summed from them, are incomplete.")
                        .arg(countText(unread.size(), QStringLiteral("layer")), unread.first());
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
