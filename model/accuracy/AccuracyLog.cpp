#include "accuracy/AccuracyLog.h"

#include <QRegularExpression>
#include <cmath>

namespace planscope {

QString statText(const std::optional<double>& value) {
    if (!value)
        return QStringLiteral("-");
    if (std::isnan(*value))
        return QStringLiteral("nan");
    if (std::isinf(*value))
        return *value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    return QString::number(*value, 'g', 5);
}

QString shortRunnerName(const QString& runner) {
    static const QRegularExpression time(
        QStringLiteral("-\\d{2}/\\d{2}/\\d{2}-\\d{2}:\\d{2}:\\d{2}$"));
    QString name = runner;
    name.remove(time);
    return name;
}

int AccuracyLog::firstFailed() const {
    for (std::size_t i = 0; i < tensors.size(); ++i)
        if (tensors[i].passed == false)
            return int(i);
    return -1;
}

bool AccuracyLog::anyFailed() const {
    if (firstFailed() >= 0)
        return true;
    for (const OutputValidation& v : validations)
        if (v.passed == false)
            return true;
    return false;
}

} // namespace planscope
