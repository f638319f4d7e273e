#pragma once

#include "plan/Layer.h"
#include "plan/LayerKind.h"

#include <optional>

namespace planscope {

// The work one layer does, by the rules README.md's "Speed of light" documents: its FLOPs
// (2 x multiply-accumulates, for convolutions, deconvolutions, fully connected layers, matrix
// multiplies and attention; empty for other kinds, judged by their bytes), the bytes it moves
// (every listed tensor once, plus its own weights and bias where they are no input already) and
// its parameters (weight elements). A figure the files do not give is empty, never 0.
struct LayerWork {
    LayerKind kind = LayerKind::Other;
    std::optional<double> flops;
    std::optional<double> bytes;
    std::optional<double> params;
    bool kernelFromName = false; // a convolution's kernel size read from its kernel's name
    bool weightsUnknown = false; // the layer holds weights the files do not give: not in bytes
};

LayerWork layerWork(const Layer& layer);

// The engine's parameters: every layer's known ones, a weight several layers read as a tensor
// once; empty when no layer's are known.
std::optional<double> engineParams(const std::vector<Layer>& layers);

} // namespace planscope
