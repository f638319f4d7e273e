#include "roofline/RooflineTotalText.h"

#include "plan/FigureText.h"

namespace planscope {
namespace {

std::optional<double> inUnits(std::optional<double> value, double unit) {
    return value ? std::optional(*value / unit) : std::nullopt;
}

} // namespace

QString gigaflopsText(const RooflineTotal& total) {
    return numberText(inUnits(total.flops, 1e9), 2);
}

QString parametersText(const RooflineTotal& total) {
    return numberText(inUnits(total.params, 1e6), 2, QStringLiteral(" M"));
}

QString speedOfLightText(const RooflineTotal& total) {
    if (!total.solPercent)
        return millisecondsText(total.solMs);
    return QStringLiteral("%1, %2 of the measured %3")
        .arg(millisecondsText(total.solMs), percentText(total.solPercent),
             millisecondsText(total.ms));
}

} // namespace planscope
