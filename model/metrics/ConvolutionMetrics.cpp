#include "metrics/ConvolutionMetrics.h"

#include "plan/CompactJson.h"

#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>

namespace planscope {
namespace {

std::vector<qint64> integerList(std::optional<std::string_view> jsonText) {
    std::vector<qint64> values;
    if (!jsonText)
        return values;
    if (auto compact = compactIntegerList(*jsonText)) // "[3,3]" in every real graph: no parser
        return std::move(*compact);
    const auto json = nlohmann::json::parse(jsonText->begin(), jsonText->end(), nullptr, false);
    if (json.is_array())
        for (const auto& v : json)
            if (v.is_number_integer())
                values.push_back(v.get<qint64>());
    return values;
}

// The Groups attribute as a number (0 when it is not one): written as a plain integer in every
// real graph, which is read without converting it to text first.
qint64 groupsOf(const Layer& layer, std::optional<std::string_view> json) {
    qint64 value = 0;
    if (json && std::from_chars(json->data(), json->data() + json->size(), value).ptr ==
                    json->data() + json->size())
        return value;
    return layer.attribute(QStringLiteral("Groups")).toLongLong();
}

double product(const std::vector<qint64>& values, std::size_t from) {
    double p = 1;
    for (std::size_t i = from; i < values.size(); ++i)
        p *= static_cast<double>(values[i]);
    return p;
}

// GEMM sizes of absurd (damaged) shapes must not overflow a 64-bit integer.
qint64 gemmSize(double value) {
    constexpr double kLargest = 9.0e18;
    return static_cast<qint64>(std::clamp(value, -kLargest, kLargest));
}

} // namespace

std::optional<ConvolutionMetrics> computeConvolutionMetrics(const Layer& layer) {
    if (!layer.isConvolution())
        return std::nullopt;
    return computeConvolutionMetrics(layer, layer.attributeJson("Kernel"),
                                     layer.attributeJson("Groups"));
}

std::optional<ConvolutionMetrics> computeConvolutionMetrics(
    const Layer& layer, std::optional<std::string_view> kernelJson,
    std::optional<std::string_view> groupsJson) {
    if (!layer.isConvolution() || layer.inputs.empty() || layer.outputs.empty())
        return std::nullopt;
    const Tensor& input = layer.inputs[0];
    const Tensor& output = layer.outputs[0];
    if (!input.sized() || !output.sized()) // a dynamic shape: its MACs are unknown
        return std::nullopt;
    ConvolutionMetrics m;
    m.kernel = integerList(kernelJson);
    const std::size_t spatial = m.kernel.size();
    // A fully-connected layer run as a 1x1 convolution may have a flat [N, K] output: P = Q = 1.
    if (spatial == 0 || input.shape.size() != spatial + 2 || output.shape.size() < 2)
        return std::nullopt;
    m.groups = std::max<qint64>(1, groupsOf(layer, groupsJson));

    const double n = static_cast<double>(input.shape[0]);
    const double c = static_cast<double>(input.shape[1]);
    const double k = static_cast<double>(output.shape[1]);
    const double pq = product(output.shape, 2);
    const double rs = product(m.kernel, 0);
    const double g = static_cast<double>(m.groups);

    const double elementSize = input.elementSize;
    const double inputBytes = input.volume() * elementSize;
    const double outputBytes = output.volume() * output.elementSize;
    const double weightsBytes = k * c * rs / g * elementSize;
    m.bytes = inputBytes + weightsBytes + outputBytes;
    m.macs = std::trunc(n * k * pq * c * rs / g);
    m.arithmeticIntensity = m.bytes > 0 ? m.macs / m.bytes : 0;
    m.gemmM = gemmSize(n * pq);
    m.gemmN = gemmSize(k);
    m.gemmK = gemmSize(c * rs);
    timeConvolution(m, layer.timing);
    return m;
}

void timeConvolution(ConvolutionMetrics& metrics, const LayerTiming& timing) {
    const double latency = timing.averageMs;
    metrics.computeEfficiency = latency > 0 ? metrics.macs / latency : 0;
    metrics.memoryEfficiency = latency > 0 ? metrics.bytes / latency : 0;
}

} // namespace planscope
