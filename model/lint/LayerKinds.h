#pragma once

#include "plan/Layer.h"

namespace planscope {

// Whether a layer is a Reformat: TensorRT's (type Reformat) or Myelin's (MyelinReformat, as type
// or as the LayerType under another ParameterType). The reformats lead holds them; the
// precision-fallback rule leaves them to the type-conversion rules, so no layer is in both.
inline bool isReformatLayer(const Layer& layer) {
    return layer.type == QLatin1String("Reformat") ||
           layer.type == QLatin1String("MyelinReformat") ||
           layer.subtype == QLatin1String("MyelinReformat");
}

} // namespace planscope
