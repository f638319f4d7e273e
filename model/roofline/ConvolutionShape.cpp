#include "roofline/ConvolutionShape.h"

#include "kernels/KernelName.h"
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

// The filter the kernel's name carries ("3x3", "3x3x3"), as `spatial` dimensions: the decoder
// drops a depth of 1 (`t1r3s3` reads "3x3"), which comes back as a leading 1.
std::vector<qint64> kernelFromName(const QString& tactic, std::size_t spatial) {
    const QString filter = decodeKernelName(tactic).filter;
    if (filter.isEmpty())
        return {};
    std::vector<qint64> kernel;
    for (const QString& part : filter.split(QLatin1Char('x')))
        kernel.push_back(part.toLongLong());
    if (kernel.size() > spatial ||
        std::any_of(kernel.begin(), kernel.end(), [](qint64 d) { return d <= 0; }))
        return {};
    kernel.insert(kernel.begin(), spatial - kernel.size(), 1);
    return kernel;
}

double product(const std::vector<qint64>& values, std::size_t from) {
    double p = 1;
    for (std::size_t i = from; i < values.size(); ++i)
        p *= static_cast<double>(values[i]);
    return p;
}

} // namespace

std::optional<ConvolutionShape> convolutionShape(const Layer& layer) {
    // A fused ConvActPool names its convolution's "ConvKernel" and "ConvGroups".
    const auto attribute = [&](std::string_view key, std::string_view fused) {
        const auto value = layer.attributeJson(key);
        return value ? value : layer.attributeJson(fused);
    };
    return convolutionShape(layer, attribute("Kernel", "ConvKernel"),
                            attribute("Groups", "ConvGroups"));
}

std::optional<ConvolutionShape> convolutionShape(const Layer& layer,
                                                 std::optional<std::string_view> kernelJson,
                                                 std::optional<std::string_view> groupsJson) {
    if (layer.inputs.empty() || layer.outputs.empty())
        return std::nullopt;
    const Tensor& input = layer.inputs[0];
    const Tensor& output = layer.outputs[0];
    // A dynamic shape: its MACs are unknown. A fully-connected layer run as a 1x1 convolution
    // may have a flat [N, K] output: its spatial product is 1.
    if (!input.sized() || !output.sized() || input.shape.size() < 3 || output.shape.size() < 2)
        return std::nullopt;
    ConvolutionShape s;
    s.kernel = integerList(kernelJson);
    const std::size_t spatial = input.shape.size() - 2;
    if (s.kernel.empty()) {
        s.kernel = kernelFromName(layer.tactic, spatial);
        s.kernelFromName = !s.kernel.empty();
    }
    if (s.kernel.empty() || s.kernel.size() != spatial)
        return std::nullopt;
    s.groups = std::max<qint64>(1, groupsOf(layer, groupsJson));
    s.n = static_cast<double>(input.shape[0]);
    s.c = static_cast<double>(input.shape[1]);
    s.k = static_cast<double>(output.shape[1]);
    s.inputSpatial = product(input.shape, 2);
    s.outputSpatial = product(output.shape, 2);
    s.kernelVolume = product(s.kernel, 0);
    return s;
}

} // namespace planscope
