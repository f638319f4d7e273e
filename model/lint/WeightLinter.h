#pragma once

#include "lint/LintFinding.h"
#include "lint/LintSettings.h"
#include "onnxmodel/ModelWeights.h"
#include "plan/EnginePlan.h"

#include <QStringList>
#include <vector>

namespace planscope {

// The rules that read the weights of the ONNX model beside the plan (onnxmodel/ModelWeights):
// they run only where a model is given (--onnx, File > Open Model), and without one find
// nothing, which is no verdict.
// sparse-ready-dense-kernel: weights 2:4-ready (two zeros in every group of four along the input
// channels) on a layer whose kernel, as its name decodes, is dense, on a GPU with sparse Tensor
// Cores (compute capability 8.0 or later: the files' device, else the kernel's sm); the layer's
// own HasSparseWeights is sparse-kernel-mismatch's.
// quantized-outlier-channel: an INT8 or FP8 layer whose weights have an output channel whose
// largest |w| is more than kOutlierChannelRatio times the median channel's.
QStringList modelWeightRules();

// Adds the findings of the model weights' rules that `settings` runs.
void lintModelWeights(const EnginePlan& plan, const ModelWeights& weights,
                      const LintSettings& settings, std::vector<LintFinding>& findings);

} // namespace planscope
