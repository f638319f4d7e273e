#include "itemmodels/OnnxUnattributedModel.h"

#include "itemmodels/MissingLast.h"
#include "plan/FigureText.h"

#include <cmath>

namespace planscope {
namespace {

std::optional<double> delta(const OnnxUnattributed& row) {
    return row.aMs && row.bMs ? std::optional(*row.bMs - *row.aMs) : std::nullopt;
}

std::optional<double> speedup(const OnnxUnattributed& row) {
    return row.aMs && row.bMs && *row.bMs > 0 ? std::optional(*row.aMs / *row.bMs) : std::nullopt;
}

QString missingTime(int layer, const QString& engine) {
    return layer < 0 ? OnnxUnattributedModel::tr("%1 has no layer of this name").arg(engine)
                     : OnnxUnattributedModel::tr("Not measured: no profile record of %1 names "
                                                 "this layer")
                           .arg(engine);
}

} // namespace

OnnxUnattributedModel::OnnxUnattributedModel(QObject* parent) : TableModel(parent) {}

void OnnxUnattributedModel::setComparison(std::shared_ptr<const OnnxComparison> comparison) {
    beginResetModel();
    m_comparison = std::move(comparison);
    endResetModel();
}

QVariant OnnxUnattributedModel::display(const OnnxUnattributed& row, int column) const {
    switch (column) {
    case NameColumn:
        return row.name;
    case TimeAColumn:
        return numberText(row.aMs, 4);
    case TimeBColumn:
        return numberText(row.bMs, 4);
    case DeltaColumn: {
        const auto d = delta(row);
        return (d && *d > 0 ? QStringLiteral("+") : QString()) + numberText(d, 4);
    }
    case SpeedupColumn:
        return numberText(speedup(row), 2, QStringLiteral("x"));
    default:
        return {};
    }
}

QVariant OnnxUnattributedModel::sortValue(const OnnxUnattributed& row, int column) const {
    switch (column) {
    case NameColumn:
        return row.name;
    case TimeAColumn:
        return sortableFigure(row.aMs);
    case TimeBColumn:
        return sortableFigure(row.bMs);
    case DeltaColumn: // the largest changes first, either way
        return delta(row) ? QVariant(std::abs(*delta(row))) : QVariant();
    case SpeedupColumn:
        return sortableFigure(speedup(row));
    default:
        return {};
    }
}

QString OnnxUnattributedModel::toolTip(const OnnxUnattributed& row, int column) const {
    switch (column) {
    case TimeAColumn:
        return row.aMs ? tr("Average time in A") : missingTime(row.a, tr("A"));
    case TimeBColumn:
        return row.bMs ? tr("Average time in B") : missingTime(row.b, tr("B"));
    case DeltaColumn:
        return delta(row) ? tr("B's time minus A's: positive, B is slower. Sorts by its size.")
                          : tr("No delta: it needs the times of both engines");
    case SpeedupColumn:
        return speedup(row) ? tr("A's time over B's: above 1, B is faster")
                            : tr("No speedup: it needs the times of both engines");
    default:
        return tr("%1\n%2").arg(row.name, row.a >= 0 && row.b >= 0
                                              ? tr("A layer of each engine, paired by name")
                                          : row.a >= 0 ? tr("Only A has a layer of this name")
                                                       : tr("Only B has a layer of this name"));
    }
}

QVariant OnnxUnattributedModel::cell(int row, int column, int role) const {
    const OnnxUnattributed& pair = m_comparison->unattributed[std::size_t(row)];
    switch (role) {
    case Qt::DisplayRole:
        return display(pair, column);
    case Qt::ToolTipRole:
        return toolTip(pair, column);
    case SortRole:
        return sortValue(pair, column);
    case LayerARole:
        return pair.a;
    case LayerBRole:
        return pair.b;
    case Qt::TextAlignmentRole:
        return column == NameColumn ? QVariant()
                                    : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant OnnxUnattributedModel::headerCell(int column, int role) const {
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case NameColumn:
        return tr("Layer without ONNX origin");
    case TimeAColumn:
        return tr("A (ms)");
    case TimeBColumn:
        return tr("B (ms)");
    case DeltaColumn:
        return tr("Delta (ms)");
    case SpeedupColumn:
        return tr("Speedup");
    default:
        return {};
    }
}

OnnxUnattributedSortModel::OnnxUnattributedSortModel(QObject* parent)
    : MissingLastSortModel(parent) {
    setSortRole(OnnxUnattributedModel::SortRole);
}

} // namespace planscope
