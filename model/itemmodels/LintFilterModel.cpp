#include "itemmodels/LintFilterModel.h"

#include "itemmodels/LintModel.h"

namespace planscope {

void LintFilterModel::setRuleFilter(const QString& rule) {
    if (rule == m_rule)
        return;
    m_rule = rule;
    invalidateFilter();
}

bool LintFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (m_rule.isEmpty() || sourceParent.isValid())
        return true; // findings follow their rule row
    return sourceModel()->index(sourceRow, 0).data(LintModel::RuleRole).toString() == m_rule;
}

} // namespace planscope
