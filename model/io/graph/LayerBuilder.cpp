#include "io/graph/LayerBuilder.h"

#include "io/LayerNames.h"

namespace planscope {
namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

std::string_view stringOr(element value, std::string_view fallback = {}) {
    std::string_view text;
    return value.get(text) == simdjson::SUCCESS ? text : fallback;
}

QString fromUtf8(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// An integer as nlohmann read it: a signed or unsigned 64-bit number (the latter wrapping as
// get<qint64>() did), else none.
std::optional<qint64> integerOf(element value) {
    switch (value.type()) {
    case element_type::INT64:
        return value.get_int64().value_unsafe();
    case element_type::UINT64:
        return static_cast<qint64>(value.get_uint64().value_unsafe());
    default:
        return std::nullopt;
    }
}

double sumBytes(const std::vector<Tensor>& tensors) {
    double sum = 0;
    for (const Tensor& t : tensors)
        sum += t.bytes;
    return sum;
}

} // namespace

LayerBuilder::SharedFormat& LayerBuilder::formatOf(std::string_view format,
                                                   std::string_view dataType) {
    std::string key; // both texts, told apart by their length
    key.reserve(format.size() + dataType.size() + 12);
    key.append(std::to_string(format.size())).append(1, ':').append(format).append(dataType);
    if (const auto known = m_splitFormats.find(key); known != m_splitFormats.end())
        return known->second;
    const QString longName = dataType.empty() ? fromUtf8(format)
                             : format.empty()
                                 ? fromUtf8(dataType)
                                 : fromUtf8(format) + QStringLiteral(", ") + fromUtf8(dataType);
    return m_splitFormats
        .emplace(std::move(key),
                 SharedFormat{describeFormat(fromUtf8(format), fromUtf8(dataType)), longName})
        .first->second;
}

LayerBuilder::SharedFormat& LayerBuilder::formatOf(std::string_view text) {
    if (const auto known = m_formats.find(text); known != m_formats.end())
        return known->second;
    const QString longName = fromUtf8(text);
    return m_formats.emplace(std::string(text), SharedFormat{describeFormat(longName), longName})
        .first->second;
}

std::shared_ptr<const TensorStorage> LayerBuilder::storageOf(SharedFormat& format, std::size_t rank,
                                                             std::string_view location) {
    for (const SharedFormat::Storage& known : format.storages)
        if (known.rank == rank && known.location == location)
            return known.storage;
    auto storage = std::make_shared<const TensorStorage>(
        TensorStorage{format.longName, shortNameForRank(format.shortName, rank), format.precision,
                      shared(location), format.elementSize});
    format.storages.push_back({rank, std::string(location), storage});
    return storage;
}

Tensor LayerBuilder::buildTensor(element raw) {
    Tensor t;
    simdjson::dom::object object;
    if (raw.get(object) != simdjson::SUCCESS)
        return t;
    std::string_view formatDatatype; // TensorRT 10 and before: the two in one string
    std::string_view format;         // TensorRT 11: apart
    std::string_view dataType;
    std::string_view location;
    bool split = false;
    bool knownVolume = true;
    for (const auto field : object) { // a key written twice keeps its last value
        if (field.key == "Name") {
            t.name = m_tensorNames.get(stringOr(field.value));
        } else if (field.key == "Location") {
            location = stringOr(field.value);
        } else if (field.key == "Format/Datatype") {
            formatDatatype = stringOr(field.value);
        } else if (field.key == "Format") {
            format = stringOr(field.value);
            split = true;
        } else if (field.key == "Datatype" || field.key == "DataType") {
            dataType = stringOr(field.value);
            split = true;
        } else if (field.key == "Dimensions") {
            simdjson::dom::array dims;
            if (field.value.get(dims) != simdjson::SUCCESS)
                continue;
            t.shape.clear();
            knownVolume = true;
            t.shape.reserve(dims.size());
            for (const element d : dims) {
                const qint64 v = integerOf(d).value_or(-1);
                knownVolume = knownVolume && v >= 0; // -1 marks a dynamic dimension
                t.shape.push_back(v);
            }
        }
    }
    SharedFormat& stored =
        split && formatDatatype.empty() ? formatOf(format, dataType) : formatOf(formatDatatype);
    t.storage = storageOf(stored, t.shape.size(), location);
    t.bytes = knownVolume ? tensorBytes(t.volume(), stored.elementSize) : 0.0;
    return t;
}

std::vector<Tensor> LayerBuilder::buildTensors(element raw) {
    std::vector<Tensor> tensors;
    simdjson::dom::array list;
    if (raw.get(list) == simdjson::SUCCESS) {
        tensors.reserve(list.size());
        for (const element t : list)
            tensors.push_back(buildTensor(t));
    }
    return tensors;
}

// {"Type": "Half", "Count": 864} -> count, type (spelled as precisions are: FP16), bytes;
// false when the value is no such object.
bool LayerBuilder::readConstant(element raw, qint64& count, QString& type, double& bytes) {
    simdjson::dom::object object;
    if (raw.get(object) != simdjson::SUCCESS)
        return false;
    count = 0;
    std::string_view rawType;
    for (const auto field : object) {
        if (field.key == "Count")
            count = std::max<qint64>(0, integerOf(field.value).value_or(0));
        else if (field.key == "Type")
            rawType = stringOr(field.value);
    }
    const SharedFormat& format = formatOf(rawType); // described once per type
    type = format.precision == QLatin1String("Unknown") ? format.longName : format.precision;
    bytes = tensorBytes(static_cast<double>(count), format.elementSize);
    return true;
}

// TensorRT 11 lists the weights Myelin's layers read as "Constants", tensors of their own:
// they count as the layer's weights.
void LayerBuilder::readConstants(element raw, Layer& layer) {
    for (const Tensor& t : buildTensors(raw))
        layer.addWeightTensor(t);
}

Layer LayerBuilder::build(simdjson::dom::object raw, Layer::AttributeText attributes) {
    Layer layer;
    layer.attributeText = std::move(attributes);
    QString parameterType;
    for (const auto field : raw) { // a key written twice keeps its last value
        const std::string_view key = field.key;
        if (key == "Name")
            layer.name = replaceRecordSeparators(fromUtf8(stringOr(field.value)));
        else if (key == "LayerType")
            layer.subtype = shared(stringOr(field.value));
        else if (key == "ParameterType")
            parameterType = shared(stringOr(field.value));
        else if (key == "TacticName")
            layer.tactic = shared(stringOr(field.value));
        else if (key == "Metadata")
            layer.metadata = replaceRecordSeparators(fromUtf8(stringOr(field.value)));
        else if (key == "Inputs")
            layer.inputs = buildTensors(field.value);
        else if (key == "Outputs")
            layer.outputs = buildTensors(field.value);
        // A fused ConvActPool names its convolution's "ConvWeights", TensorRT 8.6's Constant
        // layer its "weights" (trex reads "Weights" only, and counts them 0).
        else if (key == "Weights" || key == "ConvWeights" || key == "weights")
            layer.weightsExported |= readConstant(field.value, layer.weightsCount,
                                                  layer.weightsType, layer.weightsBytes);
        else if (key == "Bias" || key == "ConvBias")
            readConstant(field.value, layer.biasCount, layer.biasType, layer.biasBytes);
        else if (key == "Constants")
            readConstants(field.value, layer);
    }
    layer.type = parameterType.isEmpty() ? layer.subtype : parameterType;
    if (layer.type == QLatin1String("Convolution") &&
        layer.subtype == QLatin1String("CaskDeconvolutionV2"))
        layer.type = QStringLiteral("Deconvolution");
    if (layer.tactic.isEmpty())
        layer.tactic = QStringLiteral("TensorRT");
    layer.precision = layer.inputs.empty() ? QStringLiteral("None") : layer.inputs[0].precision();
    layer.outputPrecision = layer.outputs.empty() ? QString() : layer.outputs[0].precision();

    layer.inputBytes = sumBytes(layer.inputs);
    layer.outputBytes = sumBytes(layer.outputs);
    layer.ioBytes = layer.inputBytes + layer.outputBytes;
    layer.footprintBytes = layer.ioBytes + layer.weightsBytes;
    return layer;
}

Layer LayerBuilder::named(const QString& name) {
    Layer layer;
    layer.detail = LayerDetail::NameOnly;
    layer.name = name;
    layer.type = layer.subtype = QStringLiteral("Unknown");
    layer.precision = QStringLiteral("Unknown");
    return layer;
}

} // namespace planscope
