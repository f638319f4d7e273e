#pragma once

#include "lint/Linter.h"

namespace planscope {

// Quantize or Dequantize operations left as standalone Scale layers (exactly one side is INT8).
class QdqLinter : public Linter {
  public:
    QStringList rules() const override;
    void lint(const EnginePlan& plan, const LintSettings& settings,
              std::vector<LintFinding>& findings) const override;
};

} // namespace planscope
