#pragma once

#include "lint/LintFinding.h"

#include <QAbstractItemModel>
#include <vector>

namespace planscope {

// Lint findings grouped by rule: top-level rows are rules (with their finding count), their
// children the findings, each pointing at its layer.
class LintModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    enum Column { RuleOrLayerColumn, SeverityColumn, HazardColumn, MitigationColumn, ColumnCount };
    enum Role {
        LayerIndexRole = Qt::UserRole + 1, // -1 on rule rows
        RuleRole,                          // the rule id, on rule and finding rows
        HelpRole,
    };

    explicit LintModel(QObject* parent = nullptr);

    void setFindings(const std::vector<LintFinding>* findings);
    QStringList rules() const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    struct RuleGroup {
        QString rule;
        std::vector<const LintFinding*> findings;
    };
    QVariant ruleData(const RuleGroup& group, int column, int role) const;
    QVariant findingData(const LintFinding& finding, int column, int role) const;

    std::vector<RuleGroup> m_groups;
};

} // namespace planscope
