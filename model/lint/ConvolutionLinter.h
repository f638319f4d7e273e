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

} // namespace planscope
