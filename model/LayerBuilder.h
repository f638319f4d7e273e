#pragma once

#include "Layer.h"

#include <nlohmann/json.hpp>

namespace planscope {

// TensorRT 8.6+ separates names and metadata with \x1E and \x1F; trex shows them as '+'.
QString replaceRecordSeparators(QString text);

// A Layer from one raw graph entry; `name` and `parameterType` are the already-fixed values.
Layer buildLayer(const nlohmann::json& raw, const QString& name, const QString& parameterType);

// A layer known only by name (graph exported without detailed verbosity).
Layer buildNamedLayer(const QString& name);

// Element size of a weights or bias "Type" such as "Half" or "Int8" (0 if unknown).
double constantElementSize(const QString& type);

} // namespace planscope
