#include "plan/Layer.h"

#include "plan/LayerKind.h"

#include <algorithm>
#include <limits>

namespace planscope {

QString shapeToText(const std::vector<qint64>& shape) {
    QStringList parts;
    parts.reserve(static_cast<qsizetype>(shape.size()));
    for (qint64 d : shape)
        parts << QString::number(d);
    return '[' + parts.join(QStringLiteral(", ")) + ']';
}

double Tensor::volume() const {
    double v = 1;
    for (qint64 d : shape)
        v *= static_cast<double>(d);
    return v;
}

bool Tensor::sized() const {
    return std::all_of(shape.begin(), shape.end(), [](qint64 d) { return d >= 0; });
}

QString Tensor::shapeText() const {
    return shapeToText(shape);
}

QString Tensor::description() const {
    return name + QStringLiteral(": ") + shapeText() + 'x' + format();
}

const TensorStorage& Tensor::storageOrNone() const {
    static const TensorStorage none;
    return storage ? *storage : none;
}

namespace {

// The layer kinds that hold weights of their own: convolutions (Myelin's correlation too),
// deconvolutions, fully connected layers, Myelin subgraphs and RNNs; and a matrix multiply of
// one listed input, whose other operand is weights it does not list (TensorRT 10's Myelin GEMMs
// read theirs as a constant input tensor, which counts when present; a MatrixMultiply's come
// from a Constant).
bool holdsWeights(const Layer& layer) {
    static const QStringList types = {"Myelin", "RNN", "RNNv2"};
    const LayerKind kind = layerKind(layer);
    return kind == LayerKind::Convolution || kind == LayerKind::Deconvolution ||
           kind == LayerKind::FullyConnected || types.contains(layer.type) ||
           (kind == LayerKind::MatrixMultiply && layer.inputs.size() == 1);
}

} // namespace

bool Layer::weightsKnown() const {
    return detail == LayerDetail::Full && (weightsExported || !holdsWeights(*this));
}

void Layer::addWeightTensor(const Tensor& t) {
    weightsExported = true;
    if (weightsType.isEmpty())
        weightsType = t.precision();
    // Summed as a double: a damaged file's volume (1e54) saturates instead of overflowing.
    const double count = static_cast<double>(weightsCount) + (t.sized() ? t.volume() : 0.0);
    constexpr double kLargest = 9.0e18; // below qint64's largest, exactly representable
    weightsCount =
        count < kLargest ? static_cast<qint64>(count) : std::numeric_limits<qint64>::max();
    weightsBytes += t.bytes;
}

bool Layer::isConvolution() const {
    return layerKind(*this) == LayerKind::Convolution;
}

bool Layer::ioBytesKnown() const {
    const auto sized = [](const std::vector<Tensor>& tensors) {
        return std::all_of(tensors.begin(), tensors.end(),
                           [](const Tensor& t) { return t.sized(); });
    };
    return detail != LayerDetail::NameOnly && sized(inputs) && sized(outputs);
}

} // namespace planscope
