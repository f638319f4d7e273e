#pragma once

#include "lint/Linter.h"

#include <QLatin1String>
#include <QStringList>
#include <memory>
#include <vector>

namespace planscope {

// Every lint rule's id (README.md, "Lint rules", describes each), written here only.
namespace lintrules {
inline constexpr QLatin1String kConvNotAccelerated{"conv-not-accelerated"};
inline constexpr QLatin1String kConvInt8FloatOutput{"conv-int8-float-output"};
inline constexpr QLatin1String kConvChannelAlignment{"conv-channel-alignment"};
inline constexpr QLatin1String kReformatTypeConversion{"reformat-type-conversion"};
inline constexpr QLatin1String kSliceTypeConversion{"slice-type-conversion"};
inline constexpr QLatin1String kUnfusedQdq{"unfused-qdq"};
inline constexpr QLatin1String kConvNonstandardPadding{"conv-nonstandard-padding"};
inline constexpr QLatin1String kUnfusedScale{"unfused-scale"};
inline constexpr QLatin1String kShuffleCostly{"shuffle-costly"};
inline constexpr QLatin1String kUnquantizedResidual{"unquantized-residual"};
inline constexpr QLatin1String kPrecisionFallback{"precision-fallback"};
inline constexpr QLatin1String kSmallBatch{"small-batch"};
inline constexpr QLatin1String kWeightsSparsity{"weights-sparsity"};
inline constexpr QLatin1String kSparseKernelMismatch{"sparse-kernel-mismatch"};
// The rules that read the ONNX model's weights (lint/WeightLinter), after the plan's.
inline constexpr QLatin1String kSparseReadyDenseKernel{"sparse-ready-dense-kernel"};
inline constexpr QLatin1String kQuantizedOutlierChannel{"quantized-outlier-channel"};
} // namespace lintrules

// Every linter, in the order they run (a linter may check several rules); the thresholds they
// read are in lint/LintSettings.
std::vector<std::unique_ptr<Linter>> standardLinters();

// Every rule id of the standard linters, in the order they run, then those of the model's
// weights (lint/WeightLinter: modelWeightRules), which run only beside an ONNX model.
QStringList standardRules();

} // namespace planscope
