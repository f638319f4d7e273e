#pragma once

#include "itemmodels/MissingLast.h"
#include "itemmodels/TableModel.h"
#include "leads/Lead.h"

namespace planscope {

// A plan's leads, one row each in rank order: rank, title, time at stake, its share of the
// latency, layer count and id. A time the plan does not hold is missing ("-", an invalid sort
// value), never 0.
class LeadsModel : public TableModel {
    Q_OBJECT
  public:
    enum Column {
        RankColumn,
        TitleColumn,
        TimeColumn,  // ms at stake
        ShareColumn, // % of the latency (the panel draws it as a bar too)
        LayersColumn,
        IdColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers; missing figures invalid
        LeadIdRole,
        LayersRole,     // QList<int>: the lead's layers, slowest first
        FocusLayerRole, // its first (slowest) layer, -1 without layers
        EvidenceRole,
        NextStepRole,
        ShareRole, // the share as a number in [0, 100], invalid when missing
    };

    explicit LeadsModel(QObject* parent = nullptr);

    void setLeads(PlanLeads leads);
    const PlanLeads& leads() const { return m_leads; }
    // The row of the lead with `id`, -1 when the plan has none.
    int rowOf(const QString& id) const;

  private:
    int numRows() const override { return int(m_leads.leads.size()); }
    int numColumns() const override { return ColumnCount; }
    QVariant cell(int row, int column, int role) const override;
    QVariant headerCell(int column, int role) const override;
    QVariant display(const Lead& lead, int row, int column) const;
    QVariant sortValue(const Lead& lead, int row, int column) const;

    PlanLeads m_leads;
};

// Sorts a LeadsModel by its SortRole, missing figures last in both orders.
class LeadsSortModel : public MissingLastSortModel {
    Q_OBJECT
  public:
    explicit LeadsSortModel(QObject* parent = nullptr);
};

} // namespace planscope
