#include "compare/PlanComparison.h"

#include "compare/PairNames.h"
#include "compare/UniformChange.h"
#include "json/CsvTable.h"
#include "json/JsonValues.h"
#include "metrics/PlanJson.h"
#include "roofline/Roofline.h"

#include <QSet>

namespace planscope {
namespace {

QString precisions(const std::vector<Tensor>& tensors) {
    QStringList list;
    for (const Tensor& t : tensors)
        list << t.precision();
    return list.join(QStringLiteral(", "));
}

QString formats(const Layer& l) {
    QStringList in;
    QStringList out;
    for (const Tensor& t : l.inputs)
        in << t.format() + ':' + t.shapeText();
    for (const Tensor& t : l.outputs)
        out << t.format() + ':' + t.shapeText();
    return QStringLiteral("in: %1\tout: %2")
        .arg(in.join(QStringLiteral(", ")), out.join(QStringLiteral(", ")));
}

std::optional<double> latencyOf(const Layer* l) {
    return l && l->timing.measured ? std::optional(l->timing.averageMs) : std::nullopt;
}

// One plan's side of a comparison row.
void describeSide(const Layer& l, QString& name, QString& precision, QString& outputPrecision,
                  QString& tactic, QString& formatText) {
    name = l.name;
    precision = precisions(l.inputs);
    outputPrecision = precisions(l.outputs);
    tactic = l.tactic;
    formatText = formats(l);
}

std::optional<double> ratio(std::optional<double> numerator, std::optional<double> denominator) {
    if (!numerator || !denominator || *denominator <= 0)
        return std::nullopt;
    return *numerator / *denominator;
}

std::string str(const QString& s) {
    return s.toStdString();
}

OrderedJson index(int i) {
    return i >= 0 ? OrderedJson(i) : OrderedJson();
}

OrderedJson rowJson(const LayerComparison& r) {
    return {
        {"a", index(r.pair.a)},
        {"b", index(r.pair.b)},
        {"type", str(r.type)},
        {"latency_a_ms", optionalJson(r.latencyA)},
        {"latency_b_ms", optionalJson(r.latencyB)},
        {"speedup", optionalJson(r.speedup)},
        {"sol_percent_a", optionalJson(r.solPercentA)},
        {"sol_percent_b", optionalJson(r.solPercentB)},
        {"name_a", str(r.nameA)},
        {"name_b", str(r.nameB)},
        {"precision_a", str(r.precisionA)},
        {"precision_b", str(r.precisionB)},
        {"output_precision_a", str(r.outputPrecisionA)},
        {"output_precision_b", str(r.outputPrecisionB)},
        {"tactic_a", str(r.tacticA)},
        {"tactic_b", str(r.tacticB)},
        {"formats_a", str(r.formatsA)},
        {"formats_b", str(r.formatsB)},
        {"precision_mismatch", r.precisionMismatch},
        {"tactic_mismatch", r.tacticMismatch},
        {"onnx_names_agree", r.onnxNamesAgree ? OrderedJson(*r.onnxNamesAgree) : OrderedJson()}};
}

} // namespace

std::vector<LayerComparison> compareLayers(const EnginePlan& a, const EnginePlan& b,
                                           const std::vector<LayerPair>& pairs,
                                           const Roofline* rooflineA, const Roofline* rooflineB) {
    const auto solPercent = [](const Roofline* roofline, int layer) -> std::optional<double> {
        if (!roofline || !roofline->device || layer < 0 || std::size_t(layer) >= roofline->size())
            return std::nullopt;
        return roofline->layer(std::size_t(layer)).solPercent;
    };
    std::vector<LayerComparison> rows;
    rows.reserve(pairs.size());
    for (const LayerPair& p : pairs) {
        const Layer* la = p.a >= 0 ? &a.layers[std::size_t(p.a)] : nullptr;
        const Layer* lb = p.b >= 0 ? &b.layers[std::size_t(p.b)] : nullptr;
        LayerComparison row;
        row.pair = p;
        row.type = la ? la->type : lb->type;
        if (la)
            describeSide(*la, row.nameA, row.precisionA, row.outputPrecisionA, row.tacticA,
                         row.formatsA);
        if (lb)
            describeSide(*lb, row.nameB, row.precisionB, row.outputPrecisionB, row.tacticB,
                         row.formatsB);
        row.latencyA = latencyOf(la);
        row.latencyB = latencyOf(lb);
        row.speedup = ratio(row.latencyA, row.latencyB);
        row.solPercentA = solPercent(rooflineA, p.a);
        row.solPercentB = solPercent(rooflineB, p.b);
        row.precisionMismatch =
            la && lb &&
            (row.precisionA != row.precisionB || row.outputPrecisionA != row.outputPrecisionB);
        row.tacticMismatch = la && lb && row.tacticA != row.tacticB;
        if (la && lb)
            row.onnxNamesAgree = onnxNamesAgree(*la, *lb);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::optional<double> planSpeedup(const EnginePlan& a, const EnginePlan& b) {
    return ratio(a.totalAverageMs(), b.totalAverageMs());
}

std::optional<double> slowdownPercent(const EnginePlan& a, const EnginePlan& b) {
    const std::optional<double> timeA = a.totalAverageMs();
    const std::optional<double> timeB = b.totalAverageMs();
    if (!timeA || !timeB || *timeA <= 0)
        return std::nullopt;
    return 100.0 * (*timeB - *timeA) / *timeA;
}

QString unrelatedEnginesWarning(const EnginePlan& a, const EnginePlan& b,
                                const std::vector<LayerComparison>& layers) {
    const auto matched = std::count_if(layers.begin(), layers.end(), [](const LayerComparison& r) {
        return r.pair.a >= 0 && r.pair.b >= 0;
    });
    const std::size_t larger = std::max(a.layers.size(), b.layers.size());
    if (larger == 0 || double(matched) >= kRelatedMatchShare * double(larger))
        return {};
    QSet<QString> inputsA;
    for (const Tensor* t : a.inputBindings())
        inputsA.insert(t->name);
    for (const Tensor* t : b.inputBindings())
        if (inputsA.contains(t->name))
            return {};
    return QStringLiteral("A and B look like engines of different models: %1 of %2 layers match "
                          "and they share no input. Their speedup compares unrelated engines; "
                          "check that B is a build of A's model.")
        .arg(matched)
        .arg(larger);
}

QStringList comparisonWarnings(const EnginePlan& a, const EnginePlan& b,
                               const std::vector<LayerComparison>& layers) {
    QStringList warnings;
    for (const QString& warning :
         {unrelatedEnginesWarning(a, b, layers), unlikePairsWarning(layers)})
        if (!warning.isEmpty())
            warnings << warning;
    if (const auto change = layersUniformChange(layers))
        warnings << uniformChangeWarning(a, b, *change, QStringLiteral("matched layers"));
    return warnings;
}

OrderedJson comparisonJson(const EnginePlan& a, const EnginePlan& b,
                           const std::vector<LayerComparison>& layers, bool exact) {
    OrderedJson pairs = OrderedJson::array();
    OrderedJson rows = OrderedJson::array();
    for (const LayerComparison& r : layers) {
        pairs.push_back({index(r.pair.a), index(r.pair.b)});
        rows.push_back(rowJson(r));
    }
    return {{"a", summaryJson(a)},
            {"b", summaryJson(b)},
            {"matching", exact ? "exact" : "inexact"},
            {"speedup", optionalJson(planSpeedup(a, b))},
            {"slowdown_pct", optionalJson(slowdownPercent(a, b))},
            {"pairs", pairs},
            {"layers", rows},
            {"warnings", textListJson(comparisonWarnings(a, b, layers))}};
}

QByteArray comparisonCsv(const std::vector<const LayerComparison*>& layers) {
    std::vector<OrderedJson> rows;
    rows.reserve(layers.size());
    for (const LayerComparison* r : layers)
        rows.push_back(rowJson(*r));
    return objectsCsv(rowJson(LayerComparison{}), rows);
}

} // namespace planscope
