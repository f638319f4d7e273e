#include "itemmodels/ModuleComparisonModel.h"

#include "plan/FigureText.h"

#include <cmath>

namespace planscope {

ModuleComparisonModel::ModuleComparisonModel(QObject* parent) : SpeedupModel(parent) {}

void ModuleComparisonModel::setComparison(std::shared_ptr<const ModuleComparison> comparison) {
    beginResetModel();
    m_comparison = std::move(comparison);
    m_rowInParent.assign(m_comparison ? m_comparison->modules.size() : 0, 0);
    if (m_comparison)
        for (const ModuleDelta& d : m_comparison->modules)
            for (std::size_t i = 0; i < d.children.size(); ++i)
                m_rowInParent[std::size_t(d.children[i])] = int(i);
    endResetModel();
}

const ModuleDelta& ModuleComparisonModel::row(const QModelIndex& index) const {
    return m_comparison->modules[std::size_t(index.internalId())];
}

QModelIndex ModuleComparisonModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount || row >= rowCount(parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    return createIndex(row, column, quintptr(this->row(parent).children[std::size_t(row)]));
}

QModelIndex ModuleComparisonModel::parent(const QModelIndex& child) const {
    if (!child.isValid())
        return {};
    const int parent = row(child).parent;
    return parent < 0 ? QModelIndex()
                      : createIndex(m_rowInParent[std::size_t(parent)], 0, quintptr(parent));
}

int ModuleComparisonModel::rowCount(const QModelIndex& parent) const {
    if (!m_comparison || m_comparison->modules.empty())
        return 0;
    if (!parent.isValid())
        return 1;
    return parent.column() > 0 ? 0 : int(row(parent).children.size());
}

int ModuleComparisonModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant ModuleComparisonModel::display(const ModuleDelta& d, int column) const {
    switch (column) {
    case ModuleColumn:
        return d.depth == 0 ? tr("(model)") : d.name;
    case TimeAColumn:
        return millisecondsText(d.aMs);
    case TimeBColumn:
        return millisecondsText(d.bMs);
    case DeltaColumn: {
        const auto delta = d.delta();
        return delta ? QStringLiteral("%1%2 ms").arg(*delta >= 0 ? "+" : "").arg(*delta, 0, 'f', 3)
                     : kMissingText;
    }
    case SpeedupColumn: {
        const auto speedup = d.speedup();
        return speedup ? QStringLiteral("%1x").arg(*speedup, 0, 'f', 2) : kMissingText;
    }
    case LayersAColumn:
        return d.moduleA < 0 ? kMissingText : QString::number(d.aLayers);
    case LayersBColumn:
        return d.moduleB < 0 ? kMissingText : QString::number(d.bLayers);
    }
    return {};
}

QVariant ModuleComparisonModel::sortValue(const ModuleDelta& d, int column) const {
    switch (column) {
    case ModuleColumn:
        return d.path;
    case TimeAColumn:
        return sortableFigure(d.aMs);
    case TimeBColumn:
        return sortableFigure(d.bMs);
    case DeltaColumn: {
        const auto delta = d.delta();
        return delta ? QVariant(std::abs(*delta)) : QVariant();
    }
    case SpeedupColumn:
        return sortableFigure(d.speedup());
    case LayersAColumn:
        return d.moduleA < 0 ? QVariant() : QVariant(d.aLayers);
    case LayersBColumn:
        return d.moduleB < 0 ? QVariant() : QVariant(d.bLayers);
    }
    return {};
}

QVariant ModuleComparisonModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_comparison)
        return {};
    const ModuleDelta& d = row(index);
    switch (role) {
    case Qt::DisplayRole:
        return display(d, index.column());
    case Qt::ToolTipRole:
        if (index.column() == ModuleColumn)
            return d.depth == 0 ? tr("The whole model: every layer attributed to a module")
                                : d.path;
        if (index.column() == TimeAColumn || index.column() == TimeBColumn) {
            const bool a = index.column() == TimeAColumn;
            return (a ? d.moduleA : d.moduleB) < 0
                       ? tr("%1 has no layer in this module (fused into another, or named "
                            "differently)")
                             .arg(planLabel(a))
                       : planLabel(a);
        }
        return {};
    case SortRole:
        return sortValue(d, index.column());
    case VerdictRole:
        return verdict(d.speedup());
    case PathRole:
        return d.path;
    case ModuleARole:
        return d.moduleA;
    case ModuleBRole:
        return d.moduleB;
    case Qt::TextAlignmentRole:
        return index.column() == ModuleColumn
                   ? QVariant()
                   : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant ModuleComparisonModel::headerData(int section, Qt::Orientation orientation,
                                           int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    static const char* const titles[ColumnCount] = {"Module",  "A (ms)",   "B (ms)",  "Delta",
                                                    "Speedup", "Layers A", "Layers B"};
    static const char* const tips[ColumnCount] = {
        "The model's modules, each engine's layers attributed by the same rule",
        "The module's time in A",
        "The module's time in B",
        "B's time minus A's (sorted by its size)",
        "A's time over B's: above 1, B is faster",
        "A's layers in the module",
        "B's layers in the module"};
    if (role == Qt::DisplayRole)
        return tr(titles[section]);
    if (role == Qt::ToolTipRole) {
        const QVariant labels = labelsToolTip();
        return labels.isValid()
                   ? QVariant(tr(tips[section]) + QLatin1Char('\n') + labels.toString())
                   : QVariant(tr(tips[section]));
    }
    return {};
}

ModuleComparisonSortModel::ModuleComparisonSortModel(QObject* parent)
    : MissingLastSortModel(parent) {
    setSortRole(ModuleComparisonModel::SortRole);
}

} // namespace planscope
