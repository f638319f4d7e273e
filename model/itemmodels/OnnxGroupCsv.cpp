#include "itemmodels/OnnxGroupCsv.h"

#include "io/PlanJson.h"

namespace planscope {
namespace {

OrderedJson names(const QStringList& list) {
    OrderedJson array = OrderedJson::array();
    for (const QString& name : list)
        array.push_back(name.toStdString());
    return array;
}

OrderedJson layerNames(const EnginePlan& plan, const std::vector<int>& indices) {
    QStringList list;
    for (int index : indices)
        list << plan.layers[std::size_t(index)].name;
    return names(list);
}

OrderedJson layerTypes(const EnginePlan& plan, const std::vector<int>& indices) {
    QStringList list;
    for (int index : indices)
        list << plan.layers[std::size_t(index)].type;
    return names(list);
}

// One side's columns, prefixed "a_" or "b_".
void addSide(OrderedJson& row, const char* prefix, const EnginePlan& plan,
             const OnnxGroupSide& side) {
    const std::string p(prefix);
    row[p + "layers"] = layerNames(plan, side.layers);
    row[p + "types"] = layerTypes(plan, side.layers);
    row[p + "folded"] = names(side.folded);
    row[p + "charged"] = layerNames(plan, side.charged);
}

OrderedJson groupRow(int index, const OnnxGroup& group, const EnginePlan& a, const EnginePlan& b) {
    OrderedJson row;
    row["group"] = index + 1;
    row["onnx"] = names(group.nodes);
    row["only_in"] = group.onlyIn == OnnxOnlyIn::A   ? OrderedJson("a")
                     : group.onlyIn == OnnxOnlyIn::B ? OrderedJson("b")
                                                     : OrderedJson();
    row["shape"] = group.shape.toStdString();
    row["a_ms"] = optionalJson(group.a.ms);
    row["b_ms"] = optionalJson(group.b.ms);
    row["delta_ms"] = optionalJson(group.deltaMs);
    row["speedup"] = optionalJson(group.speedup);
    row["fusion_differs"] = group.fusionDiffers;
    addSide(row, "a_", a, group.a);
    addSide(row, "b_", b, group.b);
    return row;
}

} // namespace

QByteArray onnxGroupsCsv(const OnnxComparison& comparison, const EnginePlan& a, const EnginePlan& b,
                         const std::vector<int>& groups) {
    std::vector<OrderedJson> rows;
    rows.reserve(groups.size());
    for (int index : groups)
        rows.push_back(groupRow(index, comparison.groups[std::size_t(index)], a, b));
    return objectsCsv(groupRow(0, OnnxGroup{}, EnginePlan{}, EnginePlan{}), rows);
}

} // namespace planscope
