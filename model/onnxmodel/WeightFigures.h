#pragma once

#include "onnxmodel/OnnxGraph.h"
#include "plan/HistogramBin.h"

#include <optional>
#include <vector>

namespace planscope {

// The figures of a layer's weights, from the values of the initializers it reads (its
// "weight tensors"), computed in double precision on the values as stored (an INT8 weight's
// integers, not dequantized).

// A weight tensor and the axes its figures run along (-1: none).
struct WeightTensor {
    const OnnxInitializer* tensor = nullptr;
    int inputAxis = -1;  // the input-channel axis: 2:4 groups run along it
    int outputAxis = -1; // the output-channel axis: each channel's largest |w|
};

inline constexpr int kWeightHistogramBins = 32;
// A channel range ratio above this is a quantization outlier: one output channel's largest |w|
// that far above the median channel's sets an INT8 or FP8 scale the other channels lose to.
inline constexpr double kOutlierChannelRatio = 10;

// NaN and infinite values are counted (nonFinite) and left out of the range, mean, std,
// histogram and channel maxima; they count among the elements and are no zeros.
struct WeightFigures {
    qint64 elements = 0; // the values read (tensors whose type has no readable values left out)
    qint64 nonFinite = 0;
    std::optional<double> min;
    std::optional<double> max;
    std::optional<double> mean;
    std::optional<double> std; // the population's (numpy's std, ddof 0)
    qint64 zeros = 0;
    // Groups of four consecutive elements along the input-channel axis (the last one to three
    // elements of a channel count not a multiple of four in none), and those with two zeros.
    qint64 groups24 = 0;
    qint64 sparseGroups24 = 0;
    std::vector<double> channelMax; // each output channel's largest |w|, tensor after tensor
    // Equal bins from min to max, the last closed (numpy.histogram's); min - 0.5 to max + 0.5
    // when all values are equal.
    std::vector<HistogramBin> histogram;

    std::optional<double> zeroPercent() const;
    // Missing without an input-channel axis of four or more.
    std::optional<double> sparse24Percent() const;
    // The largest channel's largest |w| over the median channel's; missing without an output
    // axis or when the median is 0.
    std::optional<double> channelRangeRatio() const;
};

WeightFigures weighTensors(const std::vector<WeightTensor>& tensors,
                           int bins = kWeightHistogramBins);

// An initializer's values as doubles (for scales and tests); empty when its type has none.
std::vector<double> tensorValues(const OnnxInitializer& tensor);

} // namespace planscope
