#pragma once

#include "plan/ProfileRecord.h"

#include <QByteArray>

namespace planscope {

// A per-layer profile as TensorRT's Python API users write it from an IProfiler: every
// inference's time of each layer, {"layer name": [ms, ms, ...], ...}. Each layer becomes a
// record: its average the samples' mean, its median their median, its total their sum, its
// percentage its average's share of all averages; the iterations are the sample count most
// layers have.
//
// True when the text begins so: an object whose first value is a list starting with a number
// (looks at the beginning only, as sniffing does).
bool looksLikeLayerSamples(const QByteArray& text);

// Reads the layers in file order (a repeated name stays repeated, as trtexec's records would).
// Throws PlanError naming the file, the layer and the fix for anything else: invalid JSON, a
// value that is no list, an empty list, a time that is no number or is negative, no layer.
ProfileFile parseLayerSamples(const QByteArray& text, const QString& path);

} // namespace planscope
