#include "modules/ModuleComparison.h"

#include "json/CsvTable.h"
#include "json/JsonValues.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace planscope {
namespace {

// Adds `tree`'s modules to the union, below their parents (which come first in `tree`).
void merge(ModuleComparison& c, const ModuleTree& tree, bool sideA, QHash<QString, int>& rows) {
    for (std::size_t i = 0; i < tree.modules.size(); ++i) {
        const Module& m = tree.modules[i];
        int row = rows.value(m.path, -1);
        if (row < 0) {
            row = int(c.modules.size());
            ModuleDelta d;
            d.path = m.path;
            d.name = m.name;
            d.depth = m.depth;
            d.parent = m.parent < 0 ? -1 : rows.value(tree.modules[std::size_t(m.parent)].path);
            if (d.parent >= 0)
                c.modules[std::size_t(d.parent)].children.push_back(row);
            c.modules.push_back(std::move(d));
            rows.insert(m.path, row);
        }
        ModuleDelta& d = c.modules[std::size_t(row)];
        (sideA ? d.moduleA : d.moduleB) = int(i);
        (sideA ? d.aMs : d.bMs) = m.ms;
        (sideA ? d.aLayers : d.bLayers) = m.layers;
    }
}

// Larger |delta| first; rows without a delta last, larger time first.
bool before(const ModuleDelta& x, const ModuleDelta& y) {
    const auto dx = x.delta();
    const auto dy = y.delta();
    if (dx.has_value() != dy.has_value())
        return dx.has_value();
    if (dx && std::abs(*dx) != std::abs(*dy))
        return std::abs(*dx) > std::abs(*dy);
    const double tx = std::max(x.aMs.value_or(0), x.bMs.value_or(0));
    const double ty = std::max(y.aMs.value_or(0), y.bMs.value_or(0));
    return tx != ty ? tx > ty : x.path < y.path;
}

OrderedJson rowJson(const ModuleDelta& d) {
    return OrderedJson{{"path", d.path.toStdString()},
                       {"depth", d.depth},
                       {"a_ms", optionalJson(d.aMs)},
                       {"b_ms", optionalJson(d.bMs)},
                       {"delta_ms", optionalJson(d.delta())},
                       {"speedup", optionalJson(d.speedup())},
                       {"a_layers", d.aLayers},
                       {"b_layers", d.bLayers}};
}

// The root compares the engines' totals, unattributed layers included (as the text's header
// does), and those layers get a row of their own under it.
void addTotals(ModuleComparison& c) {
    ModuleDelta& root = c.modules.front();
    root.aMs = c.a.totalMs;
    root.bMs = c.b.totalMs;
    root.aLayers += int(c.a.unattributedLayers.size());
    root.bLayers += int(c.b.unattributedLayers.size());
    if (c.a.unattributedLayers.empty() && c.b.unattributedLayers.empty())
        return;
    ModuleDelta rest;
    rest.name = QStringLiteral("(unattributed)");
    rest.depth = 1;
    rest.parent = 0;
    rest.unattributed = true;
    rest.aMs = c.a.unattributedMs;
    rest.bMs = c.b.unattributedMs;
    rest.aLayers = int(c.a.unattributedLayers.size());
    rest.bLayers = int(c.b.unattributedLayers.size());
    c.modules.front().children.push_back(int(c.modules.size()));
    c.modules.push_back(std::move(rest));
}

} // namespace

std::optional<double> ModuleDelta::delta() const {
    if (!aMs || !bMs)
        return std::nullopt;
    return *bMs - *aMs;
}

std::optional<double> ModuleDelta::speedup() const {
    if (!aMs || !bMs || *bMs <= 0)
        return std::nullopt;
    return *aMs / *bMs;
}

std::vector<int> ModuleComparison::byDelta() const {
    std::vector<int> order;
    for (std::size_t i = 1; i < modules.size(); ++i)
        if (!modules[i].unattributed)
            order.push_back(int(i));
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        return before(modules[std::size_t(x)], modules[std::size_t(y)]);
    });
    return order;
}

ModuleComparison compareByModule(const EnginePlan& a, const EnginePlan& b) {
    return compareModuleTrees(buildModuleTree(a), buildModuleTree(b));
}

ModuleComparison compareModuleTrees(ModuleTree a, ModuleTree b) {
    ModuleComparison c;
    c.a = std::move(a);
    c.b = std::move(b);
    QHash<QString, int> rows;
    merge(c, c.a, true, rows);
    merge(c, c.b, false, rows);
    addTotals(c);
    for (ModuleDelta& d : c.modules)
        std::stable_sort(d.children.begin(), d.children.end(), [&](int x, int y) {
            return before(c.modules[std::size_t(x)], c.modules[std::size_t(y)]);
        });
    return c;
}

OrderedJson moduleComparisonJson(const EnginePlan& a, const EnginePlan& b,
                                 const ModuleComparison& comparison) {
    OrderedJson modules = OrderedJson::array();
    for (int row : comparison.byDelta())
        modules.push_back(rowJson(comparison.modules[std::size_t(row)]));
    return OrderedJson{{"a", a.name.toStdString()},
                       {"b", b.name.toStdString()},
                       {"a_total_ms", optionalJson(comparison.a.totalMs)},
                       {"b_total_ms", optionalJson(comparison.b.totalMs)},
                       {"a_unattributed_ms", optionalJson(comparison.a.unattributedMs)},
                       {"b_unattributed_ms", optionalJson(comparison.b.unattributedMs)},
                       {"modules", std::move(modules)}};
}

QByteArray moduleComparisonCsv(const ModuleComparison& comparison) {
    std::vector<OrderedJson> rows;
    for (int row : comparison.byDelta())
        rows.push_back(rowJson(comparison.modules[std::size_t(row)]));
    return objectsCsv(rowJson(comparison.modules.front()), rows);
}

} // namespace planscope
