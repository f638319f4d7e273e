#pragma once

#include "plan/EnginePlan.h"
#include "roofline/Roofline.h"

#include <QByteArray>
#include <functional>
#include <string>
#include <string_view>

namespace planscope {

// `planscope roofline --json` (documented in README.md): {"device", "total", "layers"}, in the
// layout of nlohmann's dump(2), written as made: handed to `write` a piece of about a megabyte at
// a time (a large plan's is tens of megabytes, never held whole).
void writeRooflineJson(const EnginePlan& plan, const Roofline& roofline,
                       const std::function<void(std::string_view)>& write);
std::string rooflineJsonText(const EnginePlan& plan, const Roofline& roofline);
// `--csv`: one row per layer, the columns of the JSON's layers.
QByteArray rooflineCsv(const EnginePlan& plan, const Roofline& roofline);

// "files", "gpu option".
const char* deviceSourceName(DeviceSource source);

} // namespace planscope
