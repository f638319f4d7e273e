#include "itemmodels/ComparisonTableModel.h"

#include "itemmodels/MissingLast.h"
#include "plan/FigureText.h"

namespace planscope {
namespace {

constexpr const char* kTitles[] = {
    "A #",         "B #",         "Name A",   "Name B",   "Type",        "A (ms)",
    "B (ms)",      "Speedup",     "SOL % A",  "SOL % B",  "Precision A", "Precision B",
    "Out prec. A", "Out prec. B", "Tactic A", "Tactic B", "Formats A",   "Formats B"};
static_assert(std::size(kTitles) == ComparisonTableModel::ColumnCount);

QString orMissing(const QString& text) {
    return text.isEmpty() ? kMissingText : text;
}

// "in: ...\tout: ..." on one line for the cell, on two for the tooltip.
QString formatsText(const QString& formats, const QString& separator) {
    return QString(formats).replace('\t', separator);
}

bool sideA(int column) {
    switch (column) {
    case ComparisonTableModel::IndexAColumn:
    case ComparisonTableModel::NameAColumn:
    case ComparisonTableModel::LatencyAColumn:
    case ComparisonTableModel::SolPercentAColumn:
    case ComparisonTableModel::PrecisionAColumn:
    case ComparisonTableModel::OutputPrecisionAColumn:
    case ComparisonTableModel::TacticAColumn:
    case ComparisonTableModel::FormatsAColumn:
        return true;
    default:
        return false;
    }
}

// Why a side's latency is missing.
QString missingLatency(int index, const QString& side) {
    return index < 0
               ? ComparisonTableModel::tr("%1 has no layer matching this one").arg(side)
               : ComparisonTableModel::tr("Not measured: no profile record of %1 names this layer")
                     .arg(side);
}

} // namespace

ComparisonTableModel::ComparisonTableModel(QObject* parent) : SpeedupModel(parent) {}

void ComparisonTableModel::setRows(std::vector<LayerComparison> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

QVariant ComparisonTableModel::display(const LayerComparison& r, int column) const {
    switch (column) {
    case IndexAColumn:
        return r.pair.a >= 0 ? QVariant(r.pair.a) : QVariant(kMissingText);
    case IndexBColumn:
        return r.pair.b >= 0 ? QVariant(r.pair.b) : QVariant(kMissingText);
    case NameAColumn:
        return orMissing(r.nameA);
    case NameBColumn:
        return orMissing(r.nameB);
    case TypeColumn:
        return r.type;
    case LatencyAColumn:
        return numberText(r.latencyA, 4);
    case LatencyBColumn:
        return numberText(r.latencyB, 4);
    case SpeedupColumn:
        return numberText(r.speedup, 2, QStringLiteral("x"));
    case SolPercentAColumn:
        return percentText(r.solPercentA);
    case SolPercentBColumn:
        return percentText(r.solPercentB);
    case PrecisionAColumn:
        return orMissing(r.precisionA);
    case PrecisionBColumn:
        return orMissing(r.precisionB);
    case OutputPrecisionAColumn:
        return orMissing(r.outputPrecisionA);
    case OutputPrecisionBColumn:
        return orMissing(r.outputPrecisionB);
    case TacticAColumn:
        return orMissing(r.tacticA);
    case TacticBColumn:
        return orMissing(r.tacticB);
    case FormatsAColumn:
        return orMissing(formatsText(r.formatsA, QStringLiteral("   ")));
    case FormatsBColumn:
        return orMissing(formatsText(r.formatsB, QStringLiteral("   ")));
    default:
        return {};
    }
}

QVariant ComparisonTableModel::sortValue(const LayerComparison& r, int column) const {
    switch (column) {
    case IndexAColumn:
        return r.pair.a >= 0 ? QVariant(r.pair.a) : QVariant();
    case IndexBColumn:
        return r.pair.b >= 0 ? QVariant(r.pair.b) : QVariant();
    case LatencyAColumn:
        return sortableFigure(r.latencyA);
    case LatencyBColumn:
        return sortableFigure(r.latencyB);
    case SpeedupColumn:
        return sortableFigure(r.speedup);
    case SolPercentAColumn:
        return sortableFigure(r.solPercentA);
    case SolPercentBColumn:
        return sortableFigure(r.solPercentB);
    default: // text; a side without a layer has none
        if ((sideA(column) ? r.pair.a : r.pair.b) < 0 && column != TypeColumn)
            return {};
        return display(r, column);
    }
}

QString ComparisonTableModel::toolTip(const LayerComparison& r, int column) const {
    const QString a = planLabel(true);
    const QString b = planLabel(false);
    switch (column) {
    case LatencyAColumn:
        return r.latencyA ? tr("Average latency in %1").arg(a) : missingLatency(r.pair.a, a);
    case LatencyBColumn:
        return r.latencyB ? tr("Average latency in %1").arg(b) : missingLatency(r.pair.b, b);
    case SpeedupColumn:
        return r.speedup ? tr("A's latency over B's: above 1, B is faster")
                         : tr("No speedup: it needs the latencies of both layers");
    case SolPercentAColumn:
    case SolPercentBColumn:
        return tr("The layer's speed of light over its measured time, on its plan's GPU (as "
                  "planscope roofline); - where the files describe no GPU or the figures are "
                  "not known");
    case FormatsAColumn:
        return formatsText(orMissing(r.formatsA), QStringLiteral("\n"));
    case FormatsBColumn:
        return formatsText(orMissing(r.formatsB), QStringLiteral("\n"));
    case NameBColumn:
        if (r.onnxNamesAgree == false)
            return tr("%1\n\nA's layer implements other ONNX nodes: the matching paired them by "
                      "type and shapes, not by name.")
                .arg(r.nameB);
        return r.nameB;
    case NameAColumn:
    case TacticAColumn:
    case TacticBColumn:
    case PrecisionAColumn:
    case PrecisionBColumn:
    case OutputPrecisionAColumn:
    case OutputPrecisionBColumn:
        return display(r, column).toString(); // in full, where the cell elides it
    default:
        return tr("A: %1\nB: %2").arg(orMissing(r.nameA), orMissing(r.nameB));
    }
}

QVariant ComparisonTableModel::highlight(const LayerComparison& r, int column) const {
    if (column == SpeedupColumn) {
        const int v = verdict(r.speedup);
        return int(v > 0 ? Highlight::Faster : v < 0 ? Highlight::Slower : Highlight::None);
    }
    if ((column == PrecisionBColumn || column == OutputPrecisionBColumn) && r.precisionMismatch)
        return int(Highlight::Mismatch);
    if (column == TacticBColumn && r.tacticMismatch)
        return int(Highlight::Mismatch);
    if (column == NameBColumn && r.onnxNamesAgree == false)
        return int(Highlight::Mismatch);
    return int(Highlight::None);
}

QVariant ComparisonTableModel::cell(int row, int column, int role) const {
    const LayerComparison& r = m_rows[static_cast<std::size_t>(row)];
    switch (role) {
    case Qt::DisplayRole:
        return display(r, column);
    case Qt::ToolTipRole:
        return toolTip(r, column);
    case SortRole:
        return sortValue(r, column);
    case VerdictRole:
        return verdict(r.speedup);
    case HighlightRole:
        return highlight(r, column);
    case Qt::TextAlignmentRole:
        if ((column >= LatencyAColumn && column <= SolPercentBColumn))
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant ComparisonTableModel::headerCell(int column, int role) const {
    if (role == Qt::DisplayRole)
        return tr(kTitles[column]);
    if (role == Qt::ToolTipRole)
        return labelsToolTip();
    return {};
}

ComparisonFilterModel::ComparisonFilterModel(QObject* parent) : MissingLastSortModel(parent) {
    setSortRole(ComparisonTableModel::SortRole);
}

void ComparisonFilterModel::setShow(Show show) {
    m_show = show;
    invalidateFilter();
}

void ComparisonFilterModel::setTypeFilter(const QString& type) {
    m_type = type;
    invalidateFilter();
}

std::vector<const LayerComparison*> ComparisonFilterModel::visibleRows() const {
    std::vector<const LayerComparison*> rows;
    const auto* model = qobject_cast<const ComparisonTableModel*>(sourceModel());
    if (!model)
        return rows;
    for (int r = 0; r < rowCount(); ++r)
        rows.push_back(&model->rows()[std::size_t(mapToSource(index(r, 0)).row())]);
    return rows;
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
