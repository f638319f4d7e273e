#include "modules/ModuleJson.h"

#include "json/CsvTable.h"
#include "json/JsonValues.h"

#include <QStringList>

namespace planscope {
namespace {

OrderedJson sharesJson(const std::vector<ModuleShare>& shares, bool timed) {
    OrderedJson object = OrderedJson::object();
    for (const ModuleShare& s : shares)
        object[s.key.toStdString()] = timed ? OrderedJson(s.ms) : OrderedJson();
    return object;
}

QString sharesText(const std::vector<ModuleShare>& shares, bool timed) {
    QStringList parts;
    for (const ModuleShare& s : shares)
        parts << (timed ? QStringLiteral("%1 %2").arg(s.key).arg(s.ms, 0, 'f', 4)
                        : QStringLiteral("%1 (%2)").arg(s.key).arg(s.layers));
    return parts.join(QStringLiteral("; "));
}

OrderedJson moduleJson(const ModuleTree& tree, const Module& m) {
    const bool timed = tree.totalMs.has_value();
    return OrderedJson{{"path", m.path.toStdString()},
                       {"name", m.name.toStdString()},
                       {"depth", m.depth},
                       {"ms", optionalJson(m.ms)},
                       {"percent", optionalJson(tree.percent(m))},
                       {"self_ms", optionalJson(m.selfMs)},
                       {"layers", m.layers},
                       {"precisions", sharesJson(m.precisions, timed)},
                       {"types", sharesJson(m.types, timed)}};
}

} // namespace

OrderedJson modulesJson(const EnginePlan& plan, const ModuleTree& tree, int maxDepth) {
    OrderedJson unattributed = OrderedJson::array();
    for (int l : tree.unattributedLayers)
        unattributed.push_back(plan.layers[std::size_t(l)].name.toStdString());
    OrderedJson modules = OrderedJson::array();
    for (int m : tree.preorder(maxDepth))
        modules.push_back(moduleJson(tree, tree.modules[std::size_t(m)]));
    return OrderedJson{{"plan", plan.name.toStdString()},
                       {"total_ms", optionalJson(tree.totalMs)},
                       {"unattributed_ms", optionalJson(tree.unattributedMs)},
                       {"unattributed_layers", std::move(unattributed)},
                       {"has_paths", tree.hasPaths()},
                       {"modules", std::move(modules)}};
}

QByteArray modulesCsv(const ModuleTree& tree, int maxDepth) {
    std::vector<OrderedJson> rows;
    const bool timed = tree.totalMs.has_value();
    for (int index : tree.preorder(maxDepth)) {
        const Module& m = tree.modules[std::size_t(index)];
        OrderedJson row = moduleJson(tree, m);
        row["precisions"] = sharesText(m.precisions, timed).toStdString();
        row["types"] = sharesText(m.types, timed).toStdString();
        rows.push_back(std::move(row));
    }
    return objectsCsv(rows.empty() ? OrderedJson::object() : rows.front(), rows);
}

} // namespace planscope
