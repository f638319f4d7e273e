#include "itemmodels/LayerTableModel.h"

#include "itemmodels/MissingLast.h"
#include "plan/FigureText.h"

#include <QLocale>

namespace planscope {
namespace {

struct ColumnInfo {
    const char* title;
    const char* tip;
    bool numeric;
};

constexpr ColumnInfo kColumns[] = {
    {"#", "Position of the layer in the engine", true},
    {"Name", "Layer name (fused layers are joined with +)", false},
    {"Type", "Layer type (ParameterType, else LayerType)", false},
    {"Avg (ms)", "Average latency per inference", true},
    {"Latency %", "Share of the engine's latency", true},
    {"Median (ms)", "Median latency per inference", true},
    {"Precision", "Data type of the first input", false},
    {"Out precision", "Data type of the first output", false},
    {"Tactic", "Kernel TensorRT chose (TacticName)", false},
    {"Subtype", "LayerType: the implementation TensorRT chose", false},
    {"Inputs", "Input tensors: shape and format", false},
    {"Outputs", "Output tensors: shape and format", false},
    {"Weights (B)", "Size of the weights in bytes", true},
    {"I/O (B)", "Bytes read and written: inputs + outputs", true},
    {"Footprint (B)", "I/O bytes + weights", true},
    {"MACs", "Multiply-accumulates of a convolution (implicit GEMM)", true},
    {"Arith. intensity", "MACs per byte moved, for convolutions", true},
    {"Metadata", "ONNX origin of the layer", false},
    {"Max rel error",
     "The largest relative error of the tensors the open polygraphy log maps to "
     "the layer (File > Open Accuracy Log); - where none maps",
     false},
    {"SOL %",
     "Speed of light: the least time the GPU's roofs allow the layer's FLOPs and bytes, as a "
     "share of its measured time (planscope roofline); - where the files do not give them",
     false},
    {"Params", "Elements of the layer's weights in the ONNX model (File > Open Model)", false},
    {"Zero %", "Share of zeros among the layer's weights in the ONNX model", false},
    {"2:4 %",
     "Share of groups of four weights along the input channels with at least two zeros: "
     "100 % is 2:4-ready for sparse Tensor Cores",
     false},
    {"Range ratio",
     "The largest output channel's largest |w| over the median channel's: above 10 an INT8 or "
     "FP8 scale loses the other channels to one",
     false},
};
static_assert(std::size(kColumns) == LayerTableModel::FixedColumnCount);

// Attributes that the fixed columns already show.
const QStringList kShownAttributes = {"LayerType", "ParameterType", "TacticName",
                                      "Metadata",  "TacticValue",   "StreamId"};

QString tensorsText(const std::vector<Tensor>& tensors) {
    QStringList parts;
    for (const Tensor& t : tensors)
        parts << t.shapeText() + 'x' + t.format();
    return parts.join(QStringLiteral(", "));
}

QString byteCount(std::optional<double> bytes) {
    return bytes ? QLocale().toString(*bytes, 'f', 0) : kMissingText;
}

} // namespace

LayerTableModel::LayerTableModel(QObject* parent) : TableModel(parent) {}

void LayerTableModel::setAccuracy(std::vector<std::optional<double>> errors) {
    m_accuracy = std::move(errors);
    if (const int rows = rowCount(); rows > 0)
        emit dataChanged(index(0, AccuracyColumn), index(rows - 1, AccuracyColumn));
}

void LayerTableModel::setSolPercents(std::vector<std::optional<double>> percents) {
    m_solPercent = std::move(percents);
    if (const int rows = rowCount(); rows > 0)
        emit dataChanged(index(0, SolPercentColumn), index(rows - 1, SolPercentColumn));
}

void LayerTableModel::setModelWeights(std::shared_ptr<const ModelWeights> weights) {
    m_weights = std::move(weights);
    if (const int rows = rowCount(); rows > 0)
        emit dataChanged(index(0, ParamsColumn), index(rows - 1, RangeRatioColumn));
}

std::optional<double> LayerTableModel::weightFigure(const Layer& l, int column) const {
    const LayerWeights* w = m_weights ? m_weights->forLayer(l.index) : nullptr;
    if (!w)
        return std::nullopt;
    switch (column) {
    case ParamsColumn:
        return double(w->params);
    case ZeroPercentColumn:
        return w->figures.zeroPercent();
    case Sparse24Column:
        return w->figures.sparse24Percent();
    case RangeRatioColumn:
        return w->figures.channelRangeRatio();
    default:
        return std::nullopt;
    }
}

bool LayerTableModel::isFigureColumn(int column) {
    return isNumericColumn(column) || column == AccuracyColumn || column == SolPercentColumn ||
           isWeightColumn(column);
}

void LayerTableModel::setPlan(const EnginePlan* plan) {
    beginResetModel();
    m_plan = plan;
    m_weights.reset(); // until the new plan's model is read
    m_attributeKeys.clear();
    m_solPercent.clear(); // until the new plan's analysis has them
    endResetModel();
}

void LayerTableModel::setAttributeColumns(const QStringList& keys) {
    if (keys == m_attributeKeys)
        return;
    beginResetModel();
    m_attributeKeys = keys;
    endResetModel();
}

QStringList LayerTableModel::attributeKeysOfType(const EnginePlan& plan, const QString& type) {
    QStringList keys;
    for (const Layer& layer : plan.layers) {
        if (layer.type != type)
            continue;
        for (const auto& attribute : layer.attributes())
            if (!keys.contains(attribute.first) && !kShownAttributes.contains(attribute.first))
                keys << attribute.first;
    }
    return keys;
}

QVariant LayerTableModel::displayValue(const Layer& l, int column) const {
    const auto& conv = l.convolution;
    switch (column) {
    case IndexColumn:
        return l.index;
    case NameColumn:
        return l.name;
    case TypeColumn:
        return l.type;
    case SubtypeColumn:
        return l.subtype;
    case PrecisionColumn:
        return l.precision;
    case OutputPrecisionColumn:
        return l.outputPrecision;
    case TacticColumn:
        return l.tactic;
    case LatencyColumn:
        return numberText(l.timing.average(), 4);
    case MedianLatencyColumn:
        return numberText(l.timing.median(), 4);
    case LatencyShareColumn:
        return numberText(l.timing.share(), 2);
    case InputsColumn:
        return tensorsText(l.inputs);
    case OutputsColumn:
        return tensorsText(l.outputs);
    case WeightsColumn:
        return byteCount(known(l.weightsKnown(), l.weightsBytes));
    case IoBytesColumn:
        return byteCount(known(l.ioBytesKnown(), l.ioBytes));
    case FootprintColumn:
        return byteCount(known(l.footprintKnown(), l.footprintBytes));
    case MacsColumn:
        return conv ? QLocale().toString(conv->macs, 'f', 0) : QString();
    case ArithmeticIntensityColumn:
        return conv ? QString::number(conv->arithmeticIntensity, 'f', 2) : QString();
    case MetadataColumn:
        return l.metadata;
    case AccuracyColumn: {
        const std::size_t at = std::size_t(l.index);
        return at < m_accuracy.size() && m_accuracy[at]
                   ? QString::number(*m_accuracy[at], 'g', 3)
                   : (m_accuracy.empty() ? QString() : kMissingText);
    }
    case SolPercentColumn: {
        const std::size_t at = std::size_t(l.index);
        return at < m_solPercent.size() ? percentText(m_solPercent[at])
                                        : (m_solPercent.empty() ? QString() : kMissingText);
    }
    case ParamsColumn:
    case ZeroPercentColumn:
    case Sparse24Column:
    case RangeRatioColumn: {
        if (!m_weights)
            return QString();
        const std::optional<double> figure = weightFigure(l, column);
        if (column == ParamsColumn)
            return figure ? QLocale().toString(*figure, 'f', 0) : kMissingText;
        return column == RangeRatioColumn ? numberText(figure, 1) : percentText(figure);
    }
    default:
        return l.attribute(m_attributeKeys.value(column - FixedColumnCount));
    }
}

bool LayerTableModel::isNumericColumn(int column) {
    return column >= 0 && column < FixedColumnCount && kColumns[column].numeric;
}

std::optional<double> LayerTableModel::sortFigure(const Layer& l, int column) {
    const auto& conv = l.convolution;
    switch (column) {
    case IndexColumn:
        return l.index;
    case LatencyColumn:
        return l.timing.average();
    case MedianLatencyColumn:
        return l.timing.median();
    case LatencyShareColumn:
        return l.timing.share();
    case WeightsColumn:
        return known(l.weightsKnown(), l.weightsBytes);
    case IoBytesColumn:
        return known(l.ioBytesKnown(), l.ioBytes);
    case FootprintColumn:
        return known(l.footprintKnown(), l.footprintBytes);
    case MacsColumn:
        return conv ? std::optional(conv->macs) : std::nullopt;
    case ArithmeticIntensityColumn:
        return conv ? std::optional(conv->arithmeticIntensity) : std::nullopt;
    default:
        return std::nullopt;
    }
}

QVariant LayerTableModel::sortValue(const Layer& l, int column) const {
    if (isNumericColumn(column))
        return sortableFigure(sortFigure(l, column));
    if (column == AccuracyColumn || column == SolPercentColumn) {
        const auto& figures = column == AccuracyColumn ? m_accuracy : m_solPercent;
        return std::size_t(l.index) < figures.size() ? sortableFigure(figures[std::size_t(l.index)])
                                                     : QVariant();
    }
    if (isWeightColumn(column))
        return sortableFigure(weightFigure(l, column));
    const QString text = displayValue(l, column).toString();
    if (text.isEmpty())
        return {};
    bool isNumber = false;
    const double value = text.toDouble(&isNumber); // numeric attributes sort as numbers
    return isNumber ? QVariant(value) : QVariant(text);
}

QVariant LayerTableModel::cell(int row, int column, int role) const {
    const Layer& layer = m_plan->layers[static_cast<std::size_t>(row)];
    switch (role) {
    case Qt::DisplayRole:
        return displayValue(layer, column);
    case SortRole:
        return sortValue(layer, column);
    case LayerIndexRole:
        return layer.index;
    case SearchTextRole:
        return QStringList{layer.name, layer.type, layer.tactic, layer.metadata}.join('\n');
    case Qt::ToolTipRole:
        return column == NameColumn ? layer.fusedParts().join('\n')
                                    : displayValue(layer, column).toString();
    case Qt::TextAlignmentRole:
        if (isFigureColumn(column))
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant LayerTableModel::headerCell(int column, int role) const {
    const bool fixed = column < FixedColumnCount;
    if (role == Qt::DisplayRole)
        return fixed ? QString::fromLatin1(kColumns[column].title)
                     : m_attributeKeys.value(column - FixedColumnCount);
    if (role == Qt::ToolTipRole)
        return fixed ? QString::fromLatin1(kColumns[column].tip)
                     : QStringLiteral("Raw attribute %1")
                           .arg(m_attributeKeys.value(column - FixedColumnCount));
    return {};
}

} // namespace planscope
