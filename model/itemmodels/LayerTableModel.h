#pragma once

#include "itemmodels/TableModel.h"
#include "plan/EnginePlan.h"

#include <QStringList>
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

    const EnginePlan* m_plan = nullptr;
    QStringList m_attributeKeys;
    std::vector<std::optional<double>> m_accuracy;
    std::vector<std::optional<double>> m_solPercent;
};

} // namespace planscope
