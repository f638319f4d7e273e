#pragma once

#include "plan/Layer.h"

namespace planscope {

// What a layer computes, as far as the work it does goes: the one classification of kinds the
// metrics, charts, lints and the roofline share. TensorRT 10 Myelin's kinds are what they are:
// its `correlation` and `conv_act_pool` are convolutions, `deconv` a deconvolution, `gemm` a
// matrix multiply, `mha`/`fmha` attention.
enum class LayerKind {
    Convolution,
    Deconvolution,
    FullyConnected,
    MatrixMultiply,
    Attention,
    Other
};

// By the layer's type (ParameterType, else LayerType), then its LayerType.
LayerKind layerKind(const Layer& layer);

inline bool isConvolutionKind(LayerKind kind) {
    return kind == LayerKind::Convolution;
}
// Convolution, deconvolution, fully connected, matrix multiply: the kinds a GEMM runs.
inline bool isGemmKind(LayerKind kind) {
    return kind == LayerKind::Convolution || kind == LayerKind::Deconvolution ||
           kind == LayerKind::FullyConnected || kind == LayerKind::MatrixMultiply;
}

} // namespace planscope
