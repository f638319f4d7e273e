#include "modules/ModuleJson.h"

#include "json/CsvTable.h"
#include "json/JsonItemParts.h"
#include "json/JsonStreamWriter.h"
#include "json/JsonValues.h"

#include <QStringList>

namespace planscope {
namespace {

QString sharesText(const std::vector<ModuleShare>& shares, bool timed) {
    QStringList parts;
    for (const ModuleShare& s : shares)
        parts << (timed ? QStringLiteral("%1 %2").arg(s.key).arg(s.ms, 0, 'f', 4)
                        : QStringLiteral("%1 (%2)").arg(s.key).arg(s.layers));
    return parts.join(QStringLiteral("; "));
}

// One CSV row: the JSON keys, precisions and types as text.
OrderedJson moduleRow(const ModuleTree& tree, const Module& m) {
    const bool timed = tree.totalMs.has_value();
    return OrderedJson{{"path", m.path.toStdString()},
                       {"name", m.name.toStdString()},
                       {"depth", m.depth},
                       {"ms", optionalJson(m.ms)},
                       {"percent", optionalJson(tree.percent(m))},
                       {"self_ms", optionalJson(m.selfMs)},
                       {"layers", m.layers},
                       {"precisions", sharesText(m.precisions, timed).toStdString()},
                       {"types", sharesText(m.types, timed).toStdString()}};
}

constexpr std::size_t kModulesPerPart = 1024; // fewer are written by one thread
constexpr std::size_t kModuleBytes = 360;     // about a module's text, with its shares

void writeShares(JsonStreamWriter& w, std::string_view name, const std::vector<ModuleShare>& list,
                 bool timed) {
    w.key(name);
    w.beginObject();
    for (const ModuleShare& s : list) {
        w.key(s.key);
        if (timed)
            w.value(s.ms);
        else
            w.null();
    }
    w.endObject();
}

void writeModule(JsonStreamWriter& w, const ModuleTree& tree, const Module& m, bool timed) {
    w.beginObject();
    w.member("path", m.path);
    w.member("name", m.name);
    w.member("depth", m.depth);
    w.member("ms", m.ms);
    w.member("percent", tree.percent(m));
    w.member("self_ms", m.selfMs);
    w.member("layers", m.layers);
    writeShares(w, "precisions", m.precisions, timed);
    writeShares(w, "types", m.types, timed);
    w.endObject();
}

} // namespace

std::string modulesJsonText(const EnginePlan& plan, const ModuleTree& tree, int maxDepth) {
    const bool timed = tree.totalMs.has_value();
    std::string text;
    JsonStreamWriter w(text);
    w.beginObject();
    w.member("plan", plan.name);
    w.member("total_ms", tree.totalMs);
    w.member("unattributed_ms", tree.unattributedMs);
    w.key("unattributed_layers");
    w.beginArray();
    for (int l : tree.unattributedLayers)
        w.value(plan.layers[std::size_t(l)].name);
    w.endArray();
    w.member("has_paths", tree.hasPaths());
    w.key("modules");
    w.beginArray();
    // Thousands of modules are written in parts side by side (the array two containers deep),
    // then joined in order.
    const std::vector<int> order = tree.preorder(maxDepth);
    w.flush();
    text.reserve(text.size() + order.size() * kModuleBytes);
    JsonItemParts(2, kModulesPerPart, kModuleBytes)
        .write(
            0, order.size(), false,
            [&](JsonStreamWriter& items, std::size_t i) {
                writeModule(items, tree, tree.modules[std::size_t(order[i])], timed);
            },
            [&](std::string_view part) { text += part; });
    if (!order.empty())
        w.itemsWritten();
    w.endArray();
    w.endObject();
    w.flush();
    text += '\n';
    return text;
}

QByteArray modulesCsv(const ModuleTree& tree, int maxDepth) {
    std::vector<OrderedJson> rows;
    for (int index : tree.preorder(maxDepth))
        rows.push_back(moduleRow(tree, tree.modules[std::size_t(index)]));
    return objectsCsv(rows.empty() ? OrderedJson::object() : rows.front(), rows);
}

} // namespace planscope
