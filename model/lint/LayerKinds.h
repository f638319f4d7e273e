#pragma once

#include "plan/Layer.h"

#include <algorithm>

namespace planscope {

// Whether a layer is a Reformat: TensorRT's (type Reformat) or Myelin's (MyelinReformat, as type
// or as the LayerType under another ParameterType). The reformats lead holds them; the
// precision-fallback rule leaves them to the type-conversion rules, so no layer is in both.
inline bool isReformatLayer(const Layer& layer) {
    return layer.type == QLatin1String("Reformat") ||
           layer.type == QLatin1String("MyelinReformat") ||
           layer.subtype == QLatin1String("MyelinReformat");
}

// Whether Myelin made the layer: a subgraph it compiled (type Myelin, TensorRT 8.6's
// {ForeignNode[...]}) or a kernel it generated (TensorRT 10's kgen layers "__myl_Scat_myl8_15",
// its gemm and shape calls named "..._myl9_2").
inline bool isMyelinLayer(const Layer& layer) {
    if (layer.type == QLatin1String("Myelin") || layer.subtype == QLatin1String("kgen") ||
        layer.name.startsWith(QLatin1String("__myl_")))
        return true;
    const qsizetype at = layer.name.lastIndexOf(QLatin1String("_myl"));
    if (at < 0)
        return false;
    const QStringView counters = QStringView(layer.name).sliced(at + 4); // "9_2"
    const qsizetype cut = counters.indexOf(u'_');
    const auto digits = [](QStringView s) {
        return !s.isEmpty() && std::all_of(s.begin(), s.end(), [](QChar c) { return c.isDigit(); });
    };
    return cut > 0 && digits(counters.first(cut)) && digits(counters.sliced(cut + 1));
}

// Whether the layer computes a normalization's statistics (mean, variance): TensorRT's
// Normalization layer, a layer whose ONNX nodes (Metadata, else its name's parts) are such an
// operator (InstanceNormalization, LayerNormalization, ReduceMean, ...), or a Myelin kernel
// named after one (__myl_...Mea..., ...Inor...). TensorRT keeps these in FP32 on purpose,
// for accuracy: they are no precision fallback.
bool computesNormalizationStatistics(const Layer& layer);

} // namespace planscope
