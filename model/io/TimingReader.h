#pragma once

#include <QString>
#include <vector>

namespace planscope {

// Engine latency of every iteration, from trtexec --exportTimes (the "latencyMs" of each record).
std::vector<double> readTimingSamples(const QString& path);

} // namespace planscope
