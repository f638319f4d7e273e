#pragma once

#include "plan/ProfileRecord.h"

#include <QByteArray>
#include <QString>

namespace planscope {

// Reads trtexec's --exportProfile list, or an IProfiler's samples per layer (a JSON object,
// io/profile/ProfileSamplesReader.h). trtexec writes layer names unescaped, so a name holding a
// quote or a backslash breaks the JSON; such files are read record by record instead. Throws
// PlanError naming the file.
ProfileFile readProfile(const QString& path);
ProfileFile parseProfileText(const QByteArray& text, const QString& path);

} // namespace planscope
