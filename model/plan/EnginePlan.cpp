#include "plan/EnginePlan.h"

#include <QSet>
#include <algorithm>

namespace planscope {

std::optional<double> EnginePlan::totalAverageMs() const {
    if (!hasProfile)
        return std::nullopt;
    double sum = 0;
    for (const Layer& l : layers)
        sum += l.timing.measured ? l.timing.averageMs : 0.0;
    return sum;
}

std::optional<double> EnginePlan::totalWeightsBytes() const {
    double sum = 0;
    int unknown = 0;
    QSet<QStringView> constants; // a weight read as a tensor by several layers counts once
    for (const Layer& l : layers) {
        if (!l.weightsKnown()) {
            ++unknown;
            continue;
        }
        sum += l.weightsBytes;
        for (const Tensor& t : l.inputs)
            if (t.constant && !constants.contains(t.name))
                constants.insert(t.name);
            else if (t.constant)
                sum -= t.bytes;
    }
    if ((unknown > 0 || layers.empty()) && sum == 0)
        return std::nullopt;
    return sum;
}

int EnginePlan::layersWithoutWeights() const {
    return static_cast<int>(std::count_if(layers.begin(), layers.end(),
                                          [](const Layer& l) { return !l.weightsKnown(); }));
}

std::optional<double> EnginePlan::totalActivationBytes() const {
    if (layers.empty()) // a run without its layers
        return std::nullopt;
    double sum = 0;
    for (const Layer& l : layers) {
        if (!l.ioBytesKnown())
            return std::nullopt;
        sum += l.ioBytes;
    }
    return sum;
}

// As trex's get_bindings, on the graph's tensors (NoOps folded): a binding is an input if a
// layer reads it before any layer touched it, and an output if a layer writes it before any
// layer read it.
EnginePlan::Bindings EnginePlan::bindingTensors() const {
    Bindings result;
    const QSet<QString> bound(bindings.cbegin(), bindings.cend());
    // An engine has few bindings: comparing with each (sizes first) costs less than hashing.
    constexpr qsizetype kFew = 8;
    const auto isBound = [&](const QString& name) {
        return bindings.size() <= kFew ? bindings.contains(name) : bound.contains(name);
    };
    QSet<QString> seen; // only binding names matter
    const auto visit = [&](const std::vector<Tensor>& tensors, std::vector<const Tensor*>& found) {
        for (const Tensor& t : tensors) {
            if (!isBound(t.name))
                continue;
            if (!seen.contains(t.name))
                found.push_back(&t);
            seen.insert(t.name);
        }
    };
    for (const Layer& l : layers) {
        visit(l.graphInputs(), result.inputs);
        visit(l.graphOutputs(), result.outputs);
    }
    return result;
}

EnginePlan::IoDescriptions EnginePlan::ioDescriptions() const {
    IoDescriptions lines;
    if (!ioTensors.empty()) {
        for (const IoTensor& t : ioTensors)
            (t.input ? lines.inputs : lines.outputs) << t.description(profileIndex);
        return lines;
    }
    const Bindings tensors = bindingTensors();
    for (const Tensor* t : tensors.inputs)
        lines.inputs << t->description();
    for (const Tensor* t : tensors.outputs)
        lines.outputs << t->description();
    return lines;
}

const Layer* EnginePlan::findLayer(const QString& name) const {
    for (const Layer& l : layers)
        if (l.name == name)
            return &l;
    return nullptr;
}

} // namespace planscope
