#pragma once

#include "plan/EnginePlan.h"
#include "roofline/Roofline.h"

#include <QByteArray>
#include <string>

namespace planscope {

// `planscope roofline --json` (documented in README.md): {"device", "total", "layers"}, in the
// layout of nlohmann's dump(2), written as made (a large plan has thousands of layers).
std::string rooflineJsonText(const EnginePlan& plan, const Roofline& roofline);
// `--csv`: one row per layer, the columns of the JSON's layers.
QByteArray rooflineCsv(const EnginePlan& plan, const Roofline& roofline);

// "files", "gpu option".
const char* deviceSourceName(DeviceSource source);

} // namespace planscope
