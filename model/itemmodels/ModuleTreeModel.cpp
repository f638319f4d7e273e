#include "itemmodels/ModuleTreeModel.h"

#include "plan/FigureText.h"

#include <QSet>
#include <cmath>

namespace planscope {
namespace {

QVariant count(int n) {
    return n > 0 ? QVariant(n) : QVariant(QString());
}

} // namespace

ModuleTreeModel::ModuleTreeModel(QObject* parent)
    : TreeModel(parent), m_tree(std::make_shared<const ModuleTree>()) {}

void ModuleTreeModel::setPlan(std::shared_ptr<const EnginePlan> plan,
                              std::shared_ptr<const ModuleTree> tree) {
    beginResetModel();
    m_plan = std::move(plan);
    if (!m_plan)
        tree = std::make_shared<const ModuleTree>();
    else if (!tree)
        tree = std::make_shared<const ModuleTree>(buildModuleTree(*m_plan));
    m_tree = std::move(tree);
    m_rowInParent = rowsUnderParents(m_tree->modules);
    m_rowOfLayer.assign(m_tree->moduleOfLayer.size(), 0);
    for (const Module& m : m_tree->modules)
        for (std::size_t i = 0; i < m.ownLayers.size(); ++i)
            m_rowOfLayer[std::size_t(m.ownLayers[i])] = int(m.children.size() + i);
    for (std::size_t i = 0; i < m_tree->unattributedLayers.size(); ++i)
        m_rowOfLayer[std::size_t(m_tree->unattributedLayers[i])] = int(i);
    m_findings.assign(m_tree->modules.size() + 1, 0);
    m_leads.assign(m_tree->modules.size() + 1, {});
    m_layerFindings.assign(m_tree->moduleOfLayer.size(), 0);
    m_layerLeads.assign(m_tree->moduleOfLayer.size(), {});
    m_layerAboveSol.clear();
    m_aboveSol.clear();
    endResetModel();
}

void ModuleTreeModel::setAboveSol(std::vector<double> perLayer) {
    if (!m_plan)
        return;
    emit layoutAboutToBeChanged();
    m_aboveSol = m_tree->sumOverModules(perLayer);
    m_layerAboveSol = std::move(perLayer);
    emit layoutChanged();
}

std::optional<double> ModuleTreeModel::aboveSol(Node node) const {
    if (node <= unattributedNode())
        return std::size_t(node) < m_aboveSol.size() ? m_aboveSol[std::size_t(node)] : std::nullopt;
    const auto layer = std::size_t(node - moduleCount() - 1);
    if (layer >= m_layerAboveSol.size() || std::isnan(m_layerAboveSol[layer]))
        return std::nullopt;
    return m_layerAboveSol[layer];
}

void ModuleTreeModel::setAnalysis(const std::vector<LintFinding>& findings,
                                  const PlanLeads& leads) {
    if (!m_plan)
        return;
    emit layoutAboutToBeChanged(); // no row moves: the counts of every row change
    const std::size_t layers = m_tree->moduleOfLayer.size();
    m_layerFindings.assign(layers, 0);
    m_layerLeads.assign(layers, {});
    for (const LintFinding& f : findings)
        if (f.layerIndex >= 0 && std::size_t(f.layerIndex) < layers)
            ++m_layerFindings[std::size_t(f.layerIndex)];
    for (const Lead& lead : leads.leads)
        for (int l : lead.layers)
            if (std::size_t(l) < layers && !m_layerLeads[std::size_t(l)].contains(lead.id))
                m_layerLeads[std::size_t(l)] << lead.id;
    m_findings.assign(m_tree->modules.size() + 1, 0);
    m_leads.assign(m_tree->modules.size() + 1, {});
    for (std::size_t l = 0; l < layers; ++l) {
        const int own = m_tree->moduleOfLayer[l];
        const auto add = [&](std::size_t node) {
            m_findings[node] += m_layerFindings[l];
            for (const QString& id : m_layerLeads[l])
                if (!m_leads[node].contains(id))
                    m_leads[node] << id;
        };
        if (own < 0)
            add(std::size_t(unattributedNode()));
        for (int m = own; m >= 0; m = m_tree->modules[std::size_t(m)].parent)
            add(std::size_t(m));
    }
    emit layoutChanged();
}

QModelIndex ModuleTreeModel::indexOfModule(int module) const {
    if (module < 0 || module >= moduleCount())
        return {};
    return indexOfNode(module);
}

QModelIndex ModuleTreeModel::indexOfLayer(int layer) const {
    if (layer < 0 || std::size_t(layer) >= m_tree->moduleOfLayer.size())
        return {};
    return indexOfNode(layerNode(layer));
}

int ModuleTreeModel::numChildren(Node node) const {
    if (!m_plan)
        return 0;
    if (node == kRootNode)
        return hasUnattributedRow() ? 2 : 1;
    if (node < moduleCount())
        return int(m_tree->modules[std::size_t(node)].children.size() +
                   m_tree->modules[std::size_t(node)].ownLayers.size());
    return node == unattributedNode() ? int(m_tree->unattributedLayers.size()) : 0;
}

TreeModel::Node ModuleTreeModel::childNode(Node node, int row) const {
    if (node == kRootNode)
        return row == 0 ? 0 : unattributedNode();
    if (node == unattributedNode())
        return layerNode(m_tree->unattributedLayers[std::size_t(row)]);
    const Module& m = m_tree->modules[std::size_t(node)];
    if (row < int(m.children.size()))
        return m.children[std::size_t(row)];
    return layerNode(m.ownLayers[std::size_t(row) - m.children.size()]);
}

TreeModel::Node ModuleTreeModel::parentNode(Node node) const {
    if (node < moduleCount()) {
        const int parent = m_tree->modules[std::size_t(node)].parent;
        return parent < 0 ? kRootNode : parent;
    }
    if (node == unattributedNode())
        return kRootNode;
    const int module = m_tree->moduleOfLayer[std::size_t(node - moduleCount() - 1)];
    return module < 0 ? unattributedNode() : module;
}

int ModuleTreeModel::rowOfNode(Node node) const {
    if (node == 0)
        return 0;
    if (node < moduleCount())
        return m_rowInParent[std::size_t(node)];
    if (node == unattributedNode())
        return 1;
    return m_rowOfLayer[std::size_t(node - moduleCount() - 1)];
}

QString ModuleTreeModel::sharesText(const std::vector<ModuleShare>& shares,
                                    const std::optional<double>& ms) const {
    QStringList parts;
    for (const ModuleShare& s : shares)
        parts << (ms && *ms > 0
                      ? QStringLiteral("%1 %2").arg(s.key, percentText(100 * s.ms / *ms, 0))
                      : QStringLiteral("%1 (%2)").arg(s.key).arg(s.layers));
    return parts.join(QStringLiteral(", "));
}

QVariant ModuleTreeModel::moduleData(int module, int column, int role) const {
    const Module& m = m_tree->modules[std::size_t(module)];
    const std::optional<double> share = m_tree->percent(m);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return moduleDisplayName(m);
        case TimeColumn:
            return millisecondsText(m.ms);
        case ShareColumn:
            return percentText(share);
        case SelfColumn:
            return millisecondsText(m.selfMs);
        case LayersColumn:
            return m.layers;
        case PrecisionsColumn:
            return sharesText(m.precisions, m.ms);
        case TypesColumn:
            return sharesText(m.types, m.ms);
        case FindingsColumn:
            return count(m_findings[std::size_t(module)]);
        case LeadsColumn:
            return m_leads[std::size_t(module)].join(QStringLiteral(", "));
        }
        break;
    case Qt::ToolTipRole:
        if (column == NameColumn)
            return m.depth == 0 ? tr("The whole model: every layer attributed to a module")
                                : m.path;
        if (column == SelfColumn)
            return tr("The time of the layers of this module that no submodule holds");
        if (column == PrecisionsColumn || column == TypesColumn)
            return moduleData(module, column, Qt::DisplayRole);
        break;
    case SortRole:
        switch (column) {
        case NameColumn:
            return m.path;
        case TimeColumn:
            return sortableFigure(m.ms);
        case ShareColumn:
            return sortableFigure(share);
        case SelfColumn:
            return sortableFigure(m.selfMs);
        case LayersColumn:
            return m.layers;
        case FindingsColumn:
            return m_findings[std::size_t(module)];
        case LeadsColumn:
            return int(m_leads[std::size_t(module)].size());
        default:
            return moduleData(module, column, Qt::DisplayRole);
        }
    case ModuleRole:
        return module;
    case PathRole:
        return m.path;
    case ShareRole:
        return sortableFigure(share);
    case LayersRole: {
        const std::vector<int> layers = m_tree->layersUnder(module);
        return QVariant::fromValue(QList<int>(layers.begin(), layers.end()));
    }
    }
    return {};
}

QVariant ModuleTreeModel::layerData(int layer, int column, int role) const {
    const Layer& l = m_plan->layers[std::size_t(layer)];
    const std::optional<double> share =
        l.timing.average() && m_tree->totalMs && *m_tree->totalMs > 0
            ? std::optional(*l.timing.average() / *m_tree->totalMs * 100)
            : std::nullopt;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return l.name;
        case TimeColumn:
            return millisecondsText(l.timing.average());
        case ShareColumn:
            return percentText(share);
        case LayersColumn:
            return QString();
        case PrecisionsColumn:
            return l.precision;
        case TypesColumn:
            return l.type;
        case FindingsColumn:
            return count(m_layerFindings[std::size_t(layer)]);
        case LeadsColumn:
            return m_layerLeads[std::size_t(layer)].join(QStringLiteral(", "));
        }
        break;
    case Qt::ToolTipRole:
        if (column == NameColumn)
            return tr("Layer %1: %2").arg(layer).arg(l.name);
        break;
    case SortRole:
        switch (column) {
        case NameColumn:
            return l.name;
        case TimeColumn:
            return sortableFigure(l.timing.average());
        case ShareColumn:
            return sortableFigure(share);
        case FindingsColumn:
            return m_layerFindings[std::size_t(layer)];
        case LeadsColumn:
            return int(m_layerLeads[std::size_t(layer)].size());
        case SelfColumn:
        case LayersColumn:
            return {};
        default:
            return layerData(layer, column, Qt::DisplayRole);
        }
    case LayerRole:
        return layer;
    case PathRole: {
        const int module = m_tree->moduleOfLayer[std::size_t(layer)];
        return module < 0 ? QString() : m_tree->modules[std::size_t(module)].path;
    }
    case ShareRole:
        return sortableFigure(share);
    case LayersRole:
        return QVariant::fromValue(QList<int>{layer});
    }
    return {};
}

QVariant ModuleTreeModel::unattributedData(int column, int role) const {
    const std::optional<double> share =
        m_tree->unattributedMs && m_tree->totalMs && *m_tree->totalMs > 0
            ? std::optional(*m_tree->unattributedMs / *m_tree->totalMs * 100)
            : std::nullopt;
    const int layers = int(m_tree->unattributedLayers.size());
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return tr("(unattributed)");
        case TimeColumn:
            return millisecondsText(m_tree->unattributedMs);
        case ShareColumn:
            return percentText(share);
        case LayersColumn:
            return layers;
        case FindingsColumn:
            return count(m_findings.back());
        case LeadsColumn:
            return m_leads.back().join(QStringLiteral(", "));
        }
        return QString();
    case Qt::ToolTipRole:
        return tr("Layers whose Metadata and name name no ONNX node: no module holds them");
    case SortRole:
        switch (column) {
        case TimeColumn:
            return sortableFigure(m_tree->unattributedMs);
        case ShareColumn:
            return sortableFigure(share);
        case LayersColumn:
            return layers;
        default:
            return unattributedData(column, Qt::DisplayRole);
        }
    case ModuleRole:
        return -1;
    case LayerRole:
        return -1;
    case ShareRole:
        return sortableFigure(share);
    case LayersRole:
        return QVariant::fromValue(
            QList<int>(m_tree->unattributedLayers.begin(), m_tree->unattributedLayers.end()));
    }
    return {};
}

QVariant ModuleTreeModel::cell(Node node, int column, int role) const {
    if (column == AboveSolColumn && role == Qt::DisplayRole)
        return m_aboveSol.empty() ? QString() : millisecondsText(aboveSol(node), 4);
    if (column == AboveSolColumn && role == SortRole)
        return sortableFigure(aboveSol(node));
    if (column == AboveSolColumn && role == Qt::ToolTipRole)
        return headerCell(column, role);
    if (role == Qt::TextAlignmentRole)
        return column >= TimeColumn && column <= LayersColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (node < moduleCount())
        return role == LayerRole ? QVariant(-1) : moduleData(int(node), column, role);
    if (node == unattributedNode())
        return unattributedData(column, role);
    return role == ModuleRole ? QVariant(-1)
                              : layerData(int(node) - moduleCount() - 1, column, role);
}

QVariant ModuleTreeModel::headerCell(int column, int role) const {
    static const char* const names[ColumnCount] = {
        "Module", "Time (ms)",  "Share", "Self (ms)", "Above SOL (ms)",
        "Layers", "Precisions", "Types", "Findings",  "Leads"};
    static const char* const tips[ColumnCount] = {
        "The model's modules, from the module paths of the ONNX nodes each layer implements",
        "The average time of the module's layers, its submodules' included",
        "The module's share of the engine's time",
        "The time of the module's own layers, not its submodules'",
        "Time above the layers' speed of light on the status bar's GPU, submodules' included",
        "The layers in the module and its submodules",
        "Precisions by their share of the module's time",
        "Layer types by their share of the module's time",
        "Lint findings on the module's layers",
        "The leads naming one of the module's layers"};
    if (role == Qt::DisplayRole)
        return tr(names[column]);
    if (role == Qt::ToolTipRole)
        return tr(tips[column]);
    return {};
}

ModuleFilterModel::ModuleFilterModel(QObject* parent) : MissingLastSortModel(parent) {
    setSortRole(ModuleTreeModel::SortRole);
    setRecursiveFilteringEnabled(true);
}

void ModuleFilterModel::setSearch(const QString& text) {
    if (text == m_search)
        return;
    m_search = text;
    invalidateFilter();
}

bool ModuleFilterModel::filterAcceptsRow(int row, const QModelIndex& parent) const {
    const QString& pattern = m_search;
    if (pattern.isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(row, 0, parent);
    return index.data(ModuleTreeModel::PathRole)
               .toString()
               .contains(pattern, Qt::CaseInsensitive) ||
           (index.data(ModuleTreeModel::LayerRole).toInt() >= 0 &&
            index.data().toString().contains(pattern, Qt::CaseInsensitive));
}

} // namespace planscope
