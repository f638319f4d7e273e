#include "itemmodels/CheckModel.h"

namespace planscope {
namespace {

constexpr const char* kTitles[] = {"Check / layer", "Level", "What is wrong"};
static_assert(std::size(kTitles) == CheckModel::ColumnCount);

} // namespace

CheckModel::CheckModel(QObject* parent) : GroupedRowsModel(parent) {}

void CheckModel::setCheck(const PlanCheck* check) {
    beginResetModel();
    m_check = check;
    endResetModel();
}

const CheckResult* CheckModel::result(int row) const {
    if (!m_check || row < 0 || row >= static_cast<int>(m_check->results.size()))
        return nullptr;
    return &m_check->results[static_cast<std::size_t>(row)];
}

int CheckModel::groupCount() const {
    return m_check ? static_cast<int>(m_check->results.size()) : 0;
}

int CheckModel::memberCount(int group) const {
    return static_cast<int>(result(group)->layers.size());
}

QVariant CheckModel::groupData(int row, int column, int role) const {
    const CheckResult& r = *result(row);
    switch (role) {
    case LayerIndexRole:
        return -1;
    case ResultRole:
        return row;
    case LevelRole:
        return static_cast<int>(r.level);
    case Qt::DisplayRole:
        switch (column) {
        case CheckOrLayerColumn:
            return r.layers.empty() ? r.id
                                    : QStringLiteral("%1 (%2)").arg(r.id).arg(r.layers.size());
        case LevelColumn:
            return checkLevelName(r.level);
        case MessageColumn:
            return r.message;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return r.message + QStringLiteral("\nWhat to do: ") + r.fix;
    default:
        return {};
    }
}

QVariant CheckModel::memberData(int row, int member, int column, int role) const {
    const CheckResult& r = *result(row);
    const CheckLayer& layer = r.layers[static_cast<std::size_t>(member)];
    switch (role) {
    case LayerIndexRole:
        return layer.index.value_or(-1);
    case ResultRole:
        return row;
    case LevelRole:
        return static_cast<int>(r.level);
    case Qt::DisplayRole:
        if (column != CheckOrLayerColumn)
            return {};
        return layer.index ? QStringLiteral("%1  %2").arg(*layer.index).arg(layer.name)
                           : layer.name;
    case Qt::ToolTipRole:
        return layer.index ? layer.name
                           : tr("%1 (left out of the layer list, as trex leaves constants, NoOps "
                                "and signal/wait/shape_call layers out)")
                                 .arg(layer.name);
    default:
        return {};
    }
}

QVariant CheckModel::headerCell(int column, int role) const {
    return role == Qt::DisplayRole ? tr(kTitles[column]) : QVariant();
}

} // namespace planscope
