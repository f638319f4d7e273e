#include "itemmodels/LintModel.h"

namespace planscope {
namespace {

constexpr const char* kTitles[] = {"Rule / layer", "Severity", "Hazard", "Mitigation"};
static_assert(std::size(kTitles) == LintModel::ColumnCount);

} // namespace

LintModel::LintModel(QObject* parent) : GroupedRowsModel(parent) {}

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

int LintModel::groupCount() const {
    return static_cast<int>(m_groups.size());
}

int LintModel::memberCount(int group) const {
    return static_cast<int>(m_groups[static_cast<std::size_t>(group)].findings.size());
}

QVariant LintModel::groupData(int row, int column, int role) const {
    const RuleGroup& group = m_groups[static_cast<std::size_t>(row)];
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

QVariant LintModel::memberData(int group, int member, int column, int role) const {
    const LintFinding& f =
        *m_groups[static_cast<std::size_t>(group)].findings[static_cast<std::size_t>(member)];
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

QVariant LintModel::headerCell(int column, int role) const {
    return role == Qt::DisplayRole ? tr(kTitles[column]) : QVariant();
}

} // namespace planscope
