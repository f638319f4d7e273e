#include "TestSupport.h"
#include "graph/GraphStyle.h"
#include "graph/PlanGraph.h"
#include "io/PlanLoader.h"
#include "plan/NameKey.h"
#include "plan/TensorLayers.h"

#include <QSet>
#include <QTemporaryDir>
#include <deque>

using namespace planscope;
using planscope::test::dataPath;

namespace {

using Pair = std::pair<QString, QString>;

QSet<QString> regionNames(const PlanGraph& graph) {
    QSet<QString> names;
    for (const GraphNode& n : graph.nodes())
        if (n.kind == GraphNode::Kind::Region)
            names.insert(n.name);
    return names;
}

int layerNodes(const PlanGraph& graph) {
    int count = 0;
    for (const GraphNode& n : graph.nodes())
        count += n.kind == GraphNode::Kind::Layer ? 1 : 0;
    return count;
}

// A layer of a graph JSON reading `in` and writing `out` (none when empty).
QString layer(const char* name, const char* type, const char* in, const char* out) {
    const auto tensor = [](const char* tensorName) {
        return *tensorName ? QStringLiteral(
                                 R"({"Name": "%1", "Dimensions": [1], "Format/Datatype": "Float"})")
                                 .arg(tensorName)
                           : QString();
    };
    return QStringLiteral(R"({"Name": "%1", "LayerType": "%2", "Inputs": [%3], "Outputs": [%4]})")
        .arg(name, type, tensor(in), tensor(out));
}

// Writes a graph JSON of `layers` and `bindings` into `dir`; returns its path.
QString writeGraph(const QTemporaryDir& dir, const QStringList& layers,
                   const QStringList& bindings) {
    QString path = dir.filePath("plan.graph.json");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QStringLiteral(R"({"Layers": [%1], "Bindings": ["%2"]})")
                   .arg(layers.join(", "), bindings.join(R"(", ")"))
                   .toUtf8());
    return path;
}

// A graph as text, node by node and edge by edge in order, for comparing two graphs whole.
QStringList describe(const PlanGraph& graph) {
    QStringList lines;
    for (const GraphNode& n : graph.nodes())
        lines << QString("node %1 %2 %3 %4 %5 %6 %7")
                     .arg(int(n.kind))
                     .arg(n.layer)
                     .arg(n.constant)
                     .arg(n.name, n.tensor.name)
                     .arg(n.generation)
                     .arg(n.isBinding);
    for (const GraphEdge& e : graph.edges())
        lines << QString("edge %1 %2 %3 %4 %5")
                     .arg(e.from)
                     .arg(e.to)
                     .arg(e.tensor.name)
                     .arg(e.generation)
                     .arg(e.dependency);
    return lines;
}

QSet<QString> layerNames(const PlanGraph& graph) {
    QSet<QString> names;
    for (const GraphNode& n : graph.nodes())
        if (n.kind == GraphNode::Kind::Layer)
            names.insert(n.name);
    return names;
}

} // namespace

class TestPlanGraph : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void connectsWritersToReaders();
    void tensorLayersKeepTheOrderAdded();
    void nameKeysMatchByText();
    void tensorIndexKeepsPlanOrderAcrossItsHalves();
    void drawsFoldedNoOpEdges();
    void showsEveryRegionWhenAsked();
    void showsForkingRegions();
    void neighbourhoodHoldsLayersWithinRadius_data();
    void neighbourhoodHoldsLayersWithinRadius();
    void neighbourhoodStopsAtSharedInputs();
    void aroundIsTheWholeGraphsNeighbourhood_data();
    void aroundIsTheWholeGraphsNeighbourhood();
    void neighbourhoodFollowsDataThroughBindings();
    void hidesConstantsUnlessAsked();
    void ordersTrainStations();
    void colorsNodesAndEdges();
    void writesSafeDot();

  private:
    EnginePlan m_plan;
};

void TestPlanGraph::initTestCase() {
    m_plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
}

void TestPlanGraph::connectsWritersToReaders() {
    const PlanGraph graph = PlanGraph::build(m_plan);
    QCOMPARE(layerNodes(graph), 72);
    QCOMPARE(regionNames(graph), QSet<QString>({"input1", "1179"})); // the bindings
    // Without regions, a layer feeds every layer that reads a tensor it writes.
    QSet<Pair> expected;
    for (const Layer& writer : m_plan.layers)
        for (const Tensor& out : writer.graphOutputs())
            for (const Layer& reader : m_plan.layers)
                for (const Tensor& in : reader.graphInputs())
                    if (in.name == out.name && !m_plan.bindings.contains(out.name))
                        expected.insert({writer.name, reader.name});
    QSet<Pair> actual;
    for (const GraphEdge& e : graph.edges())
        if (graph.nodes()[std::size_t(e.from)].kind == GraphNode::Kind::Layer &&
            graph.nodes()[std::size_t(e.to)].kind == GraphNode::Kind::Layer)
            actual.insert(
                {graph.nodes()[std::size_t(e.from)].name, graph.nodes()[std::size_t(e.to)].name});
    QCOMPARE(actual, expected);
    QCOMPARE(int(graph.edges().size()), int(expected.size()) + 2); // + input1 in, 1179 out
    QCOMPARE(graph.nodes()[std::size_t(graph.nodeOfLayer(5))].name, m_plan.layers[5].name);
}

// ResNet's final Gemm writes [32, 1000, 1, 1]; a NoOp reshapes it into the [32, 1000] output
// binding. The graph draws the Gemm writing the binding; the layer keeps its exported tensor.
// The index behind layer connections, neighbourhoods and the residual lint: each tensor's
// layers in the order added, whatever other tensors came between.
void TestPlanGraph::tensorLayersKeepTheOrderAdded() {
    const QString a = "a", b = "b", c = "c"; // viewed by the index: they outlive it
    TensorLayers index;
    index.add(a, 4);
    index.add(b, 1);
    index.add(a, 0);
    index.add(c, 7);
    index.add(a, 9);
    const auto layersOf = [&](const QString& tensor) {
        std::vector<int> layers;
        index.forEach(tensor, [&](int layer) { layers.push_back(layer); });
        return layers;
    };
    QCOMPARE(layersOf("a"), std::vector<int>({4, 0, 9}));
    QCOMPARE(layersOf("b"), std::vector<int>({1}));
    QCOMPARE(layersOf("c"), std::vector<int>({7}));
    QCOMPARE(layersOf("d"), std::vector<int>());
}

// Names as hash keys (the tensor index, the check, the loader) match by their text, whatever
// string holds it.
void TestPlanGraph::nameKeysMatchByText() {
    const QString a = "/layer7/layer7.12/conv1/Conv", b = "/layer7/layer7.13/conv1/Conv";
    const QHash<NameKey, int> byName{{a, 1}, {b, 2}}; // the keys view a and b
    const QString copy(a.constData(), a.size());
    QVERIFY(copy.constData() != a.constData());
    QCOMPARE(qHash(NameKey(copy)), qHash(NameKey(a)));
    QCOMPARE(byName.value(copy), 1);
    QCOMPARE(byName.value(QStringView(b)), 2);
    QCOMPARE(byName.value(QStringLiteral("/layer7/layer7.14/conv1/Conv"), -1), -1);
    QCOMPARE(byName.value(QStringView(a).chopped(1), -1), -1);
}

// The plan's index of writers and readers: built in two halves, read back in plan order; a
// copied plan, whose layers may then change, makes its own.
void TestPlanGraph::tensorIndexKeepsPlanOrderAcrossItsHalves() {
    EnginePlan plan;
    const auto tensor = [](const QString& name) {
        Tensor t;
        t.name = name;
        return t;
    };
    for (int i = 0; i < 3000; ++i) { // a chain: layer i reads t<i>, writes t<i+1>
        Layer layer;
        layer.index = i;
        layer.inputs = {tensor(QStringLiteral("t%1").arg(i))};
        layer.outputs = {tensor(QStringLiteral("t%1").arg(i + 1))};
        plan.layers.push_back(std::move(layer));
    }
    plan.layers[2500].inputs.push_back(tensor("t1"));
    plan.layers[10].outputs.push_back(tensor("shared"));
    plan.layers[2990].outputs.push_back(tensor("shared"));
    const auto layersOf = [](const TensorIndex& index, const QString& name, bool writers) {
        std::vector<int> layers;
        const auto add = [&](int layer) { layers.push_back(layer); };
        writers ? index.forEachWriter(name, add) : index.forEachReader(name, add);
        return layers;
    };
    const TensorIndex& index = plan.tensorIndex();
    QCOMPARE(layersOf(index, "t1", false), std::vector<int>({1, 2500}));
    QCOMPARE(layersOf(index, "t1", true), std::vector<int>({0}));
    QCOMPARE(layersOf(index, "shared", true), std::vector<int>({10, 2990}));
    QCOMPARE(index.lastWriter(u"shared"), 2990);
    QCOMPARE(index.lastWriter(u"t3000"), 2999);
    QCOMPARE(index.lastWriter(u"t0"), -1);
    QVERIFY(!index.graphViewDiffers());
    QCOMPARE(&plan.tensorIndex(), &index); // kept

    EnginePlan copy = plan;
    copy.layers[0].outputs[0].name = "renamed";
    copy.layers[2000].folded =
        std::make_shared<Layer::FoldedTensors>(Layer::FoldedTensors{copy.layers[2000].inputs, {}});
    QCOMPARE(copy.tensorIndex().lastWriter(u"renamed"), 0);
    QVERIFY(copy.tensorIndex().graphViewDiffers());
    QCOMPARE(index.lastWriter(u"renamed"), -1);
    QVERIFY(!plan.tensorIndex().graphViewDiffers());

    const EnginePlan moved = std::move(copy);
    QCOMPARE(moved.tensorIndex().lastWriter(u"renamed"), 0);
    Layer late; // a layer list that grew is indexed again (`index` goes with the old one)
    late.index = 3000;
    late.outputs = {tensor("late")};
    plan.layers.push_back(std::move(late));
    QCOMPARE(plan.tensorIndex().lastWriter(u"late"), 3000);
}

void TestPlanGraph::drawsFoldedNoOpEdges() {
    const EnginePlan plan = loadPlan(dataPath("trex/resnet-a100/fp32"));
    const Layer& gemm = plan.layers.back();
    QVERIFY(gemm.name.contains("Gemm"));
    QCOMPARE(gemm.outputs[0].shape, (std::vector<qint64>{32, 1000, 1, 1}));
    QCOMPARE(gemm.graphOutputs()[0].name, QString("191"));
    QCOMPARE(gemm.graphOutputs()[0].shape, (std::vector<qint64>{32, 1000}));
    QCOMPARE(plan.outputBindings().size(), std::size_t(1));
    QCOMPARE(plan.outputBindings()[0]->shape, (std::vector<qint64>{32, 1000}));

    const PlanGraph graph = PlanGraph::build(plan);
    const int gemmNode = graph.nodeOfLayer(gemm.index);
    std::vector<const GraphEdge*> out;
    for (const GraphEdge& e : graph.edges())
        if (e.from == gemmNode)
            out.push_back(&e);
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(graph.nodes()[std::size_t(out[0]->to)].name, QString("191"));
    QCOMPARE(out[0]->tensor.shape, (std::vector<qint64>{32, 1000}));
}

void TestPlanGraph::showsEveryRegionWhenAsked() {
    GraphOptions options;
    options.regions = true;
    const PlanGraph graph = PlanGraph::build(m_plan, options);
    QSet<QString> tensors;
    for (const Layer& l : m_plan.layers)
        for (const auto* list : {&l.inputs, &l.outputs})
            for (const Tensor& t : *list)
                tensors.insert(t.name);
    QCOMPARE(regionNames(graph).size(), tensors.size());
    QVERIFY(regionNames(graph).contains("317.0")); // a generation carries its number
    for (const GraphEdge& e : graph.edges())       // regions sit between every pair of layers
        QVERIFY(graph.nodes()[std::size_t(e.from)].kind != graph.nodes()[std::size_t(e.to)].kind);
}

void TestPlanGraph::showsForkingRegions() {
    GraphOptions options;
    options.forkingRegions = true;
    const PlanGraph graph = PlanGraph::build(m_plan, options);
    int forks = 0; // tensors read by more than one layer (the residual branches)
    QHash<QString, int> readers;
    for (const Layer& l : m_plan.layers)
        for (const Tensor& t : l.inputs)
            ++readers[t.name];
    for (auto it = readers.cbegin(); it != readers.cend(); ++it)
        forks += it.value() > 1 && !m_plan.bindings.contains(it.key()) ? 1 : 0;
    QVERIFY(forks > 0);
    QCOMPARE(regionNames(graph).size(), forks + 2);
}

void TestPlanGraph::neighbourhoodHoldsLayersWithinRadius_data() {
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("radius");
    QTest::newRow("first, 2") << 0 << 2;
    QTest::newRow("middle, 1") << 30 << 1;
    QTest::newRow("middle, 4") << 30 << 4;
    QTest::newRow("last, 3") << 71 << 3;
    QTest::newRow("radius 0") << 10 << 0;
}

void TestPlanGraph::neighbourhoodHoldsLayersWithinRadius() {
    QFETCH(int, layer);
    QFETCH(int, radius);
    const PlanGraph whole = PlanGraph::build(m_plan);
    // Breadth-first over the whole graph's edges, both ways, computed here on its own.
    std::vector<int> distance(whole.nodes().size(), -1);
    std::deque<int> queue{whole.nodeOfLayer(layer)};
    distance[std::size_t(queue.front())] = 0;
    while (!queue.empty()) {
        const int n = queue.front();
        queue.pop_front();
        for (const GraphEdge& e : whole.edges())
            for (const auto& [a, b] : {std::pair{e.from, e.to}, std::pair{e.to, e.from}})
                if (a == n && distance[std::size_t(b)] < 0 && distance[std::size_t(n)] < radius) {
                    distance[std::size_t(b)] = distance[std::size_t(n)] + 1;
                    queue.push_back(b);
                }
    }
    QSet<QString> expected;
    for (std::size_t n = 0; n < distance.size(); ++n)
        if (distance[n] >= 0)
            expected.insert(whole.nodes()[n].name);
    const PlanGraph near = whole.neighbourhood(whole.nodeOfLayer(layer), radius);
    QSet<QString> actual;
    for (const GraphNode& n : near.nodes())
        actual.insert(n.name);
    QCOMPARE(actual, expected);
    for (const GraphEdge& e : near.edges())
        QVERIFY(e.from < int(near.nodes().size()) && e.to < int(near.nodes().size()));
}

// ControlNet's engine input onnx::MatMul_3 is read by six Myelin layers and a Reformat. The
// binding shows in each reader's neighbourhood, but does not bring in the other readers.
void TestPlanGraph::neighbourhoodStopsAtSharedInputs() {
    const EnginePlan plan = loadPlan(
        dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json"));
    std::vector<int> readers;
    for (const Layer& l : plan.layers)
        for (const Tensor& t : l.graphInputs())
            if (t.name == "onnx::MatMul_3")
                readers.push_back(l.index);
    QCOMPARE(readers.size(), std::size_t(7));
    const PlanGraph whole = PlanGraph::build(plan);
    for (int reader : readers)
        for (int radius : {1, 2, 3}) {
            const PlanGraph near = whole.neighbourhood(whole.nodeOfLayer(reader), radius);
            QVERIFY(regionNames(near).contains("onnx::MatMul_3"));
            for (int other : readers)
                QVERIFY2(other == reader || near.nodeOfLayer(other) < 0,
                         qPrintable(QString("%1 around %2, radius %3")
                                        .arg(plan.layers[std::size_t(other)].name)
                                        .arg(plan.layers[std::size_t(reader)].name)
                                        .arg(radius)));
        }
}

void TestPlanGraph::aroundIsTheWholeGraphsNeighbourhood_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("option"); // 0 none, 1 regions, 2 forking regions, 3 constants
    const QStringList plans = {
        "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine",
        "trex/resnet-a100/fp32", // NoOps folded
        "trex/resnet-a100/qat-residual",
        "realworld/alexnet-trt10-rtx3060", // Myelin constants
        "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json",
        "realworld/aeb-bev-trt86/layers_.json",
    };
    for (const QString& plan : plans)
        for (int option : {0, 1, 2, 3})
            QTest::addRow("%s, option %d", qPrintable(plan), option) << plan << option;
}

// PlanGraph::around builds only what lies near its layers: the graph it gives is the whole
// graph's neighbourhood, node for node and edge for edge, around each layer at every radius.
void TestPlanGraph::aroundIsTheWholeGraphsNeighbourhood() {
    QFETCH(QString, path);
    QFETCH(int, option);
    const EnginePlan plan = loadPlan(dataPath(path));
    GraphOptions options;
    options.regions = option == 1;
    options.forkingRegions = option == 2;
    options.constants = option == 3;
    const PlanGraph whole = PlanGraph::build(plan, options);
    const int count = int(plan.layers.size());
    const int step = std::max(1, count / 40);
    int compared = 0;
    for (int layer = 0; layer < count; layer += step)
        for (int radius : {0, 1, 2, 4}) {
            const PlanGraph expected = whole.neighbourhood(whole.nodeOfLayer(layer), radius);
            QCOMPARE(describe(PlanGraph::around(plan, {layer}, radius, options)),
                     describe(expected));
            compared += int(expected.nodes().size());
        }
    const std::vector<int> group = {0, count / 2, count - 1};
    std::vector<int> nodes;
    nodes.reserve(group.size());
    for (int layer : group)
        nodes.push_back(whole.nodeOfLayer(layer));
    QCOMPARE(describe(PlanGraph::around(plan, group, 2, options)),
             describe(whole.neighbourhood(nodes, 2)));
    QVERIFY(compared > count); // the neighbourhoods compared hold more than their centres
}

// An output binding that later layers read too is data flowing from its writer to them: a walk
// from the writer goes on to every reader; a walk from one reader reaches the others only
// through the writer.
void TestPlanGraph::neighbourhoodFollowsDataThroughBindings() {
    QTemporaryDir dir;
    const EnginePlan plan = loadPlan(writeGraph(
        dir,
        {layer("a", "kgen", "x", "y"), layer("b", "kgen", "y", "u"), layer("c", "kgen", "y", "v")},
        {"x", "y", "u", "v"}));
    const PlanGraph whole = PlanGraph::build(plan);
    QVERIFY(regionNames(whole).contains("y"));
    const auto around = [&whole](int layer, int radius) {
        return layerNames(whole.neighbourhood(whole.nodeOfLayer(layer), radius));
    };
    QCOMPARE(around(0, 2), QSet<QString>({"a", "b", "c"}));
    QCOMPARE(around(1, 2), QSet<QString>({"a", "b"}));
    QCOMPARE(around(1, 4), QSet<QString>({"a", "b", "c"}));
    QCOMPARE(regionNames(whole.neighbourhood(whole.nodeOfLayer(1), 1)), QSet<QString>({"y", "u"}));
}

void TestPlanGraph::hidesConstantsUnlessAsked() {
    const EnginePlan alexnet = loadPlan(dataPath("realworld/alexnet-trt10-rtx3060"));
    QVERIFY(!regionNames(PlanGraph::build(alexnet)).contains("__mye583_dconst"));
    GraphOptions options;
    options.constants = true;
    const PlanGraph withConstants = PlanGraph::build(alexnet, options);
    QVERIFY(regionNames(withConstants).contains("__mye583_dconst.0"));
    const int gemm =
        withConstants.nodeOfLayer(alexnet.findLayer("/classifier/classifier_1/Gemm_myl9_2")->index);
    bool fed = false;
    for (const GraphEdge& e : withConstants.edges())
        fed = fed || (e.to == gemm &&
                      withConstants.nodes()[std::size_t(e.from)].name == "__mye583_dconst.0");
    QVERIFY(fed);
}

void TestPlanGraph::ordersTrainStations() {
    QTemporaryDir dir;
    const EnginePlan plan =
        loadPlan(writeGraph(dir,
                            {layer("a", "kgen", "x", "t"), layer("station", "TrainStation", "", ""),
                             layer("b", "kgen", "t", "y")},
                            {"x", "y"}));
    const PlanGraph graph = PlanGraph::build(plan);
    int dependencies = 0;
    for (const GraphEdge& e : graph.edges())
        dependencies += e.dependency ? 1 : 0;
    QCOMPARE(dependencies, 2); // a -> station -> b
    for (int radius : {0, 1, 2})
        for (int layer : {0, 1, 2})
            QCOMPARE(describe(PlanGraph::around(plan, {layer}, radius)),
                     describe(graph.neighbourhood(graph.nodeOfLayer(layer), radius)));
}

void TestPlanGraph::colorsNodesAndEdges() {
    const PlanGraph graph = PlanGraph::build(m_plan);
    GraphStyle byPrecision;
    byPrecision.color = GraphStyle::Color::Precision;
    QCOMPARE(nodeColor(graph.nodes()[1], m_plan, byPrecision), palette::Rgb(0x76B900)); // INT8
    QCOMPARE(nodeColor(graph.nodes()[0], m_plan, byPrecision), palette::Rgb(0xFF0000)); // FP32
    QCOMPARE(nodeColor(graph.nodes()[1], m_plan, GraphStyle{}),
             palette::layerTypeColor("Convolution"));
    for (const GraphEdge& e : graph.edges())
        QCOMPARE(edgeColor(e), palette::precisionColor(e.tensor.precision()));
    GraphStyle detailed;
    detailed.detail = GraphStyle::Detail::Detailed;
    const QStringList label = nodeLabel(graph.nodes()[1], m_plan, detailed);
    QCOMPARE(label.first(), QString("Convolution"));
    QVERIFY(label.contains("Conv_12")); // stacked fused parts
    QVERIFY(label.contains("kernel 3x3, groups 1"));
    GraphStyle minimal;
    minimal.detail = GraphStyle::Detail::Minimal;
    QCOMPARE(nodeLabel(graph.nodes()[1], m_plan, minimal), QStringList({"Convolution"}));
}

void TestPlanGraph::writesSafeDot() {
    QCOMPARE(dotQuoted("a\"b\\c\nd{e}|f:g"), QString("\"a\\\"b\\\\c\\nd{e}|f:g\""));
    QCOMPARE(dotQuoted(QString(10000, 'x')).size(), 4002); // cut to what Graphviz accepts
    const PlanGraph graph = PlanGraph::build(m_plan);
    const QByteArray dot = writeDot(graph, m_plan, GraphStyle{});
    QVERIFY(dot.startsWith("digraph plan {"));
    QCOMPARE(int(dot.count("[label=")), int(graph.nodes().size()));
    QCOMPARE(int(dot.count(" -> ")), int(graph.edges().size()));
}

PLANSCOPE_TEST_MAIN(TestPlanGraph, QCoreApplication)
#include "tst_plan_graph.moc"
