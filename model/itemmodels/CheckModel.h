#pragma once

#include "check/PlanCheck.h"

#include <QAbstractItemModel>

namespace planscope {

// The results of a plan's check: top-level rows are results (most severe first), their children
// the layers each one concerns.
class CheckModel : public QAbstractItemModel {
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

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    QVariant resultData(const CheckResult& result, int row, int column, int role) const;
    QVariant layerData(const CheckResult& result, int row, const CheckLayer& layer, int column,
                       int role) const;

    const PlanCheck* m_check = nullptr;
};

} // namespace planscope
