#include "itemmodels/ModuleComparisonModel.h"

#include "plan/FigureText.h"

#include <cmath>

namespace planscope {

ModuleComparisonModel::ModuleComparisonModel(QObject* parent) : SpeedupModel(parent) {}

void ModuleComparisonModel::setComparison(std::shared_ptr<const ModuleComparison> comparison) {
    beginResetModel();
    m_comparison = std::move(comparison);
    m_rowInParent = m_comparison ? rowsUnderParents(m_comparison->modules) : std::vector<int>();
    endResetModel();
}

int ModuleComparisonModel::numChildren(Node node) const {
    if (!m_comparison || m_comparison->modules.empty())
        return 0;
    return node == kRootNode ? 1 : int(module(node).children.size());
}

TreeModel::Node ModuleComparisonModel::childNode(Node node, int row) const {
    return node == kRootNode ? 0 : module(node).children[std::size_t(row)];
}

TreeModel::Node ModuleComparisonModel::parentNode(Node node) const {
    const int parent = module(node).parent;
    return parent < 0 ? kRootNode : parent;
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
        return d.moduleA < 0 && !d.unattributed ? kMissingText : QString::number(d.aLayers);
    case LayersBColumn:
        return d.moduleB < 0 && !d.unattributed ? kMissingText : QString::number(d.bLayers);
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
        return d.moduleA < 0 && !d.unattributed ? QVariant() : QVariant(d.aLayers);
    case LayersBColumn:
        return d.moduleB < 0 && !d.unattributed ? QVariant() : QVariant(d.bLayers);
    }
    return {};
}

QVariant ModuleComparisonModel::cell(Node node, int column, int role) const {
    const ModuleDelta& d = module(node);
    switch (role) {
    case Qt::DisplayRole:
        return display(d, column);
    case Qt::ToolTipRole:
        if (column == ModuleColumn)
            return d.depth == 0 ? tr("The whole engines: every layer, in a module or not")
                   : d.unattributed
                       ? tr("The layers in no module: no ONNX node in their Metadata or name")
                       : d.path;
        if ((column == TimeAColumn || column == TimeBColumn) && !d.unattributed && d.depth > 0) {
            const bool a = column == TimeAColumn;
            return (a ? d.moduleA : d.moduleB) < 0
                       ? tr("%1 has no layer in this module (fused into another, or named "
                            "differently)")
                             .arg(planLabel(a))
                       : planLabel(a);
        }
        return {};
    case SortRole:
        return sortValue(d, column);
    case VerdictRole:
        return verdict(d.speedup());
    case PathRole:
        return d.path;
    case ModuleARole:
        return d.moduleA;
    case ModuleBRole:
        return d.moduleB;
    case Qt::TextAlignmentRole:
        return column == ModuleColumn ? QVariant()
                                      : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant ModuleComparisonModel::headerCell(int column, int role) const {
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
        return tr(titles[column]);
    if (role == Qt::ToolTipRole) {
        const QVariant labels = labelsToolTip();
        return labels.isValid() ? QVariant(tr(tips[column]) + QLatin1Char('\n') + labels.toString())
                                : QVariant(tr(tips[column]));
    }
    return {};
}

ModuleComparisonSortModel::ModuleComparisonSortModel(QObject* parent)
    : MissingLastSortModel(parent) {
    setSortRole(ModuleComparisonModel::SortRole);
}

} // namespace planscope
