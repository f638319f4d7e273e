#pragma once

#include "plan/Layer.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace planscope {

// The precision a layer running in `precision` could try next, narrower than it, as trtexec
// spells it: "fp16" for FP32 or TF32, "int8" for FP16 or BF16; none for INT8 and narrower (or a
// precision not known), so advice never names the precision a layer already runs in.
std::optional<QString> narrowerPrecision(const QString& precision);

// The names trtexec's --layerPrecisions takes for the layer: the network layers it was built
// from, which the ONNX parser names after their nodes. The nodes its Metadata names (a Myelin
// kernel "__myl_..." is found by these only), else its name's fused parts; none of the names
// TensorRT makes up ("(Unnamed Layer* 5) [Shuffle]", a Reformatting CopyNode, a ForeignNode).
QStringList networkLayerNames(const Layer& layer);

// "trtexec --layerPrecisions=/a/Conv:fp16,/a/Relu:fp16 --precisionConstraints=obey", the
// argument quoted for a shell where a name needs it; NAME stands in where the layer names none.
QString layerPrecisionsCommand(const Layer& layer, const QString& precision,
                               const QString& constraint);

} // namespace planscope
