#pragma once

#include "lint/Linter.h"

namespace planscope {

// trex's ConvLinter: convolutions not on Tensor Cores (as their kernel's name decodes, see
// kernels/KernelName.h), INT8 convolutions with float outputs, and channel counts that Tensor
// Core kernels cannot use well.
class ConvolutionLinter : public Linter {
  public:
    QStringList rules() const override;
    void lint(const EnginePlan& plan, const LintSettings& settings,
              std::vector<LintFinding>& findings) const override;
};

// Whether a convolution's only unaligned channel count is its input's, of 4 or fewer channels:
// an image's (gray, RGB, RGBA), which TensorRT serves with dedicated first-layer kernels; the
// conv-channel-alignment finding stays, the lead leaves it out.
bool readsImageChannels(const Layer& conv);

} // namespace planscope
