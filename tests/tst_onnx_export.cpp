#include "TestSupport.h"
#include "graph/PlanGraph.h"
#include "io/PlanLoader.h"
#include "onnxexport/OnnxExport.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <iostream>
#include <onnx/checker.h>
#include <onnx/onnx_pb.h>
#include <sstream>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

onnx::ModelProto readBack(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    onnx::ModelProto model;
    model.ParseFromArray(bytes.constData(), int(bytes.size()));
    return model;
}

QStringList names(const google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>& values) {
    QStringList list;
    for (const auto& v : values)
        list << QString::fromStdString(v.name());
    return list;
}

// "producer -> consumer" for every layer-to-layer connection of the plan graph: straight edges,
// and edges through a region node (a binding or a buffer written again).
QSet<QString> graphConnections(const EnginePlan& plan) {
    const PlanGraph graph = PlanGraph::build(plan);
    QSet<QString> connections;
    const auto& nodes = graph.nodes();
    for (const GraphEdge& in : graph.edges()) {
        if (in.dependency || nodes[in.from].layer < 0)
            continue;
        if (nodes[in.to].layer >= 0) {
            connections << nodes[in.from].name + " -> " + nodes[in.to].name;
            continue;
        }
        for (const GraphEdge& out : graph.edges())
            if (out.from == in.to && nodes[out.to].layer >= 0)
                connections << nodes[in.from].name + " -> " + nodes[out.to].name;
    }
    return connections;
}

QStringList strings(const google::protobuf::RepeatedPtrField<std::string>& values) {
    QStringList list;
    for (const std::string& v : values)
        list << QString::fromStdString(v);
    return list;
}

QString attribute(const onnx::NodeProto& node, const char* name) {
    for (const auto& a : node.attribute())
        if (a.name() == name)
            return QString::fromStdString(a.s());
    return {};
}

// What ONNX's checker prints on std::cerr (its warnings) while `run` runs.
template <typename Run> QString cerrOf(Run run) {
    std::ostringstream captured;
    std::streambuf* previous = std::cerr.rdbuf(captured.rdbuf());
    run();
    std::cerr.rdbuf(previous);
    return QString::fromStdString(captured.str());
}

const char* const kControlNetA =
    "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json";

QSet<QString> onnxConnections(const onnx::GraphProto& graph) {
    QHash<QString, QString> producer;
    for (const auto& node : graph.node())
        for (const auto& output : node.output())
            producer.insert(QString::fromStdString(output), QString::fromStdString(node.name()));
    QSet<QString> connections;
    for (const auto& node : graph.node())
        for (const auto& input : node.input())
            if (producer.contains(QString::fromStdString(input)))
                connections << producer.value(QString::fromStdString(input)) + " -> " +
                                   QString::fromStdString(node.name());
    return connections;
}

} // namespace

// Every shared plan exported as ONNX: the checker accepts it, and reading it back gives one node
// per layer in engine order, the plan's inputs and outputs, and the plan graph's connections.
class TestOnnxExport : public QObject {
    Q_OBJECT
  private slots:
    void matchesThePlanGraph_data();
    void matchesThePlanGraph();
    void describesLayers();
    void namesTheValuesOfSharedTensors();
    void keepsTheControlNetTensorNames();
    void raisesNoCheckerWarning_data();
    void raisesNoCheckerWarning();
    void exportsNamesOnlyPlansInOrder();
    void reportsUnwritableFile();
};

void TestOnnxExport::matchesThePlanGraph_data() {
    QTest::addColumn<QString>("plan");
    for (const char* plan :
         {"trex/mobilenet/mobilenet.qat.onnx.engine",
          "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine",
          "trex/resnet-a100/fp32/resnet.onnx.engine", "trex/resnet-a100/fp16/resnet.onnx.engine",
          "trex/resnet-a100/qat/resnet-qat.onnx.engine",
          "trex/resnet-a100/qat-residual/resnet-qat-residual.onnx.engine",
          "trex/resnet-a100/qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine",
          "realworld/alexnet-trt10-rtx3060/alexnet_fp16", "realworld/aeb-bev-trt86/layers_.json",
          "realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log",
          "realworld/mnist-verbose-builds/trt8.6.0-rtx3090-verbose-build.log", kControlNetA,
          "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json"})
        QTest::newRow(plan) << QString::fromLatin1(plan);
}

void TestOnnxExport::matchesThePlanGraph() {
    QFETCH(QString, plan);
    const EnginePlan loaded = loadPlan(dataPath(plan));
    QTemporaryDir dir;
    const QString path = dir.filePath("plan.onnx");
    const OnnxExport written = exportOnnx(loaded, path);
    const onnx::ModelProto model = readBack(path);
    onnx::checker::check_model(model); // throws on an invalid model
    const onnx::GraphProto& graph = model.graph();
    QCOMPARE(written.nodes, int(loaded.layers.size()));
    QCOMPARE(graph.node_size(), int(loaded.layers.size()));
    for (int i = 0; i < graph.node_size(); ++i) {
        QCOMPARE(QString::fromStdString(graph.node(i).name()), loaded.layers[i].name);
        // Scale is one of ONNX 1.12's experimental op types, in any domain: ScaleLayer.
        const QString type = loaded.layers[i].type;
        const bool renamed = type == "Scale";
        QCOMPARE(QString::fromStdString(graph.node(i).op_type()), renamed ? "ScaleLayer" : type);
        QCOMPARE(attribute(graph.node(i), "layer_type"), renamed ? type : QString());
        QCOMPARE(graph.node(i).domain(), std::string("planscope"));
    }
    QStringList inputs, outputs;
    for (const Tensor* t : loaded.inputBindings())
        inputs << t->name;
    for (const Tensor* t : loaded.outputBindings())
        outputs << t->name;
    QCOMPARE(names(graph.input()), inputs);
    QCOMPARE(names(graph.output()), outputs);
    const QSet<QString> expected = graphConnections(loaded);
    QVERIFY(!expected.isEmpty());
    QCOMPARE(onnxConnections(graph), expected);
}

void TestOnnxExport::describesLayers() {
    const EnginePlan plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    QTemporaryDir dir;
    exportOnnx(plan, dir.filePath("m.onnx"));
    const onnx::GraphProto graph = readBack(dir.filePath("m.onnx")).graph();
    const onnx::NodeProto& conv = graph.node(1);
    QHash<QString, const onnx::AttributeProto*> attributes;
    for (const auto& a : conv.attribute())
        attributes.insert(QString::fromStdString(a.name()), &a);
    QCOMPARE(QString::fromStdString(attributes["precision"]->s()), plan.layers[1].precision);
    QCOMPARE(QString::fromStdString(attributes["tactic"]->s()), plan.layers[1].tactic);
    QCOMPARE(attributes["latency_average_ms"]->f(), float(plan.layers[1].timing.averageMs));
    QCOMPARE(attributes["weights_count"]->i(), plan.layers[1].weightsCount);
    QVERIFY(attributes.contains("Kernel") || attributes.contains("KernelSize") ||
            attributes.contains("kernel"));
    // The binding's shape and type; value_info for the layers' tensors.
    const onnx::ValueInfoProto& input = graph.input(0);
    QCOMPARE(input.type().tensor_type().elem_type(), int(onnx::TensorProto::FLOAT));
    QCOMPARE(input.type().tensor_type().shape().dim(1).dim_value(), 3);
    QCOMPARE(graph.value_info_size(), 72);
}

// A tensor's last value keeps its name, an output binding two layers write too; earlier values
// are name.0 ..., and every layer that writes part of a value feeds its readers.
void TestOnnxExport::namesTheValuesOfSharedTensors() {
    const EnginePlan plan = loadPlan(fixturePath("shared-writes.graph.json"));
    QTemporaryDir dir;
    exportOnnx(plan, dir.filePath("s.onnx"));
    const onnx::ModelProto model = readBack(dir.filePath("s.onnx"));
    onnx::checker::check_model(model);
    const onnx::GraphProto& graph = model.graph();
    const QStringList expected[][2] = {{{"x"}, {"joined (part 1 of 2)"}},
                                       {{"x"}, {"joined"}},
                                       {{"joined (part 1 of 2)", "joined"}, {"y.0"}},
                                       {{"y.0"}, {"out (part 1 of 2)"}},
                                       {{"y.0"}, {"out"}},
                                       {{"y.0"}, {"y"}}, // in place: the buffer's second value
                                       {{"y"}, {"out2"}}};
    QCOMPARE(graph.node_size(), int(std::size(expected)));
    for (int i = 0; i < graph.node_size(); ++i) {
        QCOMPARE(strings(graph.node(i).input()), expected[i][0]);
        QCOMPARE(strings(graph.node(i).output()), expected[i][1]);
    }
    QCOMPARE(names(graph.input()), QStringList{"x"});
    QCOMPARE(names(graph.output()), QStringList({"out", "out2"}));
    QCOMPARE(onnxConnections(graph), graphConnections(plan));
    QCOMPARE(QString::fromStdString(graph.node(5).op_type()), QString("ScaleLayer"));
}

// ControlNet's sine and cosine each write half of one concatenation: the tensor keeps its name
// and its reader reads both halves (it was renamed /Concat_output_0.2 and read from the cosine
// alone).
void TestOnnxExport::keepsTheControlNetTensorNames() {
    const EnginePlan plan = loadPlan(dataPath(kControlNetA));
    QTemporaryDir dir;
    exportOnnx(plan, dir.filePath("c.onnx"));
    const onnx::GraphProto graph = readBack(dir.filePath("c.onnx")).graph();
    QHash<QString, QStringList> outputs, inputs;
    for (const auto& node : graph.node()) {
        outputs.insert(QString::fromStdString(node.name()), strings(node.output()));
        inputs.insert(QString::fromStdString(node.name()), strings(node.input()));
    }
    QCOMPARE(outputs["PWN(/Sin)"], QStringList{"/Concat_output_0 (part 1 of 2)"});
    QCOMPARE(outputs["PWN(/Cos)"], QStringList{"/Concat_output_0"});
    int readers = 0;
    for (const QStringList& in : std::as_const(inputs))
        if (in.contains("/Concat_output_0")) {
            ++readers;
            QVERIFY(in.contains("/Concat_output_0 (part 1 of 2)"));
        }
    QCOMPARE(readers, 1);
    for (const QStringList& out : std::as_const(outputs))
        for (const QString& name : out)
            QVERIFY2(!name.endsWith(".2"), qPrintable(name));
}

// ONNX 1.12's checker warns of "experimental ops" by op type alone (27 Scale layers on
// ControlNet) and skips checking them: no op type of the export is one of those.
void TestOnnxExport::raisesNoCheckerWarning_data() {
    QTest::addColumn<QString>("plan");
    QTest::newRow("controlnet a") << kControlNetA;
    QTest::newRow("controlnet b")
        << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json";
    QTest::newRow("mobilenet") << "trex/mobilenet/mobilenet.qat.onnx.engine";
}

void TestOnnxExport::raisesNoCheckerWarning() {
    QFETCH(QString, plan);
    const EnginePlan loaded = loadPlan(dataPath(plan));
    QTemporaryDir dir;
    const QString path = dir.filePath("p.onnx");
    const QString printed = cerrOf([&] {
        exportOnnx(loaded, path);
        onnx::checker::check_model(readBack(path));
    });
    QVERIFY2(printed.isEmpty(), qPrintable(printed.left(300)));
}

void TestOnnxExport::exportsNamesOnlyPlansInOrder() {
    const EnginePlan plan = loadPlan(fixturePath("names-only.graph.json"));
    QTemporaryDir dir;
    const OnnxExport written = exportOnnx(plan, dir.filePath("n.onnx"));
    QVERIFY(written.notes.join(' ').contains("names only"));
    QVERIFY(written.notes.join(' ').contains("chained in engine order"));
    const onnx::ModelProto model = readBack(dir.filePath("n.onnx"));
    onnx::checker::check_model(model);
    QCOMPARE(model.graph().node_size(), int(plan.layers.size()));
    QCOMPARE(QString::fromStdString(model.graph().node(0).name()), plan.layers[0].name);
    QCOMPARE(model.graph().node(1).input(0), model.graph().node(0).output(0));
}

void TestOnnxExport::reportsUnwritableFile() {
    const EnginePlan plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    try {
        exportOnnx(plan, "/nonexistent-folder/m.onnx");
        QFAIL("wrote into a folder that does not exist");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().startsWith("/nonexistent-folder/m.onnx: cannot be written"),
                 qPrintable(e.message()));
    }
}

PLANSCOPE_TEST_MAIN(TestOnnxExport, QCoreApplication)
#include "tst_onnx_export.moc"
