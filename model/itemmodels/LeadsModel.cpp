#include "itemmodels/LeadsModel.h"

#include "itemmodels/MissingLast.h"
#include "plan/FigureText.h"

namespace planscope {

LeadsModel::LeadsModel(QObject* parent) : TableModel(parent) {}

void LeadsModel::setLeads(PlanLeads leads) {
    beginResetModel();
    m_leads = std::move(leads);
    endResetModel();
}

int LeadsModel::rowOf(const QString& id) const {
    for (std::size_t row = 0; row < m_leads.leads.size(); ++row)
        if (m_leads.leads[row].id == id)
            return int(row);
    return -1;
}

QVariant LeadsModel::display(const Lead& lead, int row, int column) const {
    switch (column) {
    case RankColumn:
        return row + 1;
    case TitleColumn:
        return lead.title;
    case TimeColumn:
        return millisecondsText(lead.ms);
    case ShareColumn:
        return percentText(lead.percent);
    case LayersColumn:
        return qlonglong(lead.layers.size());
    case IdColumn:
        return lead.id;
    default:
        return {};
    }
}

QVariant LeadsModel::sortValue(const Lead& lead, int row, int column) const {
    switch (column) {
    case RankColumn:
        return row + 1;
    case TimeColumn:
        return sortableFigure(lead.ms);
    case ShareColumn:
        return sortableFigure(lead.percent);
    case LayersColumn:
        return qlonglong(lead.layers.size());
    default:
        return display(lead, row, column);
    }
}

QVariant LeadsModel::cell(int row, int column, int role) const {
    const Lead& lead = m_leads.leads[std::size_t(row)];
    switch (role) {
    case Qt::DisplayRole:
        return display(lead, row, column);
    case SortRole:
        return sortValue(lead, row, column);
    case Qt::TextAlignmentRole:
        return column == TitleColumn || column == IdColumn
                   ? QVariant()
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return QStringLiteral("%1\n\n%2\n\nNext step: %3")
            .arg(lead.title, lead.evidence, lead.nextStep);
    case LeadIdRole:
        return lead.id;
    case LayersRole:
        return QVariant::fromValue(QList<int>(lead.layers.begin(), lead.layers.end()));
    case FocusLayerRole:
        return lead.layers.empty() ? -1 : lead.layers.front();
    case EvidenceRole:
        return lead.evidence;
    case NextStepRole:
        return lead.nextStep;
    case ShareRole:
        return lead.percent ? QVariant(std::clamp(*lead.percent, 0.0, 100.0)) : QVariant();
    default:
        return {};
    }
}

QVariant LeadsModel::headerCell(int column, int role) const {
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case RankColumn:
        return tr("#");
    case TitleColumn:
        return tr("Lead");
    case TimeColumn:
        return tr("Time at stake");
    case ShareColumn:
        return tr("Share");
    case LayersColumn:
        return tr("Layers");
    case IdColumn:
        return tr("Id");
    default:
        return {};
    }
}

LeadsSortModel::LeadsSortModel(QObject* parent) : MissingLastSortModel(parent) {
    setSortRole(LeadsModel::SortRole);
}

} // namespace planscope
