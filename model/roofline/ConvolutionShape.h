#pragma once

#include "plan/Layer.h"

#include <optional>
#include <string_view>
#include <vector>

namespace planscope {

// A convolution's or deconvolution's sizes: N and C from its first input, K from its first
// output, G from its Groups (1 when absent), the kernel from its Kernel attribute (a fused
// ConvActPool's ConvGroups and ConvKernel), else from its kernel's name (`r3s3`, `t1r3s3`,
// `k64r7s7c4`, read by kernels/KernelName). A ConvActPool's output is its pooling's: its output
// spatial sizes are the pooled ones, as the rule takes the first output.
struct ConvolutionShape {
    double n = 0;
    double c = 0;
    double k = 0;
    double inputSpatial = 0;  // the product of the input's spatial dimensions
    double outputSpatial = 0; // the output's (1 for a flat [N, K] output)
    double kernelVolume = 0;  // the product of the kernel's dimensions
    qint64 groups = 1;
    std::vector<qint64> kernel;
    bool kernelFromName = false; // the Kernel attribute was missing: the name gave it

    // N x K x prod(output spatial) x (C / G) x prod(kernel).
    double convolutionMacs() const { return n * k * outputSpatial * c * kernelVolume / g(); }
    // N x C x prod(input spatial) x (K / G) x prod(kernel).
    double deconvolutionMacs() const { return n * c * inputSpatial * k * kernelVolume / g(); }

  private:
    double g() const { return static_cast<double>(groups); }
};

// Empty when the layer has no batch-channel-spatial input (of as many spatial dimensions as its
// kernel) and output, a dimension is unknown (< 0), or neither the attribute nor the name gives
// the kernel. The caller decides whether the layer is a convolution.
std::optional<ConvolutionShape> convolutionShape(const Layer& layer);
// The same from the Kernel and Groups attributes as written (JSON text), where the caller has
// them at hand (the graph reader, which walked the entry's members already).
std::optional<ConvolutionShape> convolutionShape(const Layer& layer,
                                                 std::optional<std::string_view> kernelJson,
                                                 std::optional<std::string_view> groupsJson);

} // namespace planscope
