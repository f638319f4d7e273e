#pragma once

#include "itemmodels/GroupedRowsModel.h"
#include "lint/LintFinding.h"

#include <vector>

namespace planscope {

// Lint findings grouped by rule: top-level rows are rules (with their finding count), their
// children the findings, each pointing at its layer.
class LintModel : public GroupedRowsModel {
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

  private:
    int numColumns() const override { return ColumnCount; }
    QVariant headerCell(int column, int role) const override;
    struct RuleGroup {
        QString rule;
        std::vector<const LintFinding*> findings;
    };
    int groupCount() const override;
    int memberCount(int group) const override;
    QVariant groupData(int group, int column, int role) const override;
    QVariant memberData(int group, int member, int column, int role) const override;

    std::vector<RuleGroup> m_groups;
};

} // namespace planscope
