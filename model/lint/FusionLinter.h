#pragma once

#include "lint/Linter.h"

namespace planscope {

// Standalone layers that fusion should have removed or that cost more than they should:
// unfused-scale (a float Scale on its own after a layer whose weights could take it, typically
// an unfused batch normalization) and
// shuffle-costly (a Shuffle taking a noticeable share of latency or converting data types).
class FusionLinter : public Linter {
  public:
    QStringList rules() const override;
    void lint(const EnginePlan& plan, const LintSettings& settings,
              std::vector<LintFinding>& findings) const override;
};

} // namespace planscope
