#pragma once

#include "plan/Layer.h"

#include <optional>
#include <span>
#include <string_view>

namespace planscope {

// Several attributes of a layer in one walk over its members: values[i] is the JSON text of
// keys[i] as Layer::attributeJson() gives it, or none where the layer has no such attribute.
// Linters that read a handful of attributes of every convolution use it instead of a walk each.
void attributesJson(const Layer& layer, std::span<const std::string_view> keys,
                    std::span<std::optional<std::string_view>> values);

} // namespace planscope
