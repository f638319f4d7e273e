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

OnnxUnattributedModel::OnnxUnattributedModel(QObject* parent) : QAbstractTableModel(parent) {}

void OnnxUnattributedModel::setComparison(std::shared_ptr<const OnnxComparison> comparison) {
    beginResetModel();
    m_comparison = std::move(comparison);
    endResetModel();
}

int OnnxUnattributedModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_comparison ? 0 : int(m_comparison->unattributed.size());
}

int OnnxUnattributedModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
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

QVariant OnnxUnattributedModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const OnnxUnattributed& row = m_comparison->unattributed[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        return toolTip(row, index.column());
    case SortRole:
        return sortValue(row, index.column());
    case LayerARole:
        return row.a;
    case LayerBRole:
        return row.b;
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn
                   ? QVariant()
                   : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant OnnxUnattributedModel::headerData(int section, Qt::Orientation orientation,
                                           int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
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
