#include "itemmodels/LintModel.h"

namespace planscope {
namespace {

// Internal ids: 0 marks a rule row; a finding row stores its rule row + 1.
constexpr quintptr kRuleRow = 0;

} // namespace

LintModel::LintModel(QObject* parent) : QAbstractItemModel(parent) {}

void LintModel::setFindings(const std::vector<LintFinding>* findings) {
    beginResetModel();
    m_groups.clear();
    if (findings) {
        for (const LintFinding& f : *findings) {
            auto group = std::find_if(m_groups.begin(), m_groups.end(),
                                      [&](const RuleGroup& g) { return g.rule == f.rule; });
            if (group == m_groups.end())
                group = m_groups.insert(m_groups.end(), RuleGroup{f.rule, {}});
            group->findings.push_back(&f);
        }
    }
    endResetModel();
}

QStringList LintModel::rules() const {
    QStringList rules;
    for (const RuleGroup& g : m_groups)
        rules << g.rule;
    return rules;
}

QModelIndex LintModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kRuleRow);
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex LintModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kRuleRow)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kRuleRow);
}

int LintModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return static_cast<int>(m_groups.size());
    if (parent.internalId() == kRuleRow && parent.column() == 0)
        return static_cast<int>(m_groups[static_cast<std::size_t>(parent.row())].findings.size());
    return 0;
}

int LintModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant LintModel::ruleData(const RuleGroup& group, int column, int role) const {
    if (role == RuleRole)
        return group.rule;
    if (role == LayerIndexRole)
        return -1;
    if (role == Qt::DisplayRole && column == RuleOrLayerColumn)
        return QStringLiteral("%1 (%2)").arg(group.rule).arg(group.findings.size());
    if (role == Qt::DisplayRole && column == HazardColumn)
        return group.findings.front()->hazard;
    if (role == Qt::ToolTipRole || role == HelpRole)
        return group.findings.front()->help;
    return {};
}

QVariant LintModel::findingData(const LintFinding& f, int column, int role) const {
    switch (role) {
    case LayerIndexRole:
        return f.layerIndex;
    case RuleRole:
        return f.rule;
    case HelpRole:
        return f.help;
    case Qt::DisplayRole:
        switch (column) {
        case RuleOrLayerColumn:
            return f.layerName;
        case SeverityColumn:
            return severityName(f.severity);
        case HazardColumn:
            return f.hazard;
        case MitigationColumn:
            return f.mitigation;
        default:
            return {};
        }
    case Qt::ToolTipRole: {
        QStringList lines{f.layerName, f.hazard};
        for (const auto& [key, value] : f.details)
            lines << key + QStringLiteral(": ") + value;
        if (!f.mitigation.isEmpty())
            lines << QStringLiteral("Mitigation: ") + f.mitigation;
        lines << f.help;
        return lines.join('\n');
    }
    default:
        return {};
    }
}

QVariant LintModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == kRuleRow)
        return ruleData(m_groups[static_cast<std::size_t>(index.row())], index.column(), role);
    const RuleGroup& group = m_groups[index.internalId() - 1];
    return findingData(*group.findings[static_cast<std::size_t>(index.row())], index.column(),
                       role);
}

QVariant LintModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RuleOrLayerColumn:
        return tr("Rule / layer");
    case SeverityColumn:
        return tr("Severity");
    case HazardColumn:
        return tr("Hazard");
    case MitigationColumn:
        return tr("Mitigation");
    default:
        return {};
    }
}

} // namespace planscope
