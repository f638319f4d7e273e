#pragma once

#include "plan/Layer.h"

#include <optional>
#include <string_view>

namespace planscope {

// The convolution as an implicit GEMM, as trex's annotate_convolutions: MACs = N*K*P*Q*C*R*S/G,
// bytes = input + weights + output (all in the input's data type), M = N*P*Q, N = K, K = C*R*S.
// Empty when the layer is not a convolution (plan/LayerKind: Myelin's correlation too) with a
// batch-channel-spatial input and output and a known kernel (roofline/ConvolutionShape: the
// Kernel attribute, else the kernel's name).
// The efficiencies stay 0 until timeConvolution: the graph reader figures each layer as it reads
// it (its tensors and attributes still in the cache), before the profile gives its latency.
std::optional<ConvolutionMetrics> computeConvolutionMetrics(const Layer& layer);
// The same from the layer's Kernel and Groups attributes as written (JSON text), where the caller
// has them at hand: the graph reader, which walked the entry's members already.
std::optional<ConvolutionMetrics>
computeConvolutionMetrics(const Layer& layer, std::optional<std::string_view> kernelJson,
                          std::optional<std::string_view> groupsJson);

// Sets the efficiencies from the layer's average latency (0 when it has none).
void timeConvolution(ConvolutionMetrics& metrics, const LayerTiming& timing);

} // namespace planscope
