#include "onnxmodel/WeightFigures.h"

#include "onnxmodel/TensorValues.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace planscope {
namespace {

// A tensor seen as [outer, dim, inner] around one axis.
struct AxisView {
    qint64 outer = 1;
    qint64 dim = 1;
    qint64 inner = 1;
};

AxisView viewAround(const std::vector<qint64>& dims, int axis) {
    AxisView view;
    for (int i = 0; i < int(dims.size()); ++i) {
        if (i < axis)
            view.outer *= dims[std::size_t(i)];
        else if (i == axis)
            view.dim = dims[std::size_t(i)];
        else
            view.inner *= dims[std::size_t(i)];
    }
    return view;
}

bool validAxis(const WeightTensor& weight, int axis) {
    return axis >= 0 && axis < int(weight.tensor->dims.size());
}

struct FirstPass {
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
    double sum = 0;
};

// Min, max, sum, zeros and each output channel's largest |w|, block by block.
template <class At>
void firstPass(const WeightTensor& weight, At at, FirstPass& pass, WeightFigures& figures) {
    const bool channels = validAxis(weight, weight.outputAxis);
    const AxisView view = channels ? viewAround(weight.tensor->dims, weight.outputAxis)
                                   : AxisView{1, 1, weight.tensor->elements()};
    const std::size_t firstChannel = figures.channelMax.size();
    if (channels)
        figures.channelMax.resize(firstChannel + std::size_t(view.dim), 0.0);
    qint64 zeros = 0;
    qint64 nonFinite = 0;
    double low = pass.min;
    double high = pass.max;
    // One value into the figures (and its channel's largest |w|); NaN and infinities counted
    // apart and left out.
    const auto take = [&](double value, double& sum, double& largest) {
        if (!std::isfinite(value)) {
            ++nonFinite;
            return;
        }
        low = std::min(low, value);
        high = std::max(high, value);
        sum += value;
        zeros += value == 0;
        largest = std::max(largest, std::abs(value));
    };
    if (channels && view.inner == 1) { // the output channels last (MatMul's B): row by row
        double* largest = figures.channelMax.data() + firstChannel;
        for (qint64 o = 0; o < view.outer; ++o) {
            double sum = 0;
            for (qint64 c = 0; c < view.dim; ++c)
                take(at(o * view.dim + c), sum, largest[c]);
            pass.sum += sum;
        }
    } else {
        for (qint64 o = 0; o < view.outer; ++o)
            for (qint64 c = 0; c < view.dim; ++c) {
                const qint64 begin = (o * view.dim + c) * view.inner;
                double sum = 0;
                double largest = 0;
                for (qint64 i = begin; i < begin + view.inner; ++i)
                    take(at(i), sum, largest);
                pass.sum += sum;
                if (channels) {
                    double& channel = figures.channelMax[firstChannel + std::size_t(c)];
                    channel = std::max(channel, largest);
                }
            }
    }
    pass.min = low;
    pass.max = high;
    figures.zeros += zeros;
    figures.nonFinite += nonFinite;
}

// Groups of four along the input-channel axis, and those with at least two zeros.
template <class At> void countGroups(const WeightTensor& weight, At at, WeightFigures& figures) {
    if (!validAxis(weight, weight.inputAxis))
        return;
    const AxisView view = viewAround(weight.tensor->dims, weight.inputAxis);
    for (qint64 o = 0; o < view.outer; ++o)
        for (qint64 g = 0; g + 4 <= view.dim; g += 4)
            for (qint64 k = 0; k < view.inner; ++k) {
                int zeros = 0;
                for (qint64 j = 0; j < 4; ++j)
                    zeros += at((o * view.dim + g + j) * view.inner + k) == 0;
                ++figures.groups24;
                figures.sparseGroups24 += zeros >= 2;
            }
}

// numpy.histogram's binning: the bin by the scaled offset, then moved where rounding put a
// value on the wrong side of an edge.
struct Binning {
    double first = 0;
    double last = 0;
    int bins = 0;
    std::vector<double> edges;

    Binning(double low, double high, int count) : first(low), last(high), bins(count) {
        if (first == last) {
            first -= 0.5;
            last += 0.5;
        }
        const double step = (last - first) / bins;
        for (int i = 0; i <= bins; ++i)
            edges.push_back(first + i * step);
        edges.back() = last;
    }
    int binOf(double value) const {
        const double scaled = (value - first) * (bins / (last - first));
        // Compared before the cast: a range wider than a double holds makes it NaN.
        int index = scaled >= bins ? bins : scaled > 0 ? int(scaled) : 0;
        if (index == bins)
            --index;
        if (value < edges[std::size_t(index)])
            --index;
        else if (value >= edges[std::size_t(index) + 1] && index != bins - 1)
            ++index;
        return index;
    }
};

template <class At>
void secondPass(const OnnxInitializer& tensor, At at, double mean, const Binning& binning,
                std::vector<qint64>& counts, double& squares) {
    const qint64 n = tensor.elements();
    double sum = 0;
    for (qint64 i = 0; i < n; ++i) {
        const double value = at(i);
        if (!std::isfinite(value))
            continue;
        sum += (value - mean) * (value - mean);
        ++counts[std::size_t(binning.binOf(value))];
    }
    squares += sum;
}

std::optional<double> percent(qint64 part, qint64 whole) {
    return whole > 0 ? std::optional(100.0 * double(part) / double(whole)) : std::nullopt;
}

} // namespace

std::optional<double> WeightFigures::zeroPercent() const {
    return percent(zeros, elements);
}

std::optional<double> WeightFigures::sparse24Percent() const {
    return percent(sparseGroups24, groups24);
}

std::optional<double> WeightFigures::channelRangeRatio() const {
    if (channelMax.empty())
        return std::nullopt;
    std::vector<double> sorted = channelMax;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    const double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    if (median == 0)
        return std::nullopt;
    return sorted.back() / median;
}

WeightFigures weighTensors(const std::vector<WeightTensor>& tensors, int bins) {
    WeightFigures figures;
    FirstPass pass;
    std::vector<const OnnxInitializer*> read;
    for (const WeightTensor& weight : tensors) {
        const bool readable = tensorvalues::visit(*weight.tensor, [&](auto at) {
            firstPass(weight, at, pass, figures);
            countGroups(weight, at, figures);
        });
        if (readable) {
            figures.elements += weight.tensor->elements();
            read.push_back(weight.tensor);
        }
    }
    const qint64 finite = figures.elements - figures.nonFinite;
    if (finite == 0)
        return figures;
    const double mean = pass.sum / double(finite);
    figures.min = pass.min;
    figures.max = pass.max;
    figures.mean = mean;
    const Binning binning(pass.min, pass.max, bins);
    std::vector<qint64> counts(std::size_t(bins), 0);
    double squares = 0;
    for (const OnnxInitializer* tensor : read)
        tensorvalues::visit(
            *tensor, [&](auto at) { secondPass(*tensor, at, mean, binning, counts, squares); });
    figures.std = std::sqrt(squares / double(finite));
    for (int i = 0; i < bins; ++i)
        figures.histogram.push_back({binning.edges[std::size_t(i)],
                                     binning.edges[std::size_t(i) + 1], counts[std::size_t(i)]});
    return figures;
}

std::vector<double> tensorValues(const OnnxInitializer& tensor) {
    std::vector<double> values;
    tensorvalues::visit(tensor, [&](auto at) {
        values.resize(std::size_t(tensor.elements()));
        for (qint64 i = 0; i < tensor.elements(); ++i)
            values[std::size_t(i)] = at(i);
    });
    return values;
}

} // namespace planscope
