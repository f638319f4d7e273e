#pragma once

#include "compare/OnnxComparison.h"
#include "itemmodels/MissingLast.h"
#include "itemmodels/SpeedupModel.h"
#include "itemmodels/TableModel.h"

#include <memory>

namespace planscope {

// Two engines compared by ONNX op (compare/OnnxComparison.h), one row per group in the
// comparison's order: its ONNX nodes, the one engine holding it, its shape, both times, delta,
// speedup, and each engine's layers and their types. What a side lacks (no layer in the group,
// no profile record) shows as "-" and sorts last in both orders.
class OnnxGroupModel : public SpeedupModel<TableModel> {
    Q_OBJECT
  public:
    enum Column {
        GroupColumn,   // the group's place in the comparison (A's engine order), from 1
        NodesColumn,   // ONNX node names as Netron shows them
        OnlyInColumn,  // "only in A" / "only in B" (the view draws a badge)
        ShapeColumn,   // layer counts A:B, "1:1", "n:1" ...
        TimeAColumn,   // ms: the group's layers and the copies charged to it
        TimeBColumn,   //
        DeltaColumn,   // B's time minus A's; sorts by its size (|delta|)
        SpeedupColumn, // A's time over B's
        LayersAColumn, // layer names (folded NoOps marked, charged copies counted)
        LayersBColumn, //   beside A's, the names compared most
        TypesAColumn,  // the layers' types, each once
        TypesBColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers; invalid where the value is missing
        GroupRole,                   // index into OnnxComparison::groups
        OnlyInRole,                  // int(OnnxOnlyIn)
        VerdictRole,                 // 1 B faster, -1 B slower, 0 within the threshold or missing
        FusionDiffersRole,           // bool: see fusionDiffers()
        NodesRole,                   // QStringList: the group's ONNX node names
    };

    explicit OnnxGroupModel(QObject* parent = nullptr);

    // The comparison of `a` with `b` (compareByOnnx); the model keeps all three alive.
    void setComparison(std::shared_ptr<const EnginePlan> a, std::shared_ptr<const EnginePlan> b,
                       std::shared_ptr<const OnnxComparison> comparison);
    void clear();
    const OnnxComparison* comparison() const { return m_comparison.get(); }
    const EnginePlan* planA() const { return m_a.get(); }
    const EnginePlan* planB() const { return m_b.get(); }
    // Whether the engines fuse the group differently: its shape is not 1:1, its layers' types
    // differ, or its nodes are split into layers differently (OnnxGroup::fusionDiffers).
    bool fusionDiffers(int row) const;
    // The row of the group holding ONNX node `node`, -1 when none does.
    int rowOfNode(const QString& node) const;

  private:
    // What a row shows of one engine, worked out once per comparison.
    struct Side {
        QStringList types; // the layers' types, each once, in engine order; NoOp for folded
        QString layersText;
    };
    struct Row {
        Side a;
        Side b;
        bool typesDiffer = false;
    };
    int numRows() const override { return int(m_rows.size()); }
    int numColumns() const override { return ColumnCount; }
    QVariant cell(int row, int column, int role) const override;
    QVariant headerCell(int column, int role) const override;
    int speedupColumn() const override { return SpeedupColumn; }
    Side sideOf(const EnginePlan& plan, const OnnxGroupSide& side) const;
    QVariant display(const OnnxGroup& group, const Row& row, int index, int column) const;
    QVariant sortValue(const OnnxGroup& group, int index, int column) const;
    QString toolTip(const OnnxGroup& group, int column) const;
    QString layersToolTip(const EnginePlan& plan, const OnnxGroupSide& side,
                          const QString& engine) const;

    std::shared_ptr<const EnginePlan> m_a;
    std::shared_ptr<const EnginePlan> m_b;
    std::shared_ptr<const OnnxComparison> m_comparison;
    std::vector<Row> m_rows;
};

// The groups the ONNX ops tab shows: those with an ONNX node containing the search text
// (case-insensitive), optionally only those whose fusion differs. Sorts by SortRole with
// missing values last in either order.
class OnnxGroupFilterModel : public MissingLastSortModel {
    Q_OBJECT
  public:
    explicit OnnxGroupFilterModel(QObject* parent = nullptr);

    void setSearch(const QString& text);
    void setFusionDiffersOnly(bool only);
    // The groups shown, in view order, as indices into OnnxComparison::groups (for CSV export).
    std::vector<int> visibleGroups() const;

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

  private:
    QString m_search;
    bool m_fusionDiffersOnly = false;
};

} // namespace planscope
