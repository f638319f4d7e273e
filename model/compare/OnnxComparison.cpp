#include "compare/OnnxComparison.h"

#include "compare/OnnxNotes.h"
#include "io/LayerNames.h"
#include "plan/OnnxOrigin.h"
#include "plan/PlanFacts.h"

#include <QHash>
#include <algorithm>
#include <array>
#include <cmath>

namespace planscope {
namespace {

// A layer of one engine in file order: one the plan keeps (index into EnginePlan::layers) or
// one it folds away (index -1), with the ONNX nodes it implements (as ids of NodeTable).
struct EngineLayer {
    const Layer* layer = nullptr;
    int index = -1;
    std::vector<int> nodes;
    std::optional<double> foldedMs; // a folded layer's profile record, when one names it
};

// The average time of each record, by the name trex gives it, the first record of a name.
QHash<QString, double> recordTimes(const PlanFacts& facts) {
    QHash<QString, double> times;
    if (facts.profile)
        for (const ProfileRecord& r : facts.profile->records) {
            const QString name = replaceRecordSeparators(r.name);
            if (!times.contains(name))
                times.insert(name, r.averageMs);
        }
    return times;
}

// Node names as ids in order of first appearance, and their connected components.
class NodeTable {
  public:
    int intern(const QString& name) {
        if (const auto it = m_ids.constFind(name); it != m_ids.cend())
            return it.value();
        const int id = int(m_names.size());
        m_ids.insert(name, id);
        m_names.push_back(name);
        m_parent.push_back(id);
        m_side.push_back(0);
        return id;
    }
    void unite(int x, int y) {
        x = find(x);
        y = find(y);
        if (x != y)
            m_parent[std::size_t(std::max(x, y))] = std::min(x, y);
    }
    int find(int x) {
        while (m_parent[std::size_t(x)] != x) {
            m_parent[std::size_t(x)] = m_parent[std::size_t(m_parent[std::size_t(x)])];
            x = m_parent[std::size_t(x)];
        }
        return x;
    }
    void markSide(int id, int bit) { m_side[std::size_t(id)] |= bit; }
    int sharedCount() const { return int(std::count(m_side.begin(), m_side.end(), 3)); }
    const QString& name(int id) const { return m_names[std::size_t(id)]; }
    int size() const { return int(m_names.size()); }

  private:
    QHash<QString, int> m_ids;
    std::vector<QString> m_names;
    std::vector<int> m_parent;
    std::vector<int> m_side; // bit 1: A names it, bit 2: B does
};

// The plan's layers and, when its files' facts are at hand, the folded ones, in file order.
std::vector<EngineLayer> engineLayers(const EnginePlan& plan, NodeTable& table, int sideBit) {
    std::vector<EngineLayer> all;
    const auto add = [&](const Layer& layer, int index, std::optional<double> foldedMs = {}) {
        EngineLayer entry{&layer, index, {}, foldedMs};
        for (const QString& node : onnxNodes(layer.metadata)) {
            const int id = table.intern(node);
            table.markSide(id, sideBit);
            if (!entry.nodes.empty())
                table.unite(entry.nodes.front(), id);
            entry.nodes.push_back(id);
        }
        all.push_back(std::move(entry));
    };
    const PlanFacts* facts = plan.facts.get();
    if (!facts) {
        for (const Layer& layer : plan.layers)
            add(layer, layer.index);
        return all;
    }
    const auto inRange = [](int i, std::size_t size) { return i >= 0 && std::size_t(i) < size; };
    const QHash<QString, double> records = recordTimes(*facts);
    for (const GraphEntry& entry : facts->graph) {
        if (entry.place == GraphEntry::Place::Layer && inRange(entry.index, plan.layers.size()))
            add(plan.layers[std::size_t(entry.index)], entry.index);
        else if (entry.place == GraphEntry::Place::SetAside &&
                 inRange(entry.index, facts->setAside.size())) {
            const auto record = records.constFind(entry.name);
            add(facts->setAside[std::size_t(entry.index)], -1,
                record == records.cend() ? std::nullopt : std::optional(*record));
        }
    }
    return all;
}

std::optional<double> sumOfAverages(const EnginePlan& plan, const std::vector<int>& indices,
                                    std::optional<double> sum = std::nullopt) {
    for (int i : indices)
        if (const auto ms = plan.layers[std::size_t(i)].timing.average())
            sum = sum.value_or(0) + *ms;
    return sum;
}

QString countWord(int count, const char* other) {
    return count == 0 ? QStringLiteral("0") : count == 1 ? QStringLiteral("1") : other;
}

// Builds the comparison step by step; each step reads what the ones before it filled in.
class Builder {
  public:
    Builder(const EnginePlan& a, const EnginePlan& b) : m_plans{&a, &b} {
        m_layers[0] = engineLayers(a, m_nodes, 1);
        m_layers[1] = engineLayers(b, m_nodes, 2);
        m_result.groupOfA.assign(a.layers.size(), -1);
        m_result.groupOfB.assign(b.layers.size(), -1);
    }

    OnnxComparison build() {
        makeGroups();
        for (int side : {0, 1}) {
            assignLayers(side);
            chargeCopies(side);
        }
        nameNodes();
        for (std::size_t group = 0; group < m_result.groups.size(); ++group)
            finish(group);
        pairUnattributed();
        for (int side : {0, 1})
            total(side);
        m_result.sharedNodes = m_nodes.sharedCount();
        m_result.notes = onnxNotes(*m_plans[0], *m_plans[1], m_result);
        return std::move(m_result);
    }

  private:
    OnnxGroupSide& sideOf(OnnxGroup& group, int side) { return side == 0 ? group.a : group.b; }
    std::vector<int>& groupOf(int side) {
        return side == 0 ? m_result.groupOfA : m_result.groupOfB;
    }

    // A group per component, in the order of A's layers, then B's.
    void makeGroups() {
        m_groupOfRoot.assign(std::size_t(m_nodes.size()), -1);
        for (const auto& layers : m_layers)
            for (const EngineLayer& layer : layers) {
                if (layer.nodes.empty())
                    continue;
                int& group = m_groupOfRoot[std::size_t(m_nodes.find(layer.nodes.front()))];
                if (group < 0) {
                    group = int(m_result.groups.size());
                    m_result.groups.emplace_back();
                }
            }
        m_partitions.resize(m_result.groups.size());
    }

    int groupOfNode(int id) { return m_groupOfRoot[std::size_t(m_nodes.find(id))]; }

    void assignLayers(int side) {
        for (const EngineLayer& layer : m_layers[std::size_t(side)]) {
            if (layer.nodes.empty())
                continue;
            const int group = groupOfNode(layer.nodes.front());
            OnnxGroupSide& part = sideOf(m_result.groups[std::size_t(group)], side);
            if (layer.index >= 0) {
                part.layers.push_back(layer.index);
                groupOf(side)[std::size_t(layer.index)] = group;
            } else {
                part.folded << layer.layer->name;
                if (layer.foldedMs)
                    part.foldedMs = part.foldedMs.value_or(0) + *layer.foldedMs;
            }
            std::vector<int> nodes = layer.nodes;
            std::sort(nodes.begin(), nodes.end());
            m_partitions[std::size_t(group)][std::size_t(side)].push_back(std::move(nodes));
        }
    }

    // Charges each copy without origin to its target's group, looking the target up by name
    // among the engine's layers (folded ones too); a copy for a copy follows the chain.
    void chargeCopies(int side) {
        QHash<QString, const EngineLayer*> byName;
        for (const EngineLayer& layer : m_layers[std::size_t(side)])
            if (!byName.contains(layer.layer->name))
                byName.insert(layer.layer->name, &layer);
        const auto groupOfTarget = [&](const EngineLayer& copy) {
            const EngineLayer* at = &copy;
            for (int hops = 0; hops < 8 && at->nodes.empty(); ++hops) {
                const QString target = reformatCopyTarget(at->layer->name);
                at = target.isEmpty() ? nullptr : byName.value(target);
                if (!at)
                    return -1;
            }
            return at->nodes.empty() ? -1 : groupOfNode(at->nodes.front());
        };
        for (const EngineLayer& layer : m_layers[std::size_t(side)]) {
            if (layer.index < 0 || !layer.nodes.empty())
                continue;
            const int group = groupOfTarget(layer);
            if (group < 0)
                continue;
            sideOf(m_result.groups[std::size_t(group)], side).charged.push_back(layer.index);
            groupOf(side)[std::size_t(layer.index)] = group;
        }
    }

    void nameNodes() {
        for (int id = 0; id < m_nodes.size(); ++id)
            m_result.groups[std::size_t(groupOfNode(id))].nodes << m_nodes.name(id);
    }

    void finish(std::size_t index) {
        OnnxGroup& group = m_result.groups[index];
        for (int side : {0, 1}) {
            OnnxGroupSide& part = sideOf(group, side);
            std::sort(part.charged.begin(), part.charged.end());
            const EnginePlan& plan = *m_plans[std::size_t(side)];
            part.ms = sumOfAverages(plan, part.charged, sumOfAverages(plan, part.layers));
            if (part.foldedMs)
                part.ms = part.ms.value_or(0) + *part.foldedMs;
        }
        group.onlyIn = !group.b.present()   ? OnnxOnlyIn::A
                       : !group.a.present() ? OnnxOnlyIn::B
                                            : OnnxOnlyIn::None;
        group.shape = countWord(group.a.layerCount(), "n") + ':' +
                      countWord(group.b.layerCount(), group.a.layerCount() > 1 ? "m" : "n");
        if (group.onlyIn == OnnxOnlyIn::None) {
            auto& [a, b] = m_partitions[index];
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            group.fusionDiffers = a != b;
        }
        if (group.a.ms && group.b.ms) {
            group.deltaMs = *group.b.ms - *group.a.ms;
            if (*group.b.ms > 0)
                group.speedup = *group.a.ms / *group.b.ms;
        }
    }

    // A's unattributed layers in order, each with the first unpaired B layer of its name; then
    // B's left over.
    void pairUnattributed() {
        const EnginePlan& a = *m_plans[0];
        const EnginePlan& b = *m_plans[1];
        QHash<QString, std::vector<int>> unpairedB;
        for (const Layer& layer : b.layers)
            if (m_result.groupOfB[std::size_t(layer.index)] < 0)
                unpairedB[layer.name].push_back(layer.index);
        for (std::vector<int>& indices : unpairedB)
            std::reverse(indices.begin(), indices.end()); // taken from the back, in B's order
        std::vector<bool> pairedB(b.layers.size(), false);
        for (const Layer& layer : a.layers) {
            if (m_result.groupOfA[std::size_t(layer.index)] >= 0)
                continue;
            OnnxUnattributed row{layer.name, layer.index, -1, layer.timing.average(), {}};
            if (auto it = unpairedB.find(layer.name); it != unpairedB.end() && !it->empty()) {
                row.b = it->back();
                it->pop_back();
                row.bMs = b.layers[std::size_t(row.b)].timing.average();
                pairedB[std::size_t(row.b)] = true;
            }
            m_result.unattributed.push_back(std::move(row));
        }
        for (const Layer& layer : b.layers)
            if (m_result.groupOfB[std::size_t(layer.index)] < 0 &&
                !pairedB[std::size_t(layer.index)])
                m_result.unattributed.push_back(
                    {layer.name, -1, layer.index, {}, layer.timing.average()});
    }

    void total(int side) {
        OnnxEngineTotals& totals = side == 0 ? m_result.a : m_result.b;
        const EnginePlan& plan = *m_plans[std::size_t(side)];
        totals.totalMs = plan.totalAverageMs();
        if (totals.totalMs) {
            totals.groupedMs = totals.unattributedMs = 0.0;
            for (const OnnxGroup& group : m_result.groups) {
                const OnnxGroupSide& part = side == 0 ? group.a : group.b;
                *totals.groupedMs += part.ms.value_or(0) - part.foldedMs.value_or(0);
            }
            for (const OnnxUnattributed& row : m_result.unattributed)
                *totals.unattributedMs += (side == 0 ? row.aMs : row.bMs).value_or(0);
        }
        totals.layersWithOrigin = int(
            std::count_if(m_layers[std::size_t(side)].begin(), m_layers[std::size_t(side)].end(),
                          [](const EngineLayer& l) { return l.index >= 0 && !l.nodes.empty(); }));
    }

    const EnginePlan* m_plans[2];
    NodeTable m_nodes;
    std::vector<EngineLayer> m_layers[2];
    std::vector<int> m_groupOfRoot; // group of each component, by its root node
    // Per group and side: each layer's sorted node ids, to tell whether the fusions differ.
    std::vector<std::array<std::vector<std::vector<int>>, 2>> m_partitions;
    OnnxComparison m_result;
};

} // namespace

bool OnnxComparison::hasNote(const QString& id) const {
    return std::any_of(notes.begin(), notes.end(), [&](const OnnxNote& n) { return n.id == id; });
}

OnnxComparison compareByOnnx(const EnginePlan& a, const EnginePlan& b) {
    return Builder(a, b).build();
}

std::vector<const OnnxGroup*> groupsByDelta(const OnnxComparison& comparison) {
    std::vector<const OnnxGroup*> groups;
    groups.reserve(comparison.groups.size());
    for (const OnnxGroup& group : comparison.groups)
        groups.push_back(&group);
    std::stable_sort(groups.begin(), groups.end(), [](const OnnxGroup* x, const OnnxGroup* y) {
        if (!x->deltaMs || !y->deltaMs)
            return x->deltaMs.has_value() && !y->deltaMs.has_value();
        return std::abs(*x->deltaMs) > std::abs(*y->deltaMs);
    });
    return groups;
}

QString shortNameList(const QStringList& names, int shown) {
    if (names.size() <= shown + 1) // "+1 more" would take the room of the name
        return names.join(QStringLiteral(", "));
    return names.mid(0, shown).join(QStringLiteral(", ")) +
           QStringLiteral(" +%1 more").arg(names.size() - shown);
}

QString onnxNodesText(const QStringList& nodes, int shown) {
    if (nodes.size() < 2)
        return nodes.join(QString());
    qsizetype common = nodes.front().size();
    for (const QString& node : nodes)
        while (common > 0 && !node.startsWith(QStringView(nodes.front()).left(common)))
            --common;
    const qsizetype path =
        common > 0 ? nodes.front().lastIndexOf(u'/', common - 1) + 1 : 0; // ends at a '/'
    if (path <= 1) // nothing shared but the root
        return shortNameList(nodes, shown);
    QStringList rest;
    for (const QString& node : nodes)
        rest << node.mid(path);
    return nodes.front().left(path) + '{' + shortNameList(rest, shown) + '}';
}

} // namespace planscope
