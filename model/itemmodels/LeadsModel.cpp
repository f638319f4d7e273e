#include "itemmodels/LeadsModel.h"

#include "itemmodels/MissingLast.h"
#include "plan/FigureText.h"

namespace planscope {

LeadsModel::LeadsModel(QObject* parent) : QAbstractTableModel(parent) {}

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

int LeadsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_leads.leads.size());
}

int LeadsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
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

QVariant LeadsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Lead& lead = m_leads.leads[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(lead, index.row(), index.column());
    case SortRole:
        return sortValue(lead, index.row(), index.column());
    case Qt::TextAlignmentRole:
        return index.column() == TitleColumn || index.column() == IdColumn
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

QVariant LeadsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
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
