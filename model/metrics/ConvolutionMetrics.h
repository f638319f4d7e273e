#pragma once

#include "plan/Layer.h"

#include <optional>

namespace planscope {

// The convolution as an implicit GEMM, as trex's annotate_convolutions: MACs = N*K*P*Q*C*R*S/G,
// bytes = input + weights + output (all in the input's data type), M = N*P*Q, N = K, K = C*R*S.
// Empty when the layer is not a convolution with a batch-channel-spatial input and output.
std::optional<ConvolutionMetrics> computeConvolutionMetrics(const Layer& layer);

} // namespace planscope
