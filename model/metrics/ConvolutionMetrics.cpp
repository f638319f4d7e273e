#include "metrics/ConvolutionMetrics.h"

#include "roofline/ConvolutionShape.h"

#include <algorithm>
#include <cmath>

namespace planscope {
namespace {

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

std::optional<ConvolutionMetrics>
computeConvolutionMetrics(const Layer& layer, std::optional<std::string_view> kernelJson,
                          std::optional<std::string_view> groupsJson) {
    if (!layer.isConvolution())
        return std::nullopt;
    const std::optional<ConvolutionShape> shape = convolutionShape(layer, kernelJson, groupsJson);
    if (!shape)
        return std::nullopt;
    const Tensor& input = layer.inputs[0];
    const Tensor& output = layer.outputs[0];
    ConvolutionMetrics m;
    m.kernel = shape->kernel;
    m.groups = shape->groups;
    const double k = shape->k;
    const double c = shape->c;
    const double rs = shape->kernelVolume;
    const double g = static_cast<double>(m.groups);

    const double elementSize = input.elementSize();
    const double inputBytes = input.volume() * elementSize;
    const double outputBytes = output.volume() * output.elementSize();
    const double weightsBytes = k * c * rs / g * elementSize;
    m.bytes = inputBytes + weightsBytes + outputBytes;
    m.macs = std::trunc(shape->convolutionMacs());
    m.arithmeticIntensity = m.bytes > 0 ? m.macs / m.bytes : 0;
    m.gemmM = gemmSize(shape->n * shape->outputSpatial);
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
