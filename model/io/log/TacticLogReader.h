#pragma once

#include "plan/PlanError.h"
#include "tactics/TacticLog.h"

#include <QByteArray>
#include <QString>

namespace planscope {

// Reads the tactics of a verbose TensorRT build log (trtexec --verbose, or the Python API's
// logger at verbose level), line by line: memory grows with what the log holds, not its size.
// Throws PlanError naming the file when it is missing, empty or binary, or holds no tactic
// timings (then the message says to build with --verbose). `progress` hears 0-100 % and may
// cancel (LoadCancelled).
TacticLog readTacticLog(const QString& path, const ProgressCallback& progress = {});

// The same for log text already in memory.
TacticLog parseTacticLog(const QByteArray& text, const QString& path);

// True when `head` (the start of a file) looks like a verbose build log with tactic timings.
bool looksLikeTacticLog(const QByteArray& head);

} // namespace planscope
