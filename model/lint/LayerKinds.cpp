#include "lint/LayerKinds.h"

#include "plan/OnnxOrigin.h"

namespace planscope {
namespace {

// The ONNX operators that compute a normalization's statistics (a mean, a variance). An
// inference BatchNormalization computes none: it is a Scale.
const QStringList kStatisticsOps = {QStringLiteral("InstanceNormalization"),
                                    QStringLiteral("GroupNormalization"),
                                    QStringLiteral("LayerNormalization"),
                                    QStringLiteral("RMSNormalization"),
                                    QStringLiteral("ReduceMean"),
                                    QStringLiteral("ReduceSumSquare"),
                                    QStringLiteral("ReduceL2")};

// Myelin names its generated kernels after the operations they fuse, spelled out or cut to
// three letters: __myl_MeanSubMulMeanAddSqrtDivMul..., __myl_AddCasMea..., __myl_Inor...
const QStringList kMyelinStatisticsPieces = {QStringLiteral("Mea"), QStringLiteral("Norm"),
                                             QStringLiteral("Inor"), QStringLiteral("Gnor"),
                                             QStringLiteral("Lnor")};

} // namespace

bool computesNormalizationStatistics(const Layer& layer) {
    if (layer.type == QLatin1String("Normalization")) // TensorRT's INormalizationLayer
        return true;
    bool found = false;
    forEachOnnxNode(layer.metadata, [&found](QStringView node) {
        found = found || kStatisticsOps.contains(onnxOperatorOf(node));
    });
    if (found)
        return true;
    if (layer.name.startsWith(QLatin1String("__myl_"))) {
        const QStringView fused = QStringView(layer.name).sliced(6);
        return std::any_of(kMyelinStatisticsPieces.begin(), kMyelinStatisticsPieces.end(),
                           [fused](const QString& piece) { return fused.contains(piece); });
    }
    const QStringList parts = layer.fusedParts();
    return std::any_of(parts.begin(), parts.end(), [](const QString& part) {
        return kStatisticsOps.contains(onnxOperatorOf(part));
    });
}

} // namespace planscope
