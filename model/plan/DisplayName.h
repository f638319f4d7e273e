#pragma once

#include <QString>

namespace planscope {

// "mobilenet.graph.json" for messages where the full path is noise.
QString displayName(const QString& path);

} // namespace planscope
