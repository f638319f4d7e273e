#include "itemmodels/CheckModel.h"

namespace planscope {
namespace {

// Internal ids: 0 marks a result row; a layer row stores its result's row + 1.
constexpr quintptr kResultRow = 0;

} // namespace

CheckModel::CheckModel(QObject* parent) : QAbstractItemModel(parent) {}

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

QModelIndex CheckModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kResultRow);
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex CheckModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kResultRow)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kResultRow);
}

int CheckModel::rowCount(const QModelIndex& parent) const {
    if (!m_check)
        return 0;
    if (!parent.isValid())
        return static_cast<int>(m_check->results.size());
    if (parent.internalId() == kResultRow && parent.column() == 0)
        return static_cast<int>(result(parent.row())->layers.size());
    return 0;
}

int CheckModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant CheckModel::resultData(const CheckResult& r, int row, int column, int role) const {
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

QVariant CheckModel::layerData(const CheckResult& r, int row, const CheckLayer& layer, int column,
                               int role) const {
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

QVariant CheckModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == kResultRow)
        return resultData(*result(index.row()), index.row(), index.column(), role);
    const int row = static_cast<int>(index.internalId() - 1);
    const CheckResult& r = *result(row);
    return layerData(r, row, r.layers[static_cast<std::size_t>(index.row())], index.column(), role);
}

QVariant CheckModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case CheckOrLayerColumn:
        return tr("Check / layer");
    case LevelColumn:
        return tr("Level");
    case MessageColumn:
        return tr("What is wrong");
    default:
        return {};
    }
}

} // namespace planscope
