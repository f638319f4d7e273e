#pragma once

#include "lint/Linter.h"

namespace planscope {

// small-batch: an engine whose batch (first input dimension) is small enough to underuse the
// GPU, with the share of its layers that are bound by launch latency.
class BatchLinter : public Linter {
  public:
    QStringList rules() const override;
    void lint(const EnginePlan& plan, const LintSettings& settings,
              std::vector<LintFinding>& findings) const override;
};

// weights-sparsity: layers running with structured-sparse weights, or allowed to and not.
// sparse-kernel-mismatch: sparse weights with a dense kernel (the sparsity brings nothing), and
// a sparse kernel on a convolution of fewer than 256 input or output channels (too small to gain).
class SparsityLinter : public Linter {
  public:
    QStringList rules() const override;
    void lint(const EnginePlan& plan, const LintSettings& settings,
              std::vector<LintFinding>& findings) const override;
};

// precision-fallback: layers running in FP32 inside an engine built for FP16 or INT8 (the
// builder configuration's Precision, else the layers' own), slowest first; not the layers that
// compute a normalization's statistics (computesNormalizationStatistics).
class PrecisionFallbackLinter : public Linter {
  public:
    QStringList rules() const override;
    void lint(const EnginePlan& plan, const LintSettings& settings,
              std::vector<LintFinding>& findings) const override;
};

} // namespace planscope
