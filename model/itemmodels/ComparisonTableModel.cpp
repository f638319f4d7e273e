#include "itemmodels/ComparisonTableModel.h"

namespace planscope {
namespace {

constexpr const char* kTitles[] = {"A #",         "B #",         "Type",        "A (ms)",
                                   "B (ms)",      "Speedup",     "Precision A", "Precision B",
                                   "Out prec. A", "Out prec. B", "Tactic A",    "Tactic B",
                                   "Formats A",   "Formats B",   "Name A",      "Name B"};
static_assert(std::size(kTitles) == ComparisonTableModel::ColumnCount);

QVariant indexText(int i) {
    return i >= 0 ? QVariant(i) : QVariant(QStringLiteral("-"));
}

} // namespace

ComparisonTableModel::ComparisonTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ComparisonTableModel::setRows(std::vector<LayerComparison> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void ComparisonTableModel::setPlanLabels(const QString& a, const QString& b) {
    m_labelA = a;
    m_labelB = b;
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void ComparisonTableModel::setThreshold(double threshold) {
    m_threshold = threshold;
    if (!m_rows.empty())
        emit dataChanged(index(0, SpeedupColumn), index(rowCount() - 1, SpeedupColumn));
}

int ComparisonTableModel::verdict(const LayerComparison& row) const {
    if (row.speedup <= 0)
        return 0;
    return row.speedup > 1 + m_threshold ? 1 : row.speedup < 1 - m_threshold ? -1 : 0;
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ComparisonTableModel::display(const LayerComparison& r, int column) const {
    switch (column) {
    case IndexAColumn:
        return indexText(r.pair.a);
    case IndexBColumn:
        return indexText(r.pair.b);
    case TypeColumn:
        return r.type;
    case LatencyAColumn:
        return r.pair.a >= 0 ? QString::number(r.latencyA, 'f', 4) : QString();
    case LatencyBColumn:
        return r.pair.b >= 0 ? QString::number(r.latencyB, 'f', 4) : QString();
    case SpeedupColumn:
        return r.speedup > 0 ? QString::number(r.speedup, 'f', 2) + 'x' : QString();
    case PrecisionAColumn:
        return r.precisionA;
    case PrecisionBColumn:
        return r.precisionB;
    case OutputPrecisionAColumn:
        return r.outputPrecisionA;
    case OutputPrecisionBColumn:
        return r.outputPrecisionB;
    case TacticAColumn:
        return r.tacticA;
    case TacticBColumn:
        return r.tacticB;
    case NameAColumn:
        return r.nameA;
    case NameBColumn:
        return r.nameB;
    default:
        return {};
    }
}

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const LayerComparison& r = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(r, index.column());
    case Qt::ToolTipRole:
        return index.column() >= TacticAColumn
                   ? display(r, index.column())
                   : QStringLiteral("%1\n%2").arg(r.formatsA, r.formatsB);
    case SortRole:
        switch (index.column()) {
        case IndexAColumn:
            return r.pair.a;
        case IndexBColumn:
            return r.pair.b;
        case LatencyAColumn:
            return r.latencyA;
        case LatencyBColumn:
            return r.latencyB;
        case SpeedupColumn:
            return r.speedup;
        default:
            return display(r, index.column());
        }
    case VerdictRole:
        return verdict(r);
    case HighlightRole:
        if (index.column() == SpeedupColumn)
            return verdict(r) > 0   ? int(Highlight::Faster)
                   : verdict(r) < 0 ? int(Highlight::Slower)
                                    : int(Highlight::None);
        if ((index.column() == PrecisionBColumn || index.column() == OutputPrecisionBColumn) &&
            r.precisionMismatch)
            return int(Highlight::Mismatch);
        if (index.column() == TacticBColumn && r.tacticMismatch)
            return int(Highlight::Mismatch);
        return int(Highlight::None);
    case Qt::TextAlignmentRole:
        if (index.column() == LatencyAColumn || index.column() == LatencyBColumn ||
            index.column() == SpeedupColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return tr(kTitles[section]);
    if (role == Qt::ToolTipRole && !m_labelA.isEmpty())
        return tr("A: %1\nB: %2").arg(m_labelA, m_labelB);
    return QAbstractTableModel::headerData(section, orientation, role);
}

void ComparisonFilterModel::setShow(Show show) {
    m_show = show;
    invalidateFilter();
}

void ComparisonFilterModel::setTypeFilter(const QString& type) {
    m_type = type;
    invalidateFilter();
}

bool ComparisonFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex&) const {
    const auto* model = qobject_cast<const ComparisonTableModel*>(sourceModel());
    if (!model)
        return true;
    const LayerComparison& r = model->rows()[static_cast<std::size_t>(sourceRow)];
    if (!m_type.isEmpty() && r.type != m_type)
        return false;
    switch (m_show) {
    case Show::All:
        return true;
    case Show::PrecisionMismatch:
        return r.precisionMismatch;
    case Show::TacticMismatch:
        return r.tacticMismatch;
    }
    return true;
}

} // namespace planscope
