#pragma once

#include <QSortFilterProxyModel>
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
inline std::optional<bool> missingLastLess(bool leftMissing, bool rightMissing,
                                           Qt::SortOrder order) {
    if (!leftMissing && !rightMissing)
        return std::nullopt;
    if (leftMissing == rightMissing)
        return false;
    return order == Qt::AscendingOrder ? rightMissing : leftMissing;
}

inline std::optional<bool> missingLastLess(const QVariant& left, const QVariant& right,
                                           Qt::SortOrder order) {
    return missingLastLess(!left.isValid(), !right.isValid(), order);
}

// A sort proxy ordering by its sortRole() with missing values last in both orders: the base of
// every table's proxy.
class MissingLastSortModel : public QSortFilterProxyModel {
  public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

  protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override {
        if (const auto less =
                missingLastLess(left.data(sortRole()), right.data(sortRole()), sortOrder()))
            return *less;
        return QSortFilterProxyModel::lessThan(left, right);
    }
};

} // namespace planscope
