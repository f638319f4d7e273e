#include "io/LayerBuilder.h"

#include "io/LayerNames.h"

namespace planscope {
namespace {

QString uniqueField(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    return (it != object.end() && it->is_string())
               ? QString::fromStdString(it->get_ref<const std::string&>())
               : QString();
}

// Compact JSON text of an attribute value, as nlohmann's dump() writes it but without its
// per-call set-up, which dominates when a large plan has hundreds of thousands of attributes.
void appendCompact(QString& out, const nlohmann::json& value) {
    switch (value.type()) {
    case nlohmann::json::value_t::number_integer:
        out += QString::number(value.get<qint64>());
        return;
    case nlohmann::json::value_t::number_unsigned:
        out += QString::number(value.get<quint64>());
        return;
    case nlohmann::json::value_t::boolean:
        out += value.get<bool>() ? QLatin1String("true") : QLatin1String("false");
        return;
    case nlohmann::json::value_t::array:
        out += '[';
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (i)
                out += ',';
            appendCompact(out, value[i]);
        }
        out += ']';
        return;
    default:
        out += QString::fromStdString(value.dump());
    }
}

double sumBytes(const std::vector<Tensor>& tensors) {
    double sum = 0;
    for (const Tensor& t : tensors)
        sum += t.bytes;
    return sum;
}

} // namespace

QString LayerBuilder::shared(const std::string& text) {
    return m_strings.get(text);
}

QString LayerBuilder::sharedField(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    return (it != object.end() && it->is_string()) ? shared(it->get_ref<const std::string&>())
                                                   : QString();
}

const LayerBuilder::SharedFormat& LayerBuilder::formatOf(const nlohmann::json& tensor) {
    static const std::string none;
    const auto it = tensor.find("Format/Datatype");
    const std::string& text =
        (it != tensor.end() && it->is_string()) ? it->get_ref<const std::string&>() : none;
    if (const auto known = m_formats.find(std::string_view(text)); known != m_formats.end())
        return known->second;
    const QString longName = QString::fromStdString(text);
    return m_formats.emplace(text, SharedFormat{describeFormat(longName), longName}).first->second;
}

Tensor LayerBuilder::buildTensor(const nlohmann::json& raw) {
    Tensor t;
    if (!raw.is_object())
        return t;
    t.name = uniqueField(raw, "Name");
    t.location = sharedField(raw, "Location");
    const SharedFormat& format = formatOf(raw);
    bool knownVolume = true;
    if (const auto dims = raw.find("Dimensions"); dims != raw.end() && dims->is_array()) {
        t.shape.reserve(dims->size());
        for (const auto& d : *dims) {
            const qint64 v = d.is_number_integer() ? d.get<qint64>() : -1;
            knownVolume = knownVolume && v >= 0; // -1 marks a dynamic dimension
            t.shape.push_back(v);
        }
    }
    t.longFormat = format.longName;
    t.format = shortNameForRank(format.shortName, t.shape.size());
    t.precision = format.precision;
    t.elementSize = format.elementSize;
    t.bytes = knownVolume ? t.volume() * t.elementSize : 0.0;
    return t;
}

std::vector<Tensor> LayerBuilder::buildTensors(const nlohmann::json& raw, const char* key) {
    std::vector<Tensor> tensors;
    if (const auto list = raw.find(key); list != raw.end() && list->is_array()) {
        tensors.reserve(list->size());
        for (const auto& t : *list)
            tensors.push_back(buildTensor(t));
    }
    return tensors;
}

// {"Type": "Half", "Count": 864} -> count, type (spelled as precisions are: FP16), bytes.
void LayerBuilder::readConstant(const nlohmann::json& raw, const char* key, qint64& count,
                                QString& type, double& bytes) {
    const auto it = raw.find(key);
    if (it == raw.end() || !it->is_object())
        return;
    const auto c = it->find("Count");
    count = (c != it->end() && c->is_number_integer()) ? std::max<qint64>(0, c->get<qint64>()) : 0;
    const QString rawType = sharedField(*it, "Type");
    const TensorFormat format = describeFormat(rawType);
    type = format.precision == QLatin1String("Unknown") ? rawType : format.precision;
    bytes = static_cast<double>(count) * format.elementSize;
}

Layer LayerBuilder::build(const nlohmann::json& raw) {
    Layer layer;
    layer.name = replaceRecordSeparators(uniqueField(raw, "Name"));
    layer.subtype = sharedField(raw, "LayerType");
    layer.type = sharedField(raw, "ParameterType");
    if (layer.type.isEmpty())
        layer.type = layer.subtype;
    else if (layer.type == QLatin1String("Convolution") &&
             layer.subtype == QLatin1String("CaskDeconvolutionV2"))
        layer.type = QStringLiteral("Deconvolution");
    layer.tactic = sharedField(raw, "TacticName");
    if (layer.tactic.isEmpty())
        layer.tactic = QStringLiteral("TensorRT");
    layer.metadata = replaceRecordSeparators(uniqueField(raw, "Metadata"));
    layer.inputs = buildTensors(raw, "Inputs");
    layer.outputs = buildTensors(raw, "Outputs");
    layer.precision = layer.inputs.empty() ? QStringLiteral("None") : layer.inputs[0].precision;
    layer.outputPrecision = layer.outputs.empty() ? QString() : layer.outputs[0].precision;

    layer.inputBytes = sumBytes(layer.inputs);
    layer.outputBytes = sumBytes(layer.outputs);
    layer.ioBytes = layer.inputBytes + layer.outputBytes;
    readConstant(raw, "Weights", layer.weightsCount, layer.weightsType, layer.weightsBytes);
    readConstant(raw, "Bias", layer.biasCount, layer.biasType, layer.biasBytes);
    layer.footprintBytes = layer.ioBytes + layer.weightsBytes;

    layer.attributes.reserve(raw.size());
    for (const auto& [key, value] : raw.items()) {
        if (key == "Name" || key == "Inputs" || key == "Outputs")
            continue;
        QString text;
        if (key == "Metadata")
            text = layer.metadata;
        else if (value.is_string())
            text = shared(value.get_ref<const std::string&>());
        else
            appendCompact(text, value);
        layer.attributes.emplace_back(shared(key), std::move(text));
    }
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
