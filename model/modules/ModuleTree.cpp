#include "modules/ModuleTree.h"

#include "modules/ModulePath.h"
#include "plan/NameKey.h"
#include "plan/SideBySide.h"

#include <QCoreApplication>
#include <QHash>
#include <QStringTokenizer>
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace planscope {
namespace {

// The child of `parent` named `name`, or -1.
int findChild(const ModuleTree& tree, int parent, QStringView name) {
    for (const int child : tree.modules[std::size_t(parent)].children)
        if (tree.modules[std::size_t(child)].name == name)
            return child;
    return -1;
}

// A module's child by its name, for making the tree: a model whose layers each name a module of
// their own has tens of thousands of top-level modules, and searching a parent's children for
// each layer was quadratic (210,000 layers: 9 s).
struct ChildKey {
    int parent;
    QStringView name; // views the child's Module::name: a QString's text stays where it is when
                      // the Module holding it moves
    friend bool operator==(ChildKey a, ChildKey b) noexcept {
        return a.parent == b.parent && a.name == b.name;
    }
};

std::size_t qHash(ChildKey key, std::size_t seed = 0) noexcept {
    return qHash(NameKey(key.name), seed) ^ std::size_t(key.parent);
}

class TreeMaker {
  public:
    explicit TreeMaker(ModuleTree& tree) : m_tree(tree) {}

    // The module at `joined` ("a/b"), made with its parents when new. Layers come in model
    // order: most are in the module of the layer before them, found without walking the path.
    int moduleFor(const QString& joined) {
        if (joined == m_lastPath)
            return m_lastModule;
        int at = 0;
        for (qsizetype from = 0; !joined.isEmpty();) { // the pieces between slashes
            const qsizetype slash = joined.indexOf(QLatin1Char('/'), from);
            const qsizetype to = slash < 0 ? joined.size() : slash;
            at = childNamed(at, QStringView(joined).sliced(from, to - from));
            if (slash < 0)
                break;
            from = slash + 1;
        }
        m_lastPath = joined;
        m_lastModule = at;
        return at;
    }

  private:
    int childNamed(int parent, QStringView name) {
        // Layers come in model order: the child wanted is nearly always the last one made.
        const std::vector<int>& children = m_tree.modules[std::size_t(parent)].children;
        if (!children.empty() && m_tree.modules[std::size_t(children.back())].name == name)
            return children.back();
        if (const auto found = m_children.constFind(ChildKey{parent, name});
            found != m_children.cend())
            return *found;
        const Module& above = m_tree.modules[std::size_t(parent)];
        Module child;
        child.name = name.toString();
        child.path = above.depth == 0 ? child.name : above.path + u'/' + child.name;
        child.depth = above.depth + 1;
        child.parent = parent;
        const int index = int(m_tree.modules.size());
        m_children.insert(ChildKey{parent, child.name}, index);
        m_tree.modules[std::size_t(parent)].children.push_back(index);
        m_tree.modules.push_back(std::move(child));
        return index;
    }

    ModuleTree& m_tree;
    QHash<ChildKey, int> m_children;
    QString m_lastPath; // of the layer before
    int m_lastModule = 0;
};

void addShare(std::vector<ModuleShare>& shares, const QString& key, const LayerTiming& timing) {
    auto it = std::find_if(shares.begin(), shares.end(),
                           [&](const ModuleShare& s) { return s.key == key; });
    if (it == shares.end())
        it = shares.insert(shares.end(), ModuleShare{key, 0, 0});
    it->ms += timing.measured ? timing.averageMs : 0.0;
    ++it->layers;
}

void sortShares(std::vector<ModuleShare>& shares) {
    std::stable_sort(shares.begin(), shares.end(), [](const ModuleShare& a, const ModuleShare& b) {
        return a.ms != b.ms ? a.ms > b.ms : a.layers > b.layers;
    });
}

// A time no profile record gives is missing, never 0: a module (or the unattributed layers)
// with layers but none measured has none.
std::optional<double> timedMs(const ModuleTree& tree, double ms, int layers, int measured) {
    return tree.totalMs && (layers == 0 || measured > 0) ? std::optional(ms) : std::nullopt;
}

// Each module's time, self time and shares by precision and type, summed by one thread over its
// layers in the plan's order (every sum the same as one pass would make); a large plan's modules
// are shared between two threads by their layer counts.
void addTimes(const EnginePlan& plan, ModuleTree& tree) {
    const int parts = plan.layers.size() >= kLayersForTwoThreads ? 2 : 1;
    std::vector<int> partOf(tree.modules.size(), 0);
    std::int64_t load[2] = {0, 0};
    for (std::size_t m = 0; m < tree.modules.size() && parts == 2; ++m) {
        partOf[m] = load[0] <= load[1] ? 0 : 1;
        load[partOf[m]] += tree.modules[m].layers;
    }
    sideBySide<int>(std::size_t(parts), [&](std::size_t part) {
        for (std::size_t i = 0; i < plan.layers.size(); ++i) {
            const Layer& layer = plan.layers[i];
            for (int m = tree.moduleOfLayer[i]; m >= 0; m = tree.modules[std::size_t(m)].parent) {
                if (partOf[std::size_t(m)] != int(part))
                    continue;
                Module& module = tree.modules[std::size_t(m)];
                addShare(module.precisions, layer.precision, layer.timing);
                addShare(module.types, layer.type, layer.timing);
            }
        }
        for (std::size_t m = 0; m < tree.modules.size(); ++m) {
            if (partOf[m] != int(part))
                continue;
            Module& module = tree.modules[m];
            sortShares(module.precisions);
            sortShares(module.types);
            double self = 0;
            int selfMeasured = 0;
            for (int l : module.ownLayers) {
                const LayerTiming& timing = plan.layers[std::size_t(l)].timing;
                self += timing.measured ? timing.averageMs : 0.0;
                selfMeasured += timing.measured ? 1 : 0;
            }
            module.selfMs = timedMs(tree, self, int(module.ownLayers.size()), selfMeasured);
            double ms = 0;
            for (const ModuleShare& share : module.types)
                ms += share.ms;
            module.ms = timedMs(tree, ms, module.layers, module.measuredLayers);
        }
        return 0;
    });
}

} // namespace

int ModuleTree::find(const QString& path) const {
    int at = 0;
    if (!path.isEmpty())
        for (QStringView piece : QStringTokenizer(path, u'/'))
            if (at = findChild(*this, at, piece); at < 0)
                return -1;
    return at;
}

bool ModuleTree::folds() const {
    const std::size_t topLevel = root().children.size();
    return hasPaths() && topLevel <= kFoldingModules && topLevel * 10 <= moduleOfLayer.size();
}

std::optional<double> ModuleTree::percent(const Module& module) const {
    if (!module.ms || !totalMs || *totalMs <= 0)
        return std::nullopt;
    return *module.ms / *totalMs * 100.0;
}

std::vector<int> ModuleTree::preorder(int maxDepth) const {
    std::vector<int> order;
    order.reserve(modules.size());
    std::vector<int> stack{0};
    while (!stack.empty()) {
        const int at = stack.back();
        stack.pop_back();
        order.push_back(at);
        const Module& m = modules[std::size_t(at)];
        if (maxDepth >= 0 && m.depth >= maxDepth)
            continue;
        stack.insert(stack.end(), m.children.rbegin(), m.children.rend());
    }
    return order;
}

std::vector<int> ModuleTree::layersUnder(int module) const {
    std::vector<int> layers;
    for (std::size_t i = 0; i < moduleOfLayer.size(); ++i)
        for (int m = moduleOfLayer[i]; m >= 0; m = modules[std::size_t(m)].parent)
            if (m == module) {
                layers.push_back(int(i));
                break;
            }
    return layers;
}

std::vector<int> ModuleTree::ancestry(int module) const {
    std::vector<int> chain;
    for (int m = module; m >= 0; m = modules[std::size_t(m)].parent)
        chain.push_back(m);
    std::reverse(chain.begin(), chain.end());
    return chain;
}

std::vector<std::optional<double>>
ModuleTree::sumOverModules(const std::vector<double>& perLayer) const {
    std::vector<std::optional<double>> sums(modules.size() + 1);
    const auto add = [&sums](std::size_t at, double value) {
        sums[at] = sums[at].value_or(0) + value;
    };
    for (std::size_t l = 0; l < perLayer.size() && l < moduleOfLayer.size(); ++l)
        if (!std::isnan(perLayer[l]))
            add(moduleOfLayer[l] < 0 ? modules.size() : std::size_t(moduleOfLayer[l]), perLayer[l]);
    // A parent stands before its children: children first, each adds its sum to its parent's.
    for (std::size_t m = modules.size(); m-- > 1;)
        if (sums[m])
            add(std::size_t(modules[m].parent), *sums[m]);
    return sums;
}

ModuleTree buildModuleTree(const EnginePlan& plan) {
    ModuleTree tree;
    // Room for a module a layer (rarely more), taken at once: growing the list moved every
    // module and faulted in fresh pages each time. Room not used is never touched.
    tree.modules.reserve(plan.layers.size() + 1);
    tree.modules.emplace_back();
    TreeMaker maker(tree);
    tree.moduleOfLayer.assign(plan.layers.size(), -1);
    const std::vector<std::optional<QString>> paths = layerModules(plan);
    double unattributed = 0;
    int unattributedMeasured = 0;
    for (std::size_t i = 0; i < plan.layers.size(); ++i) {
        const Layer& layer = plan.layers[i];
        if (!paths[i]) {
            tree.unattributedLayers.push_back(int(i));
            unattributed += layer.timing.measured ? layer.timing.averageMs : 0.0;
            unattributedMeasured += layer.timing.measured ? 1 : 0;
            continue;
        }
        const int own = maker.moduleFor(*paths[i]);
        tree.moduleOfLayer[i] = own;
        tree.modules[std::size_t(own)].ownLayers.push_back(int(i));
        for (int m = own; m >= 0; m = tree.modules[std::size_t(m)].parent) {
            Module& module = tree.modules[std::size_t(m)];
            ++module.layers;
            module.measuredLayers += layer.timing.measured ? 1 : 0;
        }
    }
    tree.totalMs = plan.totalAverageMs();
    tree.unattributedMs =
        timedMs(tree, unattributed, int(tree.unattributedLayers.size()), unattributedMeasured);
    addTimes(plan, tree);
    for (Module& module : tree.modules)
        std::stable_sort(module.children.begin(), module.children.end(), [&](int a, int b) {
            const Module& x = tree.modules[std::size_t(a)];
            const Module& y = tree.modules[std::size_t(b)];
            return x.ms.value_or(0) != y.ms.value_or(0) ? x.ms.value_or(0) > y.ms.value_or(0)
                                                        : x.layers > y.layers;
        });
    return tree;
}

QString moduleDisplayName(const Module& module) {
    return module.depth == 0 ? QCoreApplication::translate("ModuleTree", "(model)") : module.name;
}

} // namespace planscope
