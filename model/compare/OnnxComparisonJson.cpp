#include "compare/OnnxComparisonJson.h"

#include "json/CsvTable.h"
#include "json/JsonValues.h"

#include <algorithm>

namespace planscope {
namespace {

OrderedJson names(const EnginePlan& plan, const std::vector<int>& indices) {
    OrderedJson list = OrderedJson::array();
    for (int i : indices)
        list.push_back(plan.layers[std::size_t(i)].name.toStdString());
    return list;
}

OrderedJson types(const EnginePlan& plan, const std::vector<int>& indices) {
    OrderedJson list = OrderedJson::array();
    for (int i : indices)
        list.push_back(plan.layers[std::size_t(i)].type.toStdString());
    return list;
}

OrderedJson strings(const QStringList& texts) {
    OrderedJson list = OrderedJson::array();
    for (const QString& text : texts)
        list.push_back(text.toStdString());
    return list;
}

OrderedJson onlyInJson(OnnxOnlyIn onlyIn) {
    switch (onlyIn) {
    case OnnxOnlyIn::A:
        return "a";
    case OnnxOnlyIn::B:
        return "b";
    case OnnxOnlyIn::None:
        break;
    }
    return nullptr;
}

OrderedJson unattributedJson(const OnnxComparison& comparison) {
    OrderedJson a = OrderedJson::array();
    OrderedJson b = OrderedJson::array();
    OrderedJson pairs = OrderedJson::array();
    std::vector<const OnnxUnattributed*> byB;
    for (const OnnxUnattributed& row : comparison.unattributed) {
        const std::string name = row.name.toStdString();
        if (row.a >= 0)
            a.push_back({{"name", name}, {"ms", optionalJson(row.aMs)}});
        if (row.b >= 0)
            byB.push_back(&row);
        if (row.a >= 0 && row.b >= 0)
            pairs.push_back(
                {{"name", name}, {"a_ms", optionalJson(row.aMs)}, {"b_ms", optionalJson(row.bMs)}});
    }
    // B's in B's order: those paired with A's come first in the comparison.
    std::sort(byB.begin(), byB.end(), [](auto* x, auto* y) { return x->b < y->b; });
    for (const OnnxUnattributed* row : byB)
        b.push_back({{"name", row->name.toStdString()}, {"ms", optionalJson(row->bMs)}});
    return {{"a_ms", optionalJson(comparison.a.unattributedMs)},
            {"b_ms", optionalJson(comparison.b.unattributedMs)},
            {"a_layers", a},
            {"b_layers", b},
            {"pairs", pairs}};
}

} // namespace

OrderedJson onnxGroupJson(const EnginePlan& a, const EnginePlan& b, const OnnxGroup& group) {
    return {{"onnx", strings(group.nodes)},           {"a_layers", names(a, group.a.layers)},
            {"b_layers", names(b, group.b.layers)},   {"a_ms", optionalJson(group.a.ms)},
            {"b_ms", optionalJson(group.b.ms)},       {"shape", group.shape.toStdString()},
            {"only_in", onlyInJson(group.onlyIn)},    {"delta_ms", optionalJson(group.deltaMs)},
            {"speedup", optionalJson(group.speedup)}, {"fusion_differs", group.fusionDiffers},
            {"a_charged", names(a, group.a.charged)}, {"b_charged", names(b, group.b.charged)},
            {"a_folded", strings(group.a.folded)},    {"b_folded", strings(group.b.folded)},
            {"a_types", types(a, group.a.layers)},    {"b_types", types(b, group.b.layers)}};
}

OrderedJson onnxComparisonJson(const EnginePlan& a, const EnginePlan& b,
                               const OnnxComparison& comparison) {
    OrderedJson groups = OrderedJson::array();
    for (const OnnxGroup& group : comparison.groups)
        groups.push_back(onnxGroupJson(a, b, group));
    OrderedJson notes = OrderedJson::array();
    for (const OnnxNote& note : comparison.notes)
        notes.push_back({{"id", note.id.toStdString()}, {"text", note.text.toStdString()}});
    return {{"groups", groups},
            {"a_total_ms", optionalJson(comparison.a.totalMs)},
            {"b_total_ms", optionalJson(comparison.b.totalMs)},
            {"unattributed", unattributedJson(comparison)},
            {"a_grouped_ms", optionalJson(comparison.a.groupedMs)},
            {"b_grouped_ms", optionalJson(comparison.b.groupedMs)},
            {"shared_onnx_nodes", comparison.sharedNodes},
            {"notes", notes}};
}

QByteArray onnxGroupsCsv(const EnginePlan& a, const EnginePlan& b, const OnnxComparison& comparison,
                         const std::vector<int>& groups) {
    // The group's number first (its place in the comparison, from 1); a list is one cell, a
    // name a line, as a spreadsheet shows it.
    const auto row = [&](int index, const OnnxGroup& group) {
        OrderedJson fields = onnxGroupJson(a, b, group);
        OrderedJson row = {{"group", index + 1}};
        for (auto& [key, value] : fields.items()) {
            if (value.is_array()) {
                std::string lines;
                for (const auto& name : value) {
                    if (!lines.empty())
                        lines += '\n';
                    lines += name.get<std::string>();
                }
                value = lines;
            }
            row[key] = value;
        }
        return row;
    };
    std::vector<OrderedJson> rows;
    rows.reserve(groups.size());
    for (int index : groups)
        rows.push_back(row(index, comparison.groups[std::size_t(index)]));
    return objectsCsv(row(0, OnnxGroup{}), rows);
}

} // namespace planscope
