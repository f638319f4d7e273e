#pragma once

#include "lint/Linter.h"

namespace planscope {

// unquantized-residual: in a quantized engine, residual (skip-connection) adds whose inputs are
// float while the convolution they belong to runs in INT8, and the Reformats that exist only to
// convert to and from that float skip path (ResNet "qat" against "qat-residual").
class ResidualLinter : public Linter {
  public:
    QStringList rules() const override;
    void lint(const EnginePlan& plan, const LintSettings& settings,
              std::vector<LintFinding>& findings) const override;
};

} // namespace planscope
