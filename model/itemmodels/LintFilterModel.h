#pragma once

#include <QSortFilterProxyModel>

namespace planscope {

// Shows the findings of one rule (or all) of a LintModel.
class LintFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
  public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setRuleFilter(const QString& rule); // empty: every rule
    QString ruleFilter() const { return m_rule; }

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

  private:
    QString m_rule;
};

} // namespace planscope
