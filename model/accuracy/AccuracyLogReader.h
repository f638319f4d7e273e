#pragma once

#include "accuracy/AccuracyLog.h"

#include <QByteArrayView>
#include <QString>

namespace planscope {

// Reads a polygraphy run log. Throws PlanError naming the file (and the line) when the file
// cannot be read, holds no comparison and no validation, or a line polygraphy writes holds a
// number polygraphy never prints.
AccuracyLog readAccuracyLog(const QString& path);
// The same from text (tests, fuzzing); `path` names it in errors.
AccuracyLog parseAccuracyLog(QByteArrayView text, const QString& path);

} // namespace planscope
