#pragma once

#include "lint/Linter.h"

namespace planscope {

// conv-nonstandard-padding: stride-1 convolutions whose padding does not keep the spatial size
// ((K-1)/2 per side for an odd KxK kernel, times the dilation), and asymmetric padding.
class PaddingLinter : public Linter {
  public:
    QStringList rules() const override;
    void lint(const EnginePlan& plan, const LintSettings& settings,
              std::vector<LintFinding>& findings) const override;
};

} // namespace planscope
