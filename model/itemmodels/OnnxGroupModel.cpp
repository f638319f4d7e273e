#include "itemmodels/OnnxGroupModel.h"

#include "itemmodels/MissingLast.h"
#include "plan/FigureText.h"

#include <cmath>

namespace planscope {
namespace {

constexpr const char* kTitles[] = {"#",        "ONNX nodes", "Only in",    "Shape",
                                   "A (ms)",   "B (ms)",     "Delta (ms)", "Speedup",
                                   "Layers A", "Layers B",   "Types A",    "Types B"};
static_assert(std::size(kTitles) == OnnxGroupModel::ColumnCount);

// A tooltip lists at most this many names; a group of a whole Myelin region can name hundreds.
constexpr qsizetype kTooltipNames = 40;

bool sideA(int column) {
    switch (column) {
    case OnnxGroupModel::TimeAColumn:
    case OnnxGroupModel::LayersAColumn:
    case OnnxGroupModel::TypesAColumn:
        return true;
    default:
        return false;
    }
}

QString nameLines(const QStringList& names, const QString& indent) {
    QStringList lines;
    for (qsizetype i = 0; i < names.size() && i < kTooltipNames; ++i)
        lines << indent + names[i];
    if (names.size() > kTooltipNames)
        lines << OnnxGroupModel::tr("%1... and %2 more")
                     .arg(indent)
                     .arg(names.size() - kTooltipNames);
    return lines.join('\n');
}

QString signedNumberText(std::optional<double> value, int decimals) {
    const QString text = numberText(value, decimals);
    return value && *value > 0 ? '+' + text : text;
}

} // namespace

OnnxGroupModel::OnnxGroupModel(QObject* parent) : SpeedupModel(parent) {}

OnnxGroupModel::Side OnnxGroupModel::sideOf(const EnginePlan& plan,
                                            const OnnxGroupSide& side) const {
    Side shown;
    QStringList names;
    for (int index : side.layers) {
        const Layer& layer = plan.layers[std::size_t(index)];
        names << layer.name;
        if (!shown.types.contains(layer.type))
            shown.types << layer.type;
    }
    for (const QString& folded : side.folded)
        names << tr("%1 (folded)").arg(folded);
    if (!side.folded.isEmpty() && !shown.types.contains(QLatin1String("NoOp")))
        shown.types << QStringLiteral("NoOp"); // the plan folds NoOps only
    shown.layersText = names.join(QStringLiteral("; "));
    if (!side.charged.empty())
        shown.layersText +=
            ' ' + (side.charged.size() == 1 ? tr("(+1 copy)")
                                            : tr("(+%1 copies)").arg(side.charged.size()));
    return shown;
}

void OnnxGroupModel::setComparison(std::shared_ptr<const EnginePlan> a,
                                   std::shared_ptr<const EnginePlan> b,
                                   std::shared_ptr<const OnnxComparison> comparison) {
    beginResetModel();
    m_a = std::move(a);
    m_b = std::move(b);
    m_comparison = std::move(comparison);
    m_rows.clear();
    if (m_comparison && m_a && m_b) {
        m_rows.reserve(m_comparison->groups.size());
        for (const OnnxGroup& group : m_comparison->groups) {
            Row row{sideOf(*m_a, group.a), sideOf(*m_b, group.b), false};
            if (group.onlyIn == OnnxOnlyIn::None) {
                QStringList typesA = row.a.types;
                QStringList typesB = row.b.types;
                typesA.sort();
                typesB.sort();
                row.typesDiffer = typesA != typesB;
            }
            m_rows.push_back(std::move(row));
        }
    }
    endResetModel();
}

void OnnxGroupModel::clear() {
    setComparison({}, {}, {});
}

bool OnnxGroupModel::fusionDiffers(int row) const {
    const OnnxGroup& group = m_comparison->groups[std::size_t(row)];
    return group.shape != QLatin1String("1:1") || group.fusionDiffers ||
           m_rows[std::size_t(row)].typesDiffer;
}

int OnnxGroupModel::rowOfNode(const QString& node) const {
    if (!m_comparison)
        return -1;
    for (std::size_t row = 0; row < m_comparison->groups.size(); ++row)
        if (m_comparison->groups[row].nodes.contains(node))
            return int(row);
    return -1;
}

QVariant OnnxGroupModel::display(const OnnxGroup& g, const Row& row, int index, int column) const {
    const bool inA = g.onlyIn != OnnxOnlyIn::B;
    const bool inB = g.onlyIn != OnnxOnlyIn::A;
    switch (column) {
    case GroupColumn:
        return index + 1;
    case NodesColumn:
        return g.nodes.join(QStringLiteral(", "));
    case OnlyInColumn:
        return g.onlyIn == OnnxOnlyIn::A   ? tr("only in A")
               : g.onlyIn == OnnxOnlyIn::B ? tr("only in B")
                                           : QString();
    case ShapeColumn:
        return g.shape;
    case TimeAColumn:
        return numberText(g.a.ms, 4);
    case TimeBColumn:
        return numberText(g.b.ms, 4);
    case DeltaColumn:
        return signedNumberText(g.deltaMs, 4);
    case SpeedupColumn:
        return numberText(g.speedup, 2, QStringLiteral("x"));
    case LayersAColumn:
        return inA ? row.a.layersText : kMissingText;
    case TypesAColumn:
        return inA && !row.a.types.isEmpty() ? row.a.types.join(QStringLiteral(", "))
                                             : kMissingText;
    case LayersBColumn:
        return inB ? row.b.layersText : kMissingText;
    case TypesBColumn:
        return inB && !row.b.types.isEmpty() ? row.b.types.join(QStringLiteral(", "))
                                             : kMissingText;
    default:
        return {};
    }
}

QVariant OnnxGroupModel::sortValue(const OnnxGroup& g, int index, int column) const {
    switch (column) {
    case GroupColumn:
        return index;
    case OnlyInColumn: // groups in both engines last
        return g.onlyIn == OnnxOnlyIn::None ? QVariant() : QVariant(int(g.onlyIn));
    case TimeAColumn:
        return sortableFigure(g.a.ms);
    case TimeBColumn:
        return sortableFigure(g.b.ms);
    case DeltaColumn: // the largest changes first, either way
        return g.deltaMs ? QVariant(std::abs(*g.deltaMs)) : QVariant();
    case SpeedupColumn:
        return sortableFigure(g.speedup);
    default: {
        const QVariant text = display(g, m_rows[std::size_t(index)], index, column);
        return text.toString() == kMissingText ? QVariant() : text;
    }
    }
}

QString OnnxGroupModel::layersToolTip(const EnginePlan& plan, const OnnxGroupSide& side,
                                      const QString& engine) const {
    if (!side.present())
        return tr("%1 has no layer implementing these ONNX nodes").arg(engine);
    QStringList layers;
    for (int index : side.layers) {
        const Layer& layer = plan.layers[std::size_t(index)];
        layers << tr("%1 (%2, %3)")
                      .arg(layer.name, layer.type, millisecondsText(layer.timing.average(), 4));
    }
    for (const QString& folded : side.folded)
        layers << tr("%1 (a NoOp the plan folds away, timed by its profile record)").arg(folded);
    QString text = tr("%1: %2\n%3")
                       .arg(engine, countText(side.layerCount(), tr("layer")),
                            nameLines(layers, QStringLiteral("  ")));
    if (!side.charged.empty()) {
        QStringList copies;
        for (int index : side.charged) {
            const Layer& layer = plan.layers[std::size_t(index)];
            copies << tr("%1 (%2)").arg(layer.name, millisecondsText(layer.timing.average(), 4));
        }
        text += tr("\nReformatting copies TensorRT inserted for them, charged to this group:\n%1")
                    .arg(nameLines(copies, QStringLiteral("  ")));
    }
    return text;
}

QString OnnxGroupModel::toolTip(const OnnxGroup& g, int column) const {
    const bool a = sideA(column);
    const OnnxGroupSide& side = a ? g.a : g.b;
    switch (column) {
    case GroupColumn:
    case NodesColumn:
        return tr("%1:\n%2").arg(countText(g.nodes.size(), tr("ONNX node")),
                                 nameLines(g.nodes, QString()));
    case OnlyInColumn:
        if (g.onlyIn == OnnxOnlyIn::None)
            return tr("Both engines implement these ONNX nodes");
        return tr("Only %1's layers name these ONNX nodes: %2 has none of them")
            .arg(g.onlyIn == OnnxOnlyIn::A ? tr("A") : tr("B"),
                 g.onlyIn == OnnxOnlyIn::A ? tr("B") : tr("A"));
    case ShapeColumn:
        return tr("Layers in A : layers in B (folded NoOps count, charged copies do not).\n%1")
            .arg(g.onlyIn != OnnxOnlyIn::None ? tr("One engine alone holds this group.")
                 : g.fusionDiffers ? tr("The engines split these nodes into layers differently.")
                                   : tr("Both engines split these nodes into layers alike."));
    case TimeAColumn:
    case TimeBColumn:
        if (side.ms)
            return tr("Sum of the average times in %1 of the group's layers and the copies "
                      "charged to it")
                .arg(planLabel(a));
        return side.present() ? tr("Not measured: no profile record of %1 names these layers")
                                    .arg(planLabel(a))
                              : tr("%1 has no layer in this group").arg(planLabel(a));
    case DeltaColumn:
        return g.deltaMs ? tr("B's time minus A's: positive, B is slower. Sorts by its size.")
                         : tr("No delta: it needs the times of both engines");
    case SpeedupColumn:
        return g.speedup ? tr("A's time over B's: above 1, B is faster")
                         : tr("No speedup: it needs the times of both engines");
    case LayersAColumn:
    case TypesAColumn:
        return layersToolTip(*m_a, g.a, planLabel(true));
    case LayersBColumn:
    case TypesBColumn:
        return layersToolTip(*m_b, g.b, planLabel(false));
    default:
        return {};
    }
}

QVariant OnnxGroupModel::cell(int row, int column, int role) const {
    const OnnxGroup& group = m_comparison->groups[std::size_t(row)];
    switch (role) {
    case Qt::DisplayRole:
        return display(group, m_rows[std::size_t(row)], row, column);
    case Qt::ToolTipRole:
        return toolTip(group, column);
    case SortRole:
        return sortValue(group, row, column);
    case GroupRole:
        return row;
    case OnlyInRole:
        return int(group.onlyIn);
    case VerdictRole:
        return verdict(group.speedup);
    case FusionDiffersRole:
        return fusionDiffers(row);
    case NodesRole:
        return group.nodes;
    case Qt::TextAlignmentRole:
        switch (column) {
        case GroupColumn:
        case TimeAColumn:
        case TimeBColumn:
        case DeltaColumn:
        case SpeedupColumn:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        case ShapeColumn:
        case OnlyInColumn:
            return QVariant::fromValue(Qt::AlignCenter);
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant OnnxGroupModel::headerCell(int column, int role) const {
    if (role == Qt::DisplayRole)
        return tr(kTitles[column]);
    if (role != Qt::ToolTipRole)
        return {};
    switch (column) {
    case GroupColumn:
        return tr("The group's place in A's engine order (then B's, for groups only in B)");
    case NodesColumn:
        return tr("The ONNX nodes both engines' fusions keep whole, named as in Netron");
    case ShapeColumn:
        return tr("Layer counts A:B: 1:1, n:1, 1:n, n:m; 0 for an engine without the group");
    case DeltaColumn:
        return tr("B's time minus A's (ms); sorts by its size, the largest changes first");
    case SpeedupColumn:
        return tr("A's time over B's: green B faster, orange B slower (the Layers tab's "
                  "threshold)");
    default:
        return labelsToolTip();
    }
}

OnnxGroupFilterModel::OnnxGroupFilterModel(QObject* parent) : MissingLastSortModel(parent) {
    setSortRole(OnnxGroupModel::SortRole);
}

void OnnxGroupFilterModel::setSearch(const QString& text) {
    m_search = text.trimmed();
    invalidateFilter();
}

void OnnxGroupFilterModel::setFusionDiffersOnly(bool only) {
    m_fusionDiffersOnly = only;
    invalidateFilter();
}

std::vector<int> OnnxGroupFilterModel::visibleGroups() const {
    std::vector<int> groups;
    groups.reserve(std::size_t(rowCount()));
    for (int row = 0; row < rowCount(); ++row)
        groups.push_back(index(row, 0).data(OnnxGroupModel::GroupRole).toInt());
    return groups;
}

bool OnnxGroupFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QModelIndex row = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_fusionDiffersOnly && !row.data(OnnxGroupModel::FusionDiffersRole).toBool())
        return false;
    if (m_search.isEmpty())
        return true;
    const QStringList nodes = row.data(OnnxGroupModel::NodesRole).toStringList();
    return std::any_of(nodes.begin(), nodes.end(), [this](const QString& node) {
        return node.contains(m_search, Qt::CaseInsensitive);
    });
}

} // namespace planscope
