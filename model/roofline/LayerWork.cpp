#include "roofline/LayerWork.h"

#include "roofline/ConvolutionShape.h"

#include <QSet>
#include <QStringView>
#include <algorithm>

namespace planscope {
namespace {

bool sized(const Tensor& t) {
    return t.sized() && t.elementSize() > 0;
}

double product(const std::vector<qint64>& shape, std::size_t from, std::size_t to) {
    double p = 1;
    for (std::size_t i = from; i < to; ++i)
        p *= static_cast<double>(shape[i]);
    return p;
}

std::optional<double> convolutionMacs(const Layer& layer, bool& kernelFromName) {
    if (layer.convolution) // figured as the graph was read
        return layer.convolution->macs;
    const std::optional<ConvolutionShape> shape = convolutionShape(layer);
    if (!shape)
        return std::nullopt;
    kernelFromName = shape->kernelFromName;
    return shape->convolutionMacs();
}

std::optional<double> deconvolutionMacs(const Layer& layer, bool& kernelFromName) {
    const std::optional<ConvolutionShape> shape = convolutionShape(layer);
    if (!shape)
        return std::nullopt;
    kernelFromName = shape->kernelFromName;
    return shape->deconvolutionMacs();
}

// N x K x prod(input dims after the first).
std::optional<double> fullyConnectedMacs(const Layer& layer) {
    if (layer.inputs.empty() || layer.outputs.empty())
        return std::nullopt;
    const Tensor& in = layer.inputs[0];
    const Tensor& out = layer.outputs[0];
    if (!in.sized() || !out.sized() || in.shape.size() < 2 || out.shape.size() < 2)
        return std::nullopt;
    return static_cast<double>(in.shape[0]) * static_cast<double>(out.shape[1]) *
           product(in.shape, 1, in.shape.size());
}

// Output [..., M, N]: K = in0[-1] when in0[-2] == M, else in0[-2]; MACs = prod(output) x K.
std::optional<double> matrixMultiplyMacs(const Layer& layer) {
    if (layer.inputs.empty() || layer.outputs.empty())
        return std::nullopt;
    const std::vector<qint64>& a = layer.inputs[0].shape;
    const std::vector<qint64>& out = layer.outputs[0].shape;
    if (!layer.inputs[0].sized() || !layer.outputs[0].sized() || a.empty() || out.empty())
        return std::nullopt;
    qint64 k = a.back();
    if (a.size() >= 2 && out.size() >= 2 && a[a.size() - 2] != out[out.size() - 2])
        k = a[a.size() - 2];
    return product(out, 0, out.size()) * static_cast<double>(k);
}

// Q [B, H, Sq, D] (or [B, Sq, D]: one head) and K [.., Sk, D]: 4 x B x H x Sq x Sk x D FLOPs,
// QK^T and the product with V.
std::optional<double> attentionFlops(const Layer& layer) {
    if (layer.inputs.size() < 3)
        return std::nullopt;
    const Tensor& q = layer.inputs[0];
    const Tensor& k = layer.inputs[1];
    if (!q.sized() || !k.sized() || q.shape.size() < 3 || q.shape.size() > 4 ||
        k.shape.size() != q.shape.size())
        return std::nullopt;
    const std::size_t rank = q.shape.size();
    const double heads = rank == 4 ? static_cast<double>(q.shape[1]) : 1.0;
    return 4 * static_cast<double>(q.shape[0]) * heads * static_cast<double>(q.shape[rank - 2]) *
           static_cast<double>(k.shape[rank - 2]) * static_cast<double>(q.shape[rank - 1]);
}

// Every listed tensor once (by name), plus the layer's own weights and bias where they are not
// inputs already (TensorRT 10's Myelin GEMMs read theirs as constant inputs, counted there).
std::optional<double> bytesOf(const Layer& layer, bool& weightsUnknown) {
    if (layer.detail == LayerDetail::NameOnly)
        return std::nullopt;
    double bytes = 0;
    double constantInputs = 0;
    std::vector<QStringView> seen; // a few tensors: a list, not a hash
    seen.reserve(layer.inputs.size() + layer.outputs.size());
    const auto add = [&](const std::vector<Tensor>& tensors, bool inputs) {
        for (const Tensor& t : tensors) {
            if (!sized(t))
                return false;
            if (!t.name.isEmpty() && std::find(seen.begin(), seen.end(), t.name) != seen.end())
                continue;
            seen.emplace_back(t.name);
            bytes += t.bytes;
            if (inputs && t.constant)
                constantInputs += t.bytes;
        }
        return true;
    };
    if (!add(layer.inputs, true) || !add(layer.outputs, false))
        return std::nullopt;
    weightsUnknown = !layer.weightsKnown();
    if (!weightsUnknown)
        bytes += std::max(0.0, layer.weightsBytes + layer.biasBytes - constantInputs);
    return bytes;
}

} // namespace

LayerWork layerWork(const Layer& layer) {
    LayerWork work;
    work.kind = layerKind(layer);
    std::optional<double> macs;
    switch (work.kind) {
    case LayerKind::Convolution:
        macs = convolutionMacs(layer, work.kernelFromName);
        break;
    case LayerKind::Deconvolution:
        macs = deconvolutionMacs(layer, work.kernelFromName);
        break;
    case LayerKind::FullyConnected:
        macs = fullyConnectedMacs(layer);
        break;
    case LayerKind::MatrixMultiply:
        macs = matrixMultiplyMacs(layer);
        break;
    case LayerKind::Attention:
        work.flops = attentionFlops(layer);
        break;
    case LayerKind::Other:
        break;
    }
    if (macs)
        work.flops = 2 * *macs;
    work.bytes = bytesOf(layer, work.weightsUnknown);
    if (layer.weightsKnown())
        work.params =
            static_cast<double>(layer.weightsCount) + static_cast<double>(layer.biasCount);
    return work;
}

std::optional<double> engineParams(const std::vector<Layer>& layers) {
    double sum = 0;
    bool known = false;
    QSet<QStringView> constants; // a weight read as a tensor by several layers counts once
    for (const Layer& l : layers) {
        if (!l.weightsKnown())
            continue;
        known = true;
        sum += static_cast<double>(l.weightsCount) + static_cast<double>(l.biasCount);
        for (const Tensor& t : l.inputs)
            if (t.constant && !constants.contains(t.name))
                constants.insert(t.name);
            else if (t.constant && t.sized())
                sum -= t.volume();
    }
    return known ? std::optional(sum) : std::nullopt;
}

} // namespace planscope
