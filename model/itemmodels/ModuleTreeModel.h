#pragma once

#include "itemmodels/MissingLast.h"
#include "itemmodels/TreeModel.h"
#include "leads/Lead.h"
#include "lint/LintFinding.h"
#include "modules/ModuleTree.h"

#include <memory>

namespace planscope {

// A plan's modules as a tree (modules/ModuleTree.h): the model's root, below it its modules,
// heaviest first, each holding its submodules and then its own layers; the unattributed layers
// under a row of their own. A time the plan does not hold is missing ("-", invalid sort value).
class ModuleTreeModel : public TreeModel {
    Q_OBJECT
  public:
    enum Column {
        NameColumn,       // module name (its path in the tooltip), or layer name
        TimeColumn,       // ms: the module's layers and its submodules'
        ShareColumn,      // % of the plan's time (the view draws it as a bar too)
        SelfColumn,       // ms of the module's own layers
        AboveSolColumn,   // ms above the speed of light (roofline/), its submodules' included
        LayersColumn,     // layer count
        PrecisionsColumn, // precisions by time, "FP16 82 %, INT8 18 %"
        TypesColumn,      // layer types by time
        FindingsColumn,   // lint findings on its layers
        LeadsColumn,      // the leads naming one of its layers
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers; missing figures invalid
        ModuleRole,                  // index into ModuleTree::modules; -1 for other rows
        LayerRole,                   // the layer of a layer row; -1 for other rows
        LayersRole,                  // QList<int>: every layer under the row, engine order
        PathRole,                    // the module's path ("" the root); layers: their module's
        ShareRole,                   // the share in [0, 100], invalid when missing
    };

    explicit ModuleTreeModel(QObject* parent = nullptr);

    // The plan and its modules (buildModuleTree(*plan) when `tree` is null).
    void setPlan(std::shared_ptr<const EnginePlan> plan,
                 std::shared_ptr<const ModuleTree> tree = nullptr);
    // The lint findings and leads, counted per module (empty until the analysis is made).
    void setAnalysis(const std::vector<LintFinding>& findings, const PlanLeads& leads);
    // Each layer's time above its speed of light (roofline/Roofline.h, by layer index, NaN where
    // missing), summed per module; empty until the analysis has the roofline.
    void setAboveSol(std::vector<double> perLayer);
    const ModuleTree& tree() const { return *m_tree; }
    const EnginePlan* plan() const { return m_plan.get(); }
    QModelIndex indexOfModule(int module) const;
    QModelIndex indexOfLayer(int layer) const;

  private:
    // Rows are nodes: module m is node m, the unattributed row node M, layer l node M + 1 + l.
    int moduleCount() const { return int(m_tree->modules.size()); }
    Node unattributedNode() const { return moduleCount(); }
    bool hasUnattributedRow() const { return !m_tree->unattributedLayers.empty(); }
    Node layerNode(int layer) const { return moduleCount() + 1 + layer; }
    int numChildren(Node node) const override;
    Node childNode(Node node, int row) const override;
    Node parentNode(Node node) const override;
    int rowOfNode(Node node) const override;
    int numColumns() const override { return ColumnCount; }
    QVariant cell(Node node, int column, int role) const override;
    QVariant headerCell(int column, int role) const override;
    QVariant moduleData(int module, int column, int role) const;
    QVariant layerData(int layer, int column, int role) const;
    QVariant unattributedData(int column, int role) const;
    std::optional<double> aboveSol(Node node) const;
    QString sharesText(const std::vector<ModuleShare>& shares,
                       const std::optional<double>& ms) const;

    std::shared_ptr<const EnginePlan> m_plan;
    std::shared_ptr<const ModuleTree> m_tree;
    std::vector<int> m_rowInParent;   // by module: its row under its parent
    std::vector<int> m_rowOfLayer;    // by layer: its row under its module
    std::vector<int> m_findings;      // by module, then the unattributed row
    std::vector<QStringList> m_leads; // likewise
    std::vector<int> m_layerFindings; // by layer
    std::vector<QStringList> m_layerLeads;
    std::vector<double> m_layerAboveSol;           // by layer; empty: not yet made
    std::vector<std::optional<double>> m_aboveSol; // by module, then the unattributed row
};

// Sorts a ModuleTreeModel by its SortRole (missing figures last) and keeps the rows whose module
// path or layer name holds the filter text, with their ancestors.
class ModuleFilterModel : public MissingLastSortModel {
    Q_OBJECT
  public:
    explicit ModuleFilterModel(QObject* parent = nullptr);
    // Rows whose module path or layer name holds `text` (case-insensitive), and their ancestors.
    void setSearch(const QString& text);

  protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

  private:
    QString m_search;
};

} // namespace planscope
