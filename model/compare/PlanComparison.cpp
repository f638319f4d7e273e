#include "compare/PlanComparison.h"

#include "io/PlanJson.h"

namespace planscope {
namespace {

QString precisions(const std::vector<Tensor>& tensors) {
    QStringList list;
    for (const Tensor& t : tensors)
        list << t.precision;
    return list.join(QStringLiteral(", "));
}

QString formats(const Layer& l) {
    QStringList in;
    QStringList out;
    for (const Tensor& t : l.inputs)
        in << t.format + ':' + t.shapeText();
    for (const Tensor& t : l.outputs)
        out << t.format + ':' + t.shapeText();
    return QStringLiteral("in: %1\tout: %2")
        .arg(in.join(QStringLiteral(", ")), out.join(QStringLiteral(", ")));
}

// One plan's side of a comparison row.
void describeSide(const Layer& l, double& latency, QString& name, QString& precision,
                  QString& outputPrecision, QString& tactic, QString& formatText) {
    latency = l.timing.averageMs;
    name = l.name;
    precision = precisions(l.inputs);
    outputPrecision = precisions(l.outputs);
    tactic = l.tactic;
    formatText = formats(l);
}

std::string str(const QString& s) {
    return s.toStdString();
}

OrderedJson index(int i) {
    return i >= 0 ? OrderedJson(i) : OrderedJson();
}

} // namespace

std::vector<LayerComparison> compareLayers(const EnginePlan& a, const EnginePlan& b,
                                           const std::vector<LayerPair>& pairs) {
    std::vector<LayerComparison> rows;
    rows.reserve(pairs.size());
    for (const LayerPair& p : pairs) {
        const Layer* la = p.a >= 0 ? &a.layers[std::size_t(p.a)] : nullptr;
        const Layer* lb = p.b >= 0 ? &b.layers[std::size_t(p.b)] : nullptr;
        LayerComparison row;
        row.pair = p;
        row.type = la ? la->type : lb->type;
        if (la)
            describeSide(*la, row.latencyA, row.nameA, row.precisionA, row.outputPrecisionA,
                         row.tacticA, row.formatsA);
        if (lb)
            describeSide(*lb, row.latencyB, row.nameB, row.precisionB, row.outputPrecisionB,
                         row.tacticB, row.formatsB);
        row.speedup = la && lb && row.latencyB > 0 ? row.latencyA / row.latencyB : 0;
        row.precisionMismatch =
            la && lb &&
            (row.precisionA != row.precisionB || row.outputPrecisionA != row.outputPrecisionB);
        row.tacticMismatch = la && lb && row.tacticA != row.tacticB;
        rows.push_back(std::move(row));
    }
    return rows;
}

double slowdownPercent(const EnginePlan& a, const EnginePlan& b) {
    const double base = a.totalAverageMs().value_or(0.0);
    return base > 0 ? 100.0 * (b.totalAverageMs().value_or(0.0) - base) / base : 0.0;
}

OrderedJson comparisonJson(const EnginePlan& a, const EnginePlan& b,
                           const std::vector<LayerComparison>& layers, bool exact) {
    OrderedJson pairs = OrderedJson::array();
    OrderedJson rows = OrderedJson::array();
    for (const LayerComparison& r : layers) {
        pairs.push_back({index(r.pair.a), index(r.pair.b)});
        rows.push_back({{"a", index(r.pair.a)},
                        {"b", index(r.pair.b)},
                        {"type", str(r.type)},
                        {"latency_a_ms", r.latencyA},
                        {"latency_b_ms", r.latencyB},
                        {"speedup", r.speedup},
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
                        {"tactic_mismatch", r.tacticMismatch}});
    }
    const double totalB = b.totalAverageMs().value_or(0.0);
    return {{"a", summaryJson(a)},
            {"b", summaryJson(b)},
            {"matching", exact ? "exact" : "inexact"},
            {"speedup", totalB > 0 ? a.totalAverageMs().value_or(0.0) / totalB : 0.0},
            {"slowdown_pct", slowdownPercent(a, b)},
            {"pairs", pairs},
            {"layers", rows}};
}

} // namespace planscope
