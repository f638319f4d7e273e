#include "plan/Layer.h"

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
    return name + QStringLiteral(": ") + shapeText() + 'x' + format;
}

namespace {

// The layer kinds that hold weights of their own (TensorRT 10's Myelin GEMMs read theirs as a
// constant input tensor, which counts when present; a MatrixMultiply's come from a Constant).
bool holdsWeights(const QString& type) {
    static const QStringList kinds = {
        "Convolution", "Deconvolution", "FullyConnected", "ConvActPool", "Myelin", "RNN", "RNNv2"};
    return kinds.contains(type);
}

} // namespace

bool Layer::weightsKnown() const {
    return detail == LayerDetail::Full && (weightsExported || !holdsWeights(type));
}

void Layer::addWeightTensor(const Tensor& t) {
    weightsExported = true;
    if (weightsType.isEmpty())
        weightsType = t.precision;
    // Summed as a double: a damaged file's volume (1e54) saturates instead of overflowing.
    const double count = static_cast<double>(weightsCount) + (t.sized() ? t.volume() : 0.0);
    constexpr double kLargest = 9.0e18; // below qint64's largest, exactly representable
    weightsCount =
        count < kLargest ? static_cast<qint64>(count) : std::numeric_limits<qint64>::max();
    weightsBytes += t.bytes;
}

bool Layer::ioBytesKnown() const {
    const auto sized = [](const std::vector<Tensor>& tensors) {
        return std::all_of(tensors.begin(), tensors.end(),
                           [](const Tensor& t) { return t.sized(); });
    };
    return detail != LayerDetail::NameOnly && sized(inputs) && sized(outputs);
}

} // namespace planscope
