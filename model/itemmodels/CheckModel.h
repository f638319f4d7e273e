#pragma once

#include "check/PlanCheck.h"
#include "itemmodels/GroupedRowsModel.h"

namespace planscope {

// The results of a plan's check: top-level rows are results (most severe first), their children
// the layers each one concerns.
class CheckModel : public GroupedRowsModel {
    Q_OBJECT
  public:
    enum Column { CheckOrLayerColumn, LevelColumn, MessageColumn, ColumnCount };
    enum Role {
        LayerIndexRole = Qt::UserRole + 1, // -1 on result rows and on layers trex leaves out
        ResultRole,                        // the result's row, on result and layer rows
        LevelRole,                         // the result's CheckLevel as an int
    };

    explicit CheckModel(QObject* parent = nullptr);

    // The check shown; it must outlive the model or be replaced first. Null shows nothing.
    void setCheck(const PlanCheck* check);
    const CheckResult* result(int row) const;

  private:
    int numColumns() const override { return ColumnCount; }
    QVariant headerCell(int column, int role) const override;
    int groupCount() const override;
    int memberCount(int group) const override;
    QVariant groupData(int group, int column, int role) const override;
    QVariant memberData(int group, int member, int column, int role) const override;

    const PlanCheck* m_check = nullptr;
};

} // namespace planscope
