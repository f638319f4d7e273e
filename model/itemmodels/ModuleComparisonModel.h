#pragma once

#include "itemmodels/MissingLast.h"
#include "itemmodels/SpeedupModel.h"
#include "itemmodels/TreeModel.h"
#include "modules/ModuleComparison.h"

#include <memory>

namespace planscope {

// Two engines compared by the modules of their model (modules/ModuleComparison.h), as a tree:
// the model's root, below it each module with its time in A and in B, delta and speedup, its
// submodules inside. A module one engine lacks has no time there ("-", sorted last).
class ModuleComparisonModel : public SpeedupModel<TreeModel> {
    Q_OBJECT
  public:
    enum Column {
        ModuleColumn,  // the module's name (its path in the tooltip)
        TimeAColumn,   // ms
        TimeBColumn,   //
        DeltaColumn,   // B's time minus A's; sorts by its size (|delta|)
        SpeedupColumn, // A's time over B's
        LayersAColumn,
        LayersBColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers; invalid where the value is missing
        VerdictRole,                 // 1 B faster, -1 B slower, 0 within the threshold or missing
        PathRole,                    // the module's path ("" the root)
        ModuleARole,                 // index into the comparison's A tree, -1 when A lacks it
        ModuleBRole,
    };

    explicit ModuleComparisonModel(QObject* parent = nullptr);

    void setComparison(std::shared_ptr<const ModuleComparison> comparison);
    const ModuleComparison* comparison() const { return m_comparison.get(); }

  private:
    // A row's node is its module's index in the comparison.
    int numChildren(Node node) const override;
    Node childNode(Node node, int row) const override;
    Node parentNode(Node node) const override;
    int rowOfNode(Node node) const override { return m_rowInParent[std::size_t(node)]; }
    int numColumns() const override { return ColumnCount; }
    QVariant cell(Node node, int column, int role) const override;
    QVariant headerCell(int column, int role) const override;
    int speedupColumn() const override { return SpeedupColumn; }
    const ModuleDelta& module(Node node) const { return m_comparison->modules[std::size_t(node)]; }
    QVariant display(const ModuleDelta& d, int column) const;
    QVariant sortValue(const ModuleDelta& d, int column) const;

    std::shared_ptr<const ModuleComparison> m_comparison;
    std::vector<int> m_rowInParent; // by module: its row under its parent
};

// Sorts a ModuleComparisonModel by its SortRole, missing figures last in both orders.
class ModuleComparisonSortModel : public MissingLastSortModel {
    Q_OBJECT
  public:
    explicit ModuleComparisonSortModel(QObject* parent = nullptr);
};

} // namespace planscope
