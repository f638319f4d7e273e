#include "LayerBuilder.h"

#include "TensorFormat.h"

namespace planscope {
namespace {

QString text(const nlohmann::json& value) {
    return value.is_string() ? QString::fromStdString(value.get<std::string>())
                             : QString::fromStdString(value.dump());
}

QString stringField(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    return (it != object.end() && it->is_string()) ? QString::fromStdString(it->get<std::string>())
                                                   : QString();
}

Tensor buildTensor(const nlohmann::json& raw) {
    Tensor t;
    if (!raw.is_object())
        return t;
    t.name = stringField(raw, "Name");
    t.location = stringField(raw, "Location");
    t.longFormat = stringField(raw, "Format/Datatype");
    bool knownVolume = true;
    if (const auto dims = raw.find("Dimensions"); dims != raw.end() && dims->is_array()) {
        for (const auto& d : *dims) {
            const qint64 v = d.is_number_integer() ? d.get<qint64>() : -1;
            knownVolume = knownVolume && v >= 0; // -1 marks a dynamic dimension
            t.shape.push_back(v);
        }
    }
    const TensorFormat format = describeFormat(t.longFormat);
    t.format = format.shortName;
    t.precision = format.precision;
    t.elementSize = format.elementSize;
    t.bytes = knownVolume ? static_cast<double>(t.volume()) * t.elementSize : 0.0;
    return t;
}

std::vector<Tensor> buildTensors(const nlohmann::json& raw, const char* key) {
    std::vector<Tensor> tensors;
    if (const auto list = raw.find(key); list != raw.end() && list->is_array()) {
        tensors.reserve(list->size());
        for (const auto& t : *list)
            tensors.push_back(buildTensor(t));
    }
    return tensors;
}

// {"Type": "Half", "Count": 864} -> count, type, bytes.
void readConstant(const nlohmann::json& raw, const char* key, qint64& count, QString& type,
                  double& bytes) {
    const auto it = raw.find(key);
    if (it == raw.end() || !it->is_object())
        return;
    const auto c = it->find("Count");
    count = (c != it->end() && c->is_number()) ? c->get<qint64>() : 0;
    type = stringField(*it, "Type");
    bytes = static_cast<double>(count) * constantElementSize(type);
}

double sumBytes(const std::vector<Tensor>& tensors) {
    double sum = 0;
    for (const Tensor& t : tensors)
        sum += t.bytes;
    return sum;
}

} // namespace

QString replaceRecordSeparators(QString text) {
    text.replace(QChar(0x1E), QChar('+'));
    text.replace(QChar(0x1F), QChar('+'));
    return text;
}

double constantElementSize(const QString& type) { return describeFormat(type).elementSize; }

Layer buildLayer(const nlohmann::json& raw, const QString& name, const QString& parameterType) {
    Layer layer;
    layer.name = name;
    layer.subtype = stringField(raw, "LayerType");
    layer.type = parameterType.isEmpty() ? layer.subtype : parameterType;
    layer.tactic = stringField(raw, "TacticName");
    if (layer.tactic.isEmpty())
        layer.tactic = QStringLiteral("TensorRT");
    layer.metadata = replaceRecordSeparators(stringField(raw, "Metadata"));
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
        QString value_text = text(value);
        if (key == "Metadata")
            value_text = layer.metadata;
        layer.attributes.emplace_back(QString::fromStdString(key), std::move(value_text));
    }
    return layer;
}

Layer buildNamedLayer(const QString& name) {
    Layer layer;
    layer.name = name;
    layer.type = layer.subtype = QStringLiteral("Unknown");
    layer.precision = QStringLiteral("Unknown");
    return layer;
}

} // namespace planscope
