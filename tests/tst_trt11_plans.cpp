#include "TestSupport.h"
#include "check/PlanCheck.h"
#include "io/PlanLoader.h"

#include <QTemporaryDir>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;
using Json = nlohmann::ordered_json;

// TensorRT 11's engine inspector JSON ("I/O Tensors", split Format and Datatype, Constants),
// weights read as tensors, and the plan's memory against the build log's.
class TestTrt11Plans : public QObject {
    Q_OBJECT
  private slots:
    void readsIoTensors();
    void countsConstantsAsWeights();
    void readsTrt11CopyOfAlexNetAlike();
    void warnsWithoutBindings();
    void comparesWeightsWithTheBuild();
    void agreesWithAMatchingBuild();
};

namespace {

const QString kAlexNet = QStringLiteral("realworld/alexnet-trt10-rtx3060");

Json readJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return Json::parse(file.readAll().toStdString());
}

void writeJson(const QString& path, const Json& json) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(json.dump(1)));
}

// TensorRT 10's "Format/Datatype" as TensorRT 11 splits it: "Channel major FP16 format where
// channel % 8 == 0" becomes the format without its type and a DataType "Half"; Myelin's bare
// types ("Half") are row-major tensors of that type.
void splitFormat(Json& tensor) {
    static const std::vector<std::pair<std::string, std::string>> kTypes{
        {"FP32", "Float"}, {"FP16", "Half"},   {"Int8", "Int8"},
        {"INT8", "Int8"},  {"Int32", "Int32"}, {"INT32", "Int32"}};
    std::string format = tensor["Format/Datatype"].get<std::string>();
    tensor.erase("Format/Datatype");
    std::string type = format;
    for (const auto& [word, dataType] : kTypes) {
        const auto at = format.find(" " + word + " ");
        if (at != std::string::npos) {
            format.erase(at, word.size() + 1);
            type = dataType;
        }
    }
    tensor["Format"] = format == type ? "(Linear) Row major linear format" : format;
    tensor["Datatype"] = type;
}

// A copy of a TensorRT 10 graph JSON written as TensorRT 11 writes it: "I/O Tensors" for
// "Bindings", split formats, and the inputs no layer writes (weights) as the layer's Constants.
Json asTrt11(Json graph) {
    std::set<std::string> written;
    for (const Json& layer : graph["Layers"])
        for (const Json& output : layer["Outputs"])
            written.insert(output["Name"].get<std::string>());
    const Json bindings = graph["Bindings"];
    const auto isBinding = [&](const std::string& name) {
        return std::find(bindings.begin(), bindings.end(), name) != bindings.end();
    };
    std::map<std::string, Json> ioTensors;
    for (Json& layer : graph["Layers"]) {
        Json inputs = Json::array();
        Json constants = Json::array();
        for (Json tensor : layer["Inputs"]) {
            splitFormat(tensor);
            const std::string name = tensor["Name"].get<std::string>();
            const bool constant = !written.contains(name) && !isBinding(name);
            (constant ? constants : inputs).push_back(tensor);
            if (isBinding(name))
                ioTensors.emplace(name, Json{{"Name", name},
                                             {"IOMode", "Input"},
                                             {"DataType", tensor["Datatype"]},
                                             {"Dimensions", tensor["Dimensions"]},
                                             {"Location", "Device"},
                                             {"IsShapeInferenceIO", false},
                                             {"ProfileInfo", Json::array()}});
        }
        for (Json& tensor : layer["Outputs"]) {
            splitFormat(tensor);
            const std::string name = tensor["Name"].get<std::string>();
            if (isBinding(name))
                ioTensors.emplace(name, Json{{"Name", name},
                                             {"IOMode", "Output"},
                                             {"DataType", tensor["Datatype"]},
                                             {"Dimensions", tensor["Dimensions"]},
                                             {"Location", "Device"},
                                             {"IsShapeInferenceIO", false},
                                             {"ProfileInfo", Json::array()}});
        }
        layer["Inputs"] = inputs;
        if (!constants.empty())
            layer["Constants"] = constants;
    }
    graph.erase("Bindings");
    for (const Json& name : bindings)
        graph["I/O Tensors"].push_back(ioTensors.at(name.get<std::string>()));
    return graph;
}

std::optional<double> layerWeights(const EnginePlan& plan, const QString& name) {
    const Layer* layer = plan.findLayer(name);
    if (!layer)
        return std::nullopt;
    return layer->weightsBytes;
}

const CheckResult* resultOf(const PlanCheck& check, QLatin1String id) {
    for (const CheckResult& r : check.results)
        if (r.id == id)
            return &r;
    return nullptr;
}

} // namespace

void TestTrt11Plans::readsIoTensors() {
    const EnginePlan plan = loadPlan(fixturePath("trt11.graph.json"));
    QCOMPARE(plan.ioTensors.size(), std::size_t(4));
    QCOMPARE(plan.bindings, QStringList({"x", "y", "scale_e8m0", "packed_fp4"}));
    const IoTensor& x = plan.ioTensors[0];
    QVERIFY(x.input);
    QCOMPARE(x.precision, QString("FP32"));
    QCOMPARE(x.profiles.size(), std::size_t(1));
    QCOMPARE(x.profiles[0].optShape, std::vector<qint64>({8, 1, 28, 28}));
    QCOMPARE(plan.ioDescriptions().inputs,
             QStringList({"x: FP32 [-1, 1, 28, 28], FP32 NCHW (min [1, 1, 28, 28], opt [8, 1, 28, "
                          "28], max [32, 1, 28, 28])"}));
    QCOMPARE(plan.ioDescriptions().outputs.size(), 3);
    QCOMPARE(plan.ioDescriptions().outputs[2], QString("packed_fp4: FP4 [-1, 5]"));
    QCOMPARE(plan.inputBindings().size(), std::size_t(1));
    QCOMPARE(plan.outputBindings().size(), std::size_t(3));
    // A graph with I/O tensors has its bindings: no warning.
    const PlanCheck check = checkPlan(plan);
    QVERIFY(!resultOf(check, QLatin1String("no-bindings")));
}

// The layers' Constants are their weights: the correlation's 32x1x5x5 and 32 FP16 values, the
// GEMM's 6272x10 FP16 matrix and one FP32 alpha.
void TestTrt11Plans::countsConstantsAsWeights() {
    const EnginePlan plan = loadPlan(fixturePath("trt11.graph.json"));
    QCOMPARE(layerWeights(plan, "node_conv1_myl0_0"), 32 * 25 * 2 + 32 * 2.0);
    QCOMPARE(layerWeights(plan, "node_linear_myl0_2"), 6272 * 10 * 2 + 4.0);
    QCOMPARE(layerWeights(plan, "__myl_MaxResh_myl0_1"), 0.0);
    QCOMPARE(plan.totalWeightsBytes(), 127108.0);
    // The split Format and Datatype give the layers their precision.
    QCOMPARE(plan.findLayer("node_linear_myl0_2")->precision, QString("FP16"));
    QCOMPARE(plan.findLayer("node_linear_myl0_2")->outputPrecision, QString("FP32"));
    QCOMPARE(plan.findLayer("__myl_Cast_myl0_3")->outputs[1].format(), QString("FP4"));
}

// The same engine, written as TensorRT 10 and as TensorRT 11 would, reads to the same figures:
// AlexNet's GEMM weight matrices are weights either way (122.2 MB), not activations.
void TestTrt11Plans::readsTrt11CopyOfAlexNetAlike() {
    const QString prefix = dataPath(kAlexNet + "/alexnet_fp16");
    const EnginePlan trt10 = loadPlan(prefix);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    writeJson(dir.filePath("alexnet_fp16.graph.json"), asTrt11(readJson(prefix + ".graph.json")));
    QVERIFY(QFile::copy(prefix + ".profile.json", dir.filePath("alexnet_fp16.profile.json")));
    const EnginePlan trt11 = loadPlan(dir.filePath("alexnet_fp16"));

    QCOMPARE(trt11.ioTensors.size(), std::size_t(2));
    QCOMPARE(trt11.bindings, trt10.bindings);
    QCOMPARE(trt11.layers.size(), trt10.layers.size());
    for (std::size_t i = 0; i < trt10.layers.size(); ++i) {
        const Layer& a = trt10.layers[i];
        const Layer& b = trt11.layers[i];
        QCOMPARE(b.name, a.name);
        QCOMPARE(b.precision, a.precision);
        QCOMPARE(b.weightsBytes, a.weightsBytes);
        QCOMPARE(b.ioBytes, a.ioBytes);
        QCOMPARE(b.timing.averageMs, a.timing.averageMs);
    }
    QCOMPARE(trt10.totalWeightsBytes(), 122199400.0);
    QCOMPARE(trt11.totalWeightsBytes(), trt10.totalWeightsBytes());
    QCOMPARE(trt10.totalActivationBytes(), 3268048.0);
    QCOMPARE(trt11.totalActivationBytes(), trt10.totalActivationBytes());
    QCOMPARE(trt11.totalAverageMs(), trt10.totalAverageMs());
    QCOMPARE(trt11.inputBindings().front()->description(),
             trt10.inputBindings().front()->description());
    QCOMPARE(trt11.ioDescriptions().inputs, QStringList({"input: FP16 [1, 3, 224, 224]"}));
}

// Without Bindings or I/O tensors the plan has no inputs, and a weight read as a tensor cannot
// be told from one: check says so.
void TestTrt11Plans::warnsWithoutBindings() {
    const QString prefix = dataPath(kAlexNet + "/alexnet_fp16");
    Json graph = readJson(prefix + ".graph.json");
    graph.erase("Bindings");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    writeJson(dir.filePath("alexnet_fp16.graph.json"), graph);
    const EnginePlan plan = loadPlan(dir.filePath("alexnet_fp16.graph.json"));
    QVERIFY(plan.inputBindings().empty());
    const PlanCheck check = checkPlan(plan);
    const CheckResult* r = resultOf(check, QLatin1String("no-bindings"));
    QVERIFY(r);
    QCOMPARE(r->level, CheckLevel::Warning);
    QVERIFY2(r->message.contains("alexnet_fp16.graph.json"), qPrintable(r->message));
}

// The mnist H100 log holds the graph (--dumpLayerInfo) and the build's memory: its Myelin GEMMs
// list no weights, so the graph's 203.1 KB stand against the engine's 12.5 MB.
void TestTrt11Plans::comparesWeightsWithTheBuild() {
    const EnginePlan plan =
        loadPlan(dataPath("realworld/mnist-trt10.16-h100/trtexec-result-04.log"));
    const PlanCheck check = checkPlan(plan);
    QCOMPARE(check.figures.weightsBytes, 208000.0);
    QCOMPARE(check.figures.buildWeightsBytes, 13100672.0);
    QCOMPARE(check.figures.buildActivationBytes, 125440.0);
    const CheckResult* weights = resultOf(check, QLatin1String("weights-vs-build"));
    QVERIFY(weights);
    QCOMPARE(weights->level, CheckLevel::Warning);
    QVERIFY2(weights->message.contains("list 203.1 KB of weights") &&
                 weights->message.contains("holds 12.5 MB (Total Weights Memory)") &&
                 weights->message.contains("The graph lists 1.6 % of them"),
             qPrintable(weights->message));
    const CheckResult* activations = resultOf(check, QLatin1String("activations-vs-build"));
    QVERIFY(activations);
    QCOMPARE(activations->level, CheckLevel::Note);
    QCOMPARE(activations->details["build_activation_bytes"].get<double>(), 125440.0);
}

// A build log whose Total Weights Memory is within 10 % of the listed weights: a note.
void TestTrt11Plans::agreesWithAMatchingBuild() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile log(dir.filePath("build.log"));
    QVERIFY(log.open(QIODevice::WriteOnly));
    log.write("&&&& RUNNING TensorRT.trtexec [TensorRT v110100] # trtexec --onnx=mnist.onnx\n"
              "[11/27/2026-05:00:00] [I] [TRT] Total Activation Memory: 40000 bytes\n"
              "[11/27/2026-05:00:00] [I] [TRT] Total Weights Memory: 130000 bytes\n");
    log.close();
    LoadOptions options;
    options.logs = {log.fileName()};
    const PlanCheck check = checkPlan(loadPlan(fixturePath("trt11.graph.json"), options));
    const CheckResult* weights = resultOf(check, QLatin1String("weights-vs-build"));
    QVERIFY(weights);
    QCOMPARE(weights->level, CheckLevel::Note);
    QVERIFY2(weights->message.contains("They are 2.2 % apart"), qPrintable(weights->message));
    QCOMPARE(weights->details["apart"].get<double>(), (130000 - 127108) / 130000.0);
    // The fixture's shapes are dynamic: its activations are unknown, so nothing to compare.
    QVERIFY(!resultOf(check, QLatin1String("activations-vs-build")));
}

PLANSCOPE_TEST_MAIN(TestTrt11Plans, QCoreApplication)
#include "tst_trt11_plans.moc"
