#include "plan/IoTensor.h"

#include "plan/Layer.h"

namespace planscope {

QString IoTensor::description(int profile) const {
    QStringList parts{precision + ' ' + shapeToText(shape)};
    const Profile* shapes = profile >= 0 && std::size_t(profile) < profiles.size()
                                ? &profiles[std::size_t(profile)]
                                : nullptr;
    if (shapes && !shapes->shortFormat.isEmpty())
        parts << shapes->shortFormat;
    if (!location.isEmpty() && location != QLatin1String("Device"))
        parts << QStringLiteral("on the %1").arg(location.toLower());
    if (shapeIo.value_or(false))
        parts << QStringLiteral("a shape tensor");
    QString text = name + QStringLiteral(": ") + parts.join(QStringLiteral(", "));
    if (shapes && (shapes->minShape != shapes->maxShape || shapes->optShape != shapes->maxShape))
        text += QStringLiteral(" (min %1, opt %2, max %3)")
                    .arg(shapeToText(shapes->minShape), shapeToText(shapes->optShape),
                         shapeToText(shapes->maxShape));
    return text;
}

} // namespace planscope
