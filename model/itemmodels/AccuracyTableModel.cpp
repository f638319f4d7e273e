#include "itemmodels/AccuracyTableModel.h"

#include "plan/FigureText.h"

#include <cmath>

namespace planscope {
namespace {

QVariant sortable(const std::optional<double>& value) {
    return value && !std::isnan(*value) ? QVariant(*value) : QVariant();
}

std::optional<double> runnerMean(const ComparedTensor& t, std::size_t runner) {
    return runner < t.runners.size() ? t.runners[runner].stats.mean : std::nullopt;
}

} // namespace

AccuracyTableModel::AccuracyTableModel(QObject* parent) : TableModel(parent) {}

void AccuracyTableModel::setLog(std::shared_ptr<const AccuracyLog> log,
                                std::shared_ptr<const EnginePlan> plan,
                                std::vector<TensorLayer> mapping) {
    beginResetModel();
    m_log = std::move(log);
    m_plan = std::move(plan);
    m_mapping = std::move(mapping);
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int AccuracyTableModel::rowOfLayer(int layer) const {
    for (std::size_t i = 0; i < m_mapping.size(); ++i)
        if (m_mapping[i].layer == layer)
            return int(i);
    return -1;
}

QString AccuracyTableModel::layerText(int row) const {
    if (!m_plan)
        return {};
    const int layer = std::size_t(row) < m_mapping.size() ? m_mapping[std::size_t(row)].layer : -1;
    return layer < 0
               ? tr("(none)")
               : QStringLiteral("%1 %2").arg(layer).arg(m_plan->layers[std::size_t(layer)].name);
}

QVariant AccuracyTableModel::display(int row, int column) const {
    const ComparedTensor& t = m_log->tensors[std::size_t(row)];
    switch (column) {
    case OrderColumn:
        return row + 1;
    case TensorColumn:
        return t.name;
    case VerdictColumn:
        return !t.passed ? QStringLiteral("?") : *t.passed ? tr("PASSED") : tr("FAILED");
    case OverflowColumn:
        return t.overflowText();
    case MaxAbsColumn:
        return statText(t.absError.max);
    case MedianAbsColumn:
        return statText(t.absError.median);
    case MaxRelColumn:
        return statText(t.relError.max);
    case MedianRelColumn:
        return statText(t.relError.median);
    case RequiredColumn:
        return t.requiredAbs || t.requiredRel
                   ? QStringLiteral("%1 / %2").arg(statText(t.requiredAbs), statText(t.requiredRel))
                   : kMissingText;
    case MeanAColumn:
        return statText(runnerMean(t, 0));
    case MeanBColumn:
        return statText(runnerMean(t, 1));
    case LayerColumn:
        return layerText(row);
    }
    return {};
}

QVariant AccuracyTableModel::sortValue(int row, int column) const {
    const ComparedTensor& t = m_log->tensors[std::size_t(row)];
    switch (column) {
    case OrderColumn:
        return row;
    case VerdictColumn:
        return t.passed ? QVariant(*t.passed ? 1 : 0) : QVariant();
    case MaxAbsColumn:
        return sortable(t.absError.max);
    case MedianAbsColumn:
        return sortable(t.absError.median);
    case MaxRelColumn:
        return sortable(t.relError.max);
    case MedianRelColumn:
        return sortable(t.relError.median);
    case RequiredColumn:
        return sortable(t.requiredRel);
    case MeanAColumn:
        return sortable(runnerMean(t, 0));
    case MeanBColumn:
        return sortable(runnerMean(t, 1));
    case LayerColumn: {
        const int layer =
            std::size_t(row) < m_mapping.size() ? m_mapping[std::size_t(row)].layer : -1;
        return layer < 0 ? QVariant() : QVariant(layer);
    }
    default:
        return display(row, column);
    }
}

QVariant AccuracyTableModel::cell(int row, int column, int role) const {
    const ComparedTensor& t = m_log->tensors[std::size_t(row)];
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case Qt::ToolTipRole:
        if (column == VerdictColumn && !t.failure.isEmpty())
            return t.failure;
        if (column == TensorColumn)
            return tr("%1 (%2, %3), checked by %4 error against abs %5, rel %6; log line %7")
                .arg(t.name, t.dtype, t.shape, t.check.isEmpty() ? QStringLiteral("?") : t.check,
                     statText(t.absTol), statText(t.relTol))
                .arg(t.line);
        if (column == OverflowColumn && !t.overflowText().isEmpty())
            return tr("%1: a runner's min or max sits at FP16's largest value (±65504, where "
                      "TensorRT's FP16 saturates) or is infinite")
                .arg(t.overflowText());
        if (column == LayerColumn && m_plan)
            return tr("The layer of the open plan that computes this tensor: the one writing "
                      "it, or the last naming its ONNX node (the plan's fusions, not those of "
                      "the engine polygraphy built with `mark all`)");
        return {};
    case Qt::TextAlignmentRole:
        return column >= MaxAbsColumn && column <= MeanBColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case SortRole:
        return sortValue(row, column);
    case TensorRole:
        return row;
    case LayerRole:
        return std::size_t(row) < m_mapping.size() ? m_mapping[std::size_t(row)].layer : -1;
    case FailedRole:
        return t.passed == false;
    }
    return {};
}

QVariant AccuracyTableModel::headerCell(int column, int role) const {
    static const char* const titles[ColumnCount] = {
        "#",          "Tensor",  "Verdict",    "FP16 overflow",      "Max abs",
        "Median abs", "Max rel", "Median rel", "Required abs / rel", "Mean A",
        "Mean B",     "Layer"};
    if (role == Qt::DisplayRole)
        return tr(titles[column]);
    if (role == Qt::ToolTipRole) {
        if ((column == MeanAColumn || column == MeanBColumn) && m_log) {
            const qsizetype runner = column == MeanAColumn ? 0 : 1;
            return runner < m_log->runners.size() ? m_log->runners[runner] : QVariant();
        }
        if (column == OverflowColumn)
            return tr("The runners whose values reach FP16's largest value (±65504, where "
                      "TensorRT's FP16 saturates) or infinity");
        if (column == RequiredColumn)
            return tr("polygraphy's Minimum Required Tolerance: the absolute OR the relative "
                      "tolerance that would have passed");
    }
    return {};
}

AccuracyFilterModel::AccuracyFilterModel(QObject* parent) : MissingLastSortModel(parent) {
    setSortRole(AccuracyTableModel::SortRole);
}

void AccuracyFilterModel::setSearch(const QString& text) {
    m_search = text;
    invalidateFilter();
}

void AccuracyFilterModel::setFailingFirst(bool first) {
    m_failingFirst = first;
    invalidate();
}

bool AccuracyFilterModel::filterAcceptsRow(int row, const QModelIndex& parent) const {
    if (m_search.isEmpty())
        return true;
    for (int column : {AccuracyTableModel::TensorColumn, AccuracyTableModel::LayerColumn})
        if (sourceModel()
                ->index(row, column, parent)
                .data()
                .toString()
                .contains(m_search, Qt::CaseInsensitive))
            return true;
    return false;
}

bool AccuracyFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    if (m_failingFirst) {
        const bool l = left.data(AccuracyTableModel::FailedRole).toBool();
        const bool r = right.data(AccuracyTableModel::FailedRole).toBool();
        if (l != r) // failing first in both orders (descending asks lessThan(right, left))
            return sortOrder() == Qt::AscendingOrder ? l : r;
    }
    return MissingLastSortModel::lessThan(left, right);
}

} // namespace planscope
