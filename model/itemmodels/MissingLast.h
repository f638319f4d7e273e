#pragma once

#include <QVariant>
#include <optional>

namespace planscope {

// A figure as a sort value: a missing one is an invalid QVariant.
inline QVariant sortableFigure(std::optional<double> value) {
    return value ? QVariant(*value) : QVariant();
}

// How a sort proxy orders two sort values when one is missing: after every value, whichever the
// order (sorting descending, the proxy asks lessThan(right, left)); two missing ones keep their
// order. std::nullopt when both are present, for the proxy's own comparison.
inline std::optional<bool> missingLastLess(const QVariant& left, const QVariant& right,
                                           Qt::SortOrder order) {
    const bool leftMissing = !left.isValid();
    const bool rightMissing = !right.isValid();
    if (!leftMissing && !rightMissing)
        return std::nullopt;
    if (leftMissing == rightMissing)
        return false;
    return order == Qt::AscendingOrder ? rightMissing : leftMissing;
}

} // namespace planscope
