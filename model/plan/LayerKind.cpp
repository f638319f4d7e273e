#include "plan/LayerKind.h"

#include <QHash>

namespace planscope {
namespace {

// Type names (ParameterType or LayerType, as exported) and what they compute.
const QHash<QString, LayerKind>& kinds() {
    static const QHash<QString, LayerKind> table = {
        {QStringLiteral("Convolution"), LayerKind::Convolution},
        {QStringLiteral("ConvActPool"), LayerKind::Convolution},
        {QStringLiteral("CaskConvolution"), LayerKind::Convolution},
        {QStringLiteral("CaskGemmConvolution"), LayerKind::Convolution},
        {QStringLiteral("CudnnConvolution"), LayerKind::Convolution},
        {QStringLiteral("CaskConvActPool"), LayerKind::Convolution},
        {QStringLiteral("correlation"), LayerKind::Convolution},
        {QStringLiteral("conv_act_pool"), LayerKind::Convolution},
        {QStringLiteral("Deconvolution"), LayerKind::Deconvolution},
        {QStringLiteral("CaskDeconvolution"), LayerKind::Deconvolution},
        {QStringLiteral("CaskDeconvolutionV2"), LayerKind::Deconvolution},
        {QStringLiteral("deconv"), LayerKind::Deconvolution},
        {QStringLiteral("FullyConnected"), LayerKind::FullyConnected},
        {QStringLiteral("CaskFullyConnected"), LayerKind::FullyConnected},
        {QStringLiteral("MatrixMultiply"), LayerKind::MatrixMultiply},
        {QStringLiteral("CaskGemmMatrixMultiply"), LayerKind::MatrixMultiply},
        {QStringLiteral("gemm"), LayerKind::MatrixMultiply},
        {QStringLiteral("mha"), LayerKind::Attention},
        {QStringLiteral("fmha"), LayerKind::Attention},
    };
    return table;
}

} // namespace

LayerKind layerKind(const Layer& layer) {
    const auto& table = kinds();
    if (const auto it = table.constFind(layer.type); it != table.cend())
        return *it;
    if (const auto it = table.constFind(layer.subtype); it != table.cend())
        return *it;
    return LayerKind::Other;
}

} // namespace planscope
