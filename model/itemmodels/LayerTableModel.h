#pragma once

#include "itemmodels/TableModel.h"
#include "onnxmodel/ModelWeights.h"
#include "plan/EnginePlan.h"

#include <QStringList>
#include <memory>
#include <optional>

namespace planscope {

// One row per layer of a plan. Fixed columns first, then the raw attributes chosen with
// setAttributeColumns() (trex's per-type views show a type's own attributes).
class LayerTableModel : public TableModel {
    Q_OBJECT
  public:
    enum Column {
        IndexColumn,
        NameColumn,
        TypeColumn,
        LatencyColumn,       // average ms
        LatencyShareColumn,  // % of the engine's latency
        MedianLatencyColumn, // median ms
        PrecisionColumn,
        OutputPrecisionColumn,
        TacticColumn,
        SubtypeColumn,
        InputsColumn,
        OutputsColumn,
        WeightsColumn,
        IoBytesColumn,
        FootprintColumn,
        MacsColumn,
        ArithmeticIntensityColumn,
        MetadataColumn,
        AccuracyColumn,   // the largest relative error of the tensors a polygraphy log maps here
        SolPercentColumn, // the speed-of-light time's share of the measured one (roofline/)
        // The weights of the ONNX model beside the plan (onnxmodel/ModelWeights): empty without
        // a model (the view hides them), "-" for a layer naming none of its nodes.
        ParamsColumn,      // the elements of the layer's weights
        ZeroPercentColumn, // the share of zeros among them
        Sparse24Column,    // the share of 2:4 groups along the input channels
        RangeRatioColumn,  // the largest output channel's max |w| over the median channel's
        FixedColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers, so latency sorts numerically; a
                                     // missing figure is an invalid QVariant (sorted last)
        LayerIndexRole,              // the layer's index in the plan
        SearchTextRole,              // name, type, tactic and metadata, for the text search
    };

    explicit LayerTableModel(QObject* parent = nullptr);

    void setPlan(const EnginePlan* plan);
    const EnginePlan* plan() const { return m_plan; }
    void setAttributeColumns(const QStringList& keys);
    // Each layer's largest relative error (accuracy/AccuracyMapping.h); empty without a log.
    void setAccuracy(std::vector<std::optional<double>> errors);
    // Each layer's speed-of-light percentage (roofline/Roofline.h); empty until the analysis
    // has it.
    void setSolPercents(std::vector<std::optional<double>> percents);
    // The ONNX model's weights on this plan (null: no model).
    void setModelWeights(std::shared_ptr<const ModelWeights> weights);
    static bool isWeightColumn(int column) {
        return column >= ParamsColumn && column <= RangeRatioColumn;
    }
    QStringList attributeColumns() const { return m_attributeKeys; }

    // Attribute keys of the layers of one type, in first-seen order, without the ones that
    // fixed columns already show.
    static QStringList attributeKeysOfType(const EnginePlan& plan, const QString& type);

    // Numeric fixed columns (the index and the figures) sort by sortFigure(): missing where the
    // files hold none; the proxy compares these without building QVariants.
    static bool isNumericColumn(int column);
    static std::optional<double> sortFigure(const Layer& layer, int column);

  private:
    int numRows() const override { return m_plan ? int(m_plan->layers.size()) : 0; }
    int numColumns() const override { return FixedColumnCount + int(m_attributeKeys.size()); }
    QVariant cell(int row, int column, int role) const override;
    QVariant headerCell(int column, int role) const override;
    QVariant displayValue(const Layer& layer, int column) const;
    QVariant sortValue(const Layer& layer, int column) const;
    std::optional<double> weightFigure(const Layer& layer, int column) const;
    // Right-aligned: the numeric columns and those whose numbers come from elsewhere.
    static bool isFigureColumn(int column);

    const EnginePlan* m_plan = nullptr;
    QStringList m_attributeKeys;
    std::vector<std::optional<double>> m_accuracy;
    std::vector<std::optional<double>> m_solPercent;
    std::shared_ptr<const ModelWeights> m_weights;
};

} // namespace planscope
