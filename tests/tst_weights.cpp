#include "CliRun.h"
#include "TestSupport.h"
#include "WeightModels.h"
#include "io/PlanLoader.h"
#include "onnxmodel/ModelWeights.h"
#include "onnxmodel/WeightFigures.h"
#include "onnxread/OnnxModelReader.h"
#include "plan/PlanError.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <cmath>

using planscope::test::dataPath;
using planscope::test::runPlanscope;

namespace {

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

// Compares a figure PlanScope printed with the one numpy computed (null both, or both near).
void compareFigure(const QJsonValue& got, const QJsonValue& want, const QString& what) {
    if (want.isNull()) {
        QVERIFY2(got.isNull(), qPrintable(what + " should be null"));
    } else if (want.isString()) {
        QCOMPARE(got.toString(), want.toString());
    } else {
        QVERIFY2(got.isDouble(), qPrintable(what + " is missing"));
        QVERIFY2(near(got.toDouble(), want.toDouble()),
                 qPrintable(QStringLiteral("%1: %2, numpy %3")
                                .arg(what)
                                .arg(got.toDouble(), 0, 'g', 17)
                                .arg(want.toDouble(), 0, 'g', 17)));
    }
}

QJsonObject jsonOf(const QByteArray& text) {
    return QJsonDocument::fromJson(text).object();
}

} // namespace

// The ONNX model beside a plan: planscope weights and export-overlay on models made by
// make_weight_models.py, every figure against numpy's.
class TestWeights : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void figuresEqualNumpys();
    void coverageNamesTheNodesInNoLayer();
    void readsExternalData();
    void readsConstantNodesAsWeights();
    void printsCsvAndText();
    void keepsNoPointerIntoTheModel();
    void leavesNonFiniteValuesOut();
    void saysWhenTheModelIsCutWhileRead();
    void refusesBadModels_data();
    void refusesBadModels();
    void overlayKeysNodesAndSumsToTheLatency();
    void overlayWithoutModelIsOneGraph();
    void overlaySaysTheTimeOnNoNode();
    void overlayTexts_data();
    void overlayTexts();
    void overlayAccuracy();
    void summaryGivesTheCoverage();
    void lintAndReportReadTheModel();

  private:
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString plan() const { return path(QStringLiteral("plan/mnist.graph.json")); }
    QTemporaryDir m_dir;
    QJsonObject m_expected;
};

void TestWeights::initTestCase() {
    QVERIFY(m_dir.isValid());
    const QString made = planscope::test::makeWeightModels(m_dir.path());
    QVERIFY2(made.isEmpty(), qPrintable(made));
    QFile expected(path(QStringLiteral("expected.json")));
    QVERIFY(expected.open(QIODevice::ReadOnly));
    m_expected = jsonOf(expected.readAll());
    QVERIFY(!m_expected.isEmpty());
}

void TestWeights::figuresEqualNumpys() {
    const auto run = runPlanscope({"weights", plan(), "--onnx", path("mnist.onnx"), "--json"});
    QVERIFY2(run.status == 0, qPrintable(run.err));
    const QJsonObject got = jsonOf(run.out);
    QCOMPARE(got["graph"].toString(), m_expected["graph"].toString());
    QCOMPARE(got["params"].toInteger(), m_expected["params"].toInteger());
    QCOMPARE(got["params_in_layers"].toInteger(), m_expected["params"].toInteger());
    const QJsonArray layers = got["layers"].toArray();
    const QJsonArray wanted = m_expected["layers"].toArray();
    // Layers naming a node of the model: the pooling layers (no weights) too.
    QCOMPARE(layers.size(), 8);
    int compared = 0;
    for (const QJsonValue want : wanted) {
        const auto found = std::find_if(layers.begin(), layers.end(), [&](const QJsonValue& l) {
            return l["index"] == want["index"];
        });
        QVERIFY(found != layers.end());
        const QJsonObject layer = found->toObject();
        const QString at = QStringLiteral("layer %1 ").arg(want["index"].toInt());
        QCOMPARE(layer["nodes"].toArray(), want["nodes"].toArray());
        QCOMPARE(layer["params"].toInteger(), want["params"].toInteger());
        for (const char* key : {"dtype", "min", "max", "mean", "std", "zero_percent",
                                "sparse_2_4_percent", "channel_range_ratio"})
            compareFigure(layer[key], want[key], at + key);
        const QJsonArray scales = layer["scales"].toArray();
        QCOMPARE(scales.size(), want["scales"].toArray().size());
        for (qsizetype i = 0; i < scales.size(); ++i)
            compareFigure(scales[i], want["scales"][i], at + "scale");
        const QJsonArray histogram = layer["histogram"].toArray();
        QCOMPARE(histogram.size(), 32);
        for (qsizetype i = 0; i < histogram.size(); ++i)
            for (qsizetype j = 0; j < 3; ++j)
                compareFigure(histogram[i][j], want["histogram"][i][j], at + "histogram");
        ++compared;
    }
    QCOMPARE(compared, 5);
    // The planted facts read as such: the outlier channel, the 2:4 pattern.
    QVERIFY(layers[0]["outlier_channel"].toBool());
    QCOMPARE(layers[0]["channel_range_ratio"].toDouble() > 10, true);
    const auto conv2 = std::find_if(layers.begin(), layers.end(),
                                    [](const QJsonValue& l) { return l["index"] == 2; });
    QCOMPARE(conv2->toObject()["sparse_2_4_percent"].toDouble(), 100.0);
    QCOMPARE(conv2->toObject()["zero_percent"].toDouble(), 50.0); // two zeros in each four
}

void TestWeights::coverageNamesTheNodesInNoLayer() {
    const auto run = runPlanscope({"weights", plan(), "--onnx", path("mnist.onnx"), "--json"});
    const QJsonObject got = jsonOf(run.out);
    QCOMPARE(got["onnx_nodes"].toInt(), m_expected["onnx_nodes"].toInt());
    QCOMPARE(got["nodes_in_layers"].toInt(), m_expected["nodes_in_layers"].toInt());
    QCOMPARE(got["nodes_without_layer"].toArray(), m_expected["nodes_without_layer"].toArray());
    compareFigure(got["node_share_percent"], 100.0 * 11 / 13, QStringLiteral("node share"));
    compareFigure(got["param_share_percent"], 100.0, QStringLiteral("param share"));
}

void TestWeights::readsExternalData() {
    const auto inside = runPlanscope({"weights", plan(), "--onnx", path("mnist.onnx"), "--json"});
    const auto outside =
        runPlanscope({"weights", plan(), "--onnx", path("external/mnist.onnx"), "--json"});
    QVERIFY2(outside.status == 0, qPrintable(outside.err));
    QJsonObject a = jsonOf(inside.out);
    QJsonObject b = jsonOf(outside.out);
    a.remove("model");
    b.remove("model");
    QCOMPARE(b, a);
}

void TestWeights::readsConstantNodesAsWeights() {
    const auto run =
        runPlanscope({"weights", plan(), "--onnx", path("constant-weights.onnx"), "--json"});
    QVERIFY2(run.status == 0, qPrintable(run.err));
    const QJsonObject got = jsonOf(run.out);
    QCOMPARE(got["params"].toInteger(), m_expected["params"].toInteger());
    const QJsonArray without = got["nodes_without_layer"].toArray();
    QVERIFY(without.contains(QJsonObject{{"name", "fc1.bias_constant"}, {"op", "Constant"}}));
    const QJsonArray layers = got["layers"].toArray();
    const auto linear = std::find_if(layers.begin(), layers.end(),
                                     [](const QJsonValue& l) { return l["index"] == 4; });
    QCOMPARE((*linear).toObject()["params"].toInteger(), 1024 * 3136 + 1024);
}

void TestWeights::printsCsvAndText() {
    const auto csv = runPlanscope({"weights", plan(), "--onnx", path("mnist.onnx"), "--csv"});
    QCOMPARE(csv.status, 0);
    const QStringList lines = csv.text().split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 9); // header + 8 layers
    QVERIFY(lines[0].startsWith("index,name,nodes,params,dtype,min,max"));
    QVERIFY(lines[0].endsWith("scales,scale_min,scale_max"));
    const auto text = runPlanscope({"weights", plan(), "--onnx", path("mnist.onnx")});
    QCOMPARE(text.status, 0);
    QVERIFY(text.text().contains("node_view  Reshape"));
    QVERIFY(text.text().contains("[2:4-ready]"));
    QVERIFY(text.text().contains("[outlier channel]"));
}

void TestWeights::keepsNoPointerIntoTheModel() {
    const planscope::EnginePlan plan = planscope::loadPlan(this->plan());
    planscope::ModelWeights weights;
    {
        const planscope::OnnxGraph model = planscope::readOnnxModel(path("mnist.onnx"));
        weights = planscope::weighModel(plan, model);
    } // the model unmapped
    const planscope::LayerWeights* conv2 = weights.forLayer(2);
    QVERIFY(conv2);
    QCOMPARE(conv2->params, 51264);
    QVERIFY(conv2->sparse24Ready());
    QVERIFY(!conv2->hasOutlierChannel());
    QCOMPARE(weights.forLayer(3)->params, 0);    // a pooling layer
    QVERIFY(!weights.forLayer(7)->figures.mean); // node_softmax + node_argmax: no weights
    QVERIFY(!weights.forLayer(8));               // names no node
    QCOMPARE(weights.forLayer(5)->scales.size(), std::size_t(10));
}

void TestWeights::leavesNonFiniteValuesOut() {
    const std::vector<float> values{1, NAN, -2, INFINITY, 0, 3};
    planscope::OnnxInitializer tensor;
    tensor.type = planscope::ElementType::Float;
    tensor.dims = {2, 3}; // output channels on axis 0, three input channels (no group of four)
    tensor.data = std::as_bytes(std::span(values));
    const planscope::WeightFigures f = planscope::weighTensors({{&tensor, 1, 0}});
    QCOMPARE(f.elements, 6);
    QCOMPARE(f.nonFinite, 2);
    QCOMPARE(*f.min, -2.0);
    QCOMPARE(*f.max, 3.0);
    QCOMPARE(*f.mean, 0.5);            // of 1, -2, 0, 3
    QCOMPARE(*f.std, std::sqrt(3.25)); // (0.25 + 6.25 + 0.25 + 6.25) / 4
    QCOMPARE(f.zeros, 1);
    QCOMPARE(f.channelMax, (std::vector<double>{2, 3}));
    QCOMPARE(*f.channelRangeRatio(), 3 / 2.5);
    QVERIFY(!f.sparse24Percent());
    qint64 counted = 0;
    for (const planscope::HistogramBin& bin : f.histogram)
        counted += bin.count;
    QCOMPARE(counted, 4);
}

// Another program cutting the model short after it was read and before its weights are: what was
// cut reads as zeros (no SIGBUS), and the graph says so.
void TestWeights::saysWhenTheModelIsCutWhileRead() {
    const QString copy = path("cut.onnx");
    QVERIFY(QFile::copy(path("mnist.onnx"), copy));
    const planscope::EnginePlan plan = planscope::loadPlan(this->plan());
    const planscope::OnnxGraph model = planscope::readOnnxModel(copy);
    QVERIFY(!model.wasCut());
    QVERIFY(QFile::resize(copy, 4096));
    const planscope::ModelWeights weights = planscope::weighModel(plan, model);
    QVERIFY(model.wasCut());
    QCOMPARE(weights.forLayer(4)->figures.zeros, 1024 * 3136); // fc1: zeros in the model too
    QVERIFY(planscope::cutShort(copy).message().contains("cut.onnx was cut short"));
}

void TestWeights::refusesBadModels_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("says");
    QTest::addColumn<QString>("fix");
    QTest::newRow("text") << "not-a-model.onnx"
                          << "not an ONNX model"
                          << "export it again";
    QTest::newRow("truncated") << "truncated.onnx"
                               << "cut short"
                               << "copy it whole";
    QTest::newRow("other names") << "other-names.onnx"
                                 << "none of its 13 node names"
                                 << "--profilingVerbosity=detailed";
    QTest::newRow("external data missing") << "missing-data/mnist.onnx"
                                           << "mnist.onnx.data"
                                           << "copy mnist.onnx.data into";
    QTest::newRow("no such file") << "absent.onnx"
                                  << "cannot read the model absent.onnx"
                                  << "check the path";
}

void TestWeights::refusesBadModels() {
    QFETCH(QString, model);
    QFETCH(QString, says);
    QFETCH(QString, fix);
    for (const QString& command : {QStringLiteral("weights"), QStringLiteral("export-overlay")}) {
        QStringList arguments{command, plan(), "--onnx", path(model)};
        if (command == "export-overlay")
            arguments << "--metric"
                      << "latency";
        const auto run = runPlanscope(arguments);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(says) && run.err.contains(fix), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }
}

void TestWeights::overlayKeysNodesAndSumsToTheLatency() {
    const QString file = path("latency.json");
    const auto run = runPlanscope({"export-overlay", plan(), "--onnx", path("mnist.onnx"),
                                   "--metric", "latency", "-o", file});
    QVERIFY2(run.status == 0, qPrintable(run.err));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QJsonObject overlay = jsonOf(written.readAll());
    QCOMPARE(overlay.keys(), QStringList{"main_graph"});
    const QJsonObject graph = overlay["main_graph"].toObject();
    // Model Explorer's GraphNodeData: name, results {NODE: {value}}, a gradient from stop 0 to 1.
    QCOMPARE(graph.keys(), (QStringList{"gradient", "name", "results"}));
    const QJsonArray gradient = graph["gradient"].toArray();
    QCOMPARE(gradient.first()["stop"].toDouble(), 0.0);
    QCOMPARE(gradient.last()["stop"].toDouble(), 1.0);
    QVERIFY(gradient.first()["bgColor"].toString().startsWith('#'));
    QSet<QString> nodes;
    for (const QJsonValue name : m_expected["node_names"].toArray())
        nodes.insert(name.toString());
    const QJsonObject results = graph["results"].toObject();
    double sum = 0;
    for (auto it = results.begin(); it != results.end(); ++it) {
        QVERIFY2(nodes.contains(it.key()), qPrintable(it.key()));
        QCOMPARE(it.value().toObject().keys(), QStringList{"value"});
        sum += it.value().toObject()["value"].toDouble();
    }
    QVERIFY(!results.contains("node_view"));
    compareFigure(sum, m_expected["plan_latency_ms"], QStringLiteral("the overlay's sum"));
    // node_conv2d + node_relu: the first layer's 0.0105 ms, split evenly.
    compareFigure(results["node_conv2d"]["value"], 0.0105 / 2, QStringLiteral("node_conv2d"));
    // The last layer names no node: charged to the layer writing its input (softmax, argmax).
    compareFigure(results["node_argmax"]["value"], 0.0044 / 2 + 0.0036 / 2,
                  QStringLiteral("node_argmax"));
    // Share: percent of the plan's time, summing to 100.
    const auto share =
        runPlanscope({"export-overlay", plan(), "--onnx", path("mnist.onnx"), "--metric", "share"});
    double percent = 0;
    const QJsonObject shares = jsonOf(share.out)["main_graph"].toObject()["results"].toObject();
    for (const QJsonValue value : shares)
        percent += value.toObject()["value"].toDouble();
    compareFigure(percent, 100.0, QStringLiteral("the shares' sum"));
}

void TestWeights::overlayWithoutModelIsOneGraph() {
    const auto run = runPlanscope({"export-overlay", plan(), "--metric", "latency"});
    QVERIFY2(run.status == 0, qPrintable(run.err));
    const QJsonObject overlay = jsonOf(run.out);
    QVERIFY(overlay.contains("results"));
    QCOMPARE(overlay["results"].toObject().size(), 11); // the nodes the Metadata names
    const auto bad = runPlanscope({"export-overlay", plan(), "--metric", "speed"});
    QCOMPARE(bad.status, 2);
    QVERIFY(bad.err.contains("latency, share, precision, module, accuracy"));
}

// ControlNet's engine: 278 nodes named by path, and layers connected to none of them, whose time
// is said on stderr; with it, the values sum to the plan's average time (3.592 ms).
void TestWeights::overlaySaysTheTimeOnNoNode() {
    const QString plan =
        dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json");
    const auto run = runPlanscope({"export-overlay", plan, "--metric", "latency"});
    QVERIFY2(run.status == 0, qPrintable(run.err));
    const QRegularExpression said(QStringLiteral("([0-9.]+) ms of the plan's time is on no node"));
    const QRegularExpressionMatch match = said.match(run.err);
    QVERIFY2(match.hasMatch(), qPrintable(run.err));
    double sum = 0;
    for (const QJsonValue value : jsonOf(run.out)["results"].toObject())
        sum += value.toObject()["value"].toDouble();
    QVERIFY(sum > 3);
    QVERIFY(std::abs(sum + match.captured(1).toDouble() - 3.592) < 0.001);
}

void TestWeights::overlayTexts_data() {
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("value");
    QTest::newRow("precision") << "precision"
                               << "node_conv2d"
                               << "FP32";
    QTest::newRow("module") << "module"
                            << "node_linear"
                            << "";
}

void TestWeights::overlayTexts() {
    QFETCH(QString, metric);
    QFETCH(QString, node);
    QFETCH(QString, value);
    const auto run =
        runPlanscope({"export-overlay", plan(), "--onnx", path("mnist.onnx"), "--metric", metric});
    QVERIFY2(run.status == 0, qPrintable(run.err));
    const QJsonObject graph = jsonOf(run.out)["main_graph"].toObject();
    QVERIFY(!graph.contains("gradient"));
    QCOMPARE(graph["results"][node]["value"].toString(), value);
}

// The largest relative error polygraphy measured on the tensor each node writes (the shared log
// of the mnist model: TensorRT against ONNX-Runtime, every tensor marked).
void TestWeights::overlayAccuracy() {
    const QString log = dataPath("realworld/polygraphy-mnist-trt10.16/polygraphy-run-04.log");
    const auto withModel = runPlanscope({"export-overlay", plan(), "--onnx", path("mnist.onnx"),
                                         "--metric", "accuracy", "--accuracy", log});
    QVERIFY2(withModel.status == 0, qPrintable(withModel.err));
    const QJsonObject model = jsonOf(withModel.out)["main_graph"].toObject()["results"].toObject();
    // The model's nodes by their outputs: node_linear writes linear, node_view view.
    compareFigure(model["node_linear"].toObject()["value"], 0.00050607, "node_linear");
    compareFigure(model["node_view"].toObject()["value"], 1.0078e-05, "node_view");
    compareFigure(model["node_softmax"].toObject()["value"], 2.9738e-06, "node_softmax (y)");
    compareFigure(model["node_conv2d"].toObject()["value"], 0.0, "node_conv2d");
    // Without the model, polygraphy's names read as the exporters name nodes: node_ + tensor.
    const auto alone =
        runPlanscope({"export-overlay", plan(), "--metric", "accuracy", "--accuracy", log});
    QVERIFY2(alone.status == 0, qPrintable(alone.err));
    const QJsonObject results = jsonOf(alone.out)["results"].toObject();
    compareFigure(results["node_softmax"].toObject()["value"], 2.2844e-07, "node_softmax");
    QVERIFY(!results.contains("node_view")); // no layer names it
    const auto noLog = runPlanscope({"export-overlay", plan(), "--metric", "accuracy"});
    QCOMPARE(noLog.status, 2);
    QVERIFY(noLog.err.contains("--accuracy LOG"));
}

// summary --onnx: the nodes and weights that reached a layer, and the nodes in no layer by op.
void TestWeights::summaryGivesTheCoverage() {
    const auto json = runPlanscope({"summary", plan(), "--onnx", path("mnist.onnx"), "--json"});
    QVERIFY2(json.status == 0, qPrintable(json.err));
    const QJsonObject model = jsonOf(json.out)["onnx_model"].toObject();
    QCOMPARE(model["graph"].toString(), QString("main_graph"));
    QCOMPARE(model["onnx_nodes"].toInt(), 13);
    QCOMPARE(model["nodes_in_layers"].toInt(), 11);
    QCOMPARE(model["nodes_without_layer"].toInt(), 2);
    compareFigure(model["node_share_percent"], 100.0 * 11 / 13, "node share");
    QCOMPARE(model["params"].toInteger(), m_expected["params"].toInteger());
    compareFigure(model["param_share_percent"], 100.0, "param share");
    // Without --onnx the key is absent, the rest the same.
    const auto alone = runPlanscope({"summary", plan(), "--json"});
    QJsonObject without = jsonOf(json.out);
    without.remove("onnx_model");
    QCOMPARE(jsonOf(alone.out), without);
    const auto text = runPlanscope({"summary", plan(), "--onnx", path("mnist.onnx")});
    QCOMPARE(text.status, 0);
    QVERIFY2(text.text().contains("\tNodes: 13, in a layer: 11 (84.6 %)\n"),
             qPrintable(text.text()));
    QVERIFY(text.text().contains("\tNodes in no layer: 2 (Reshape 1, DequantizeLinear 1)\n"));
    QVERIFY(text.text().contains("read by a layer: 100.0 %"));
    const auto other = runPlanscope({"summary", plan(), "--onnx", path("other-names.onnx")});
    QCOMPARE(other.status, 2);
    QVERIFY2(other.err.contains("other-names.onnx: none of its 13 node names"),
             qPrintable(other.err));
}

// lint --onnx runs the weights' rules (nothing on this plan: its 2:4-ready conv2 runs an sm50
// kernel and no device is described; conv1's outlier is FP32); report --onnx has the Weights
// section and charts; export-chart --onnx draws them.
void TestWeights::lintAndReportReadTheModel() {
    const auto with = runPlanscope({"lint", plan(), "--onnx", path("mnist.onnx"), "--json"});
    QVERIFY2(with.status == 0, qPrintable(with.err));
    QCOMPARE(jsonOf(with.out), jsonOf(runPlanscope({"lint", plan(), "--json"}).out));
    const auto refused = runPlanscope({"lint", plan(), "--onnx", path("not-a-model.onnx")});
    QCOMPARE(refused.status, 2);
    QVERIFY2(refused.err.contains("not-a-model.onnx"), qPrintable(refused.err));
    const QString html = path("report.html");
    const auto report = runPlanscope({"report", plan(), "--onnx", path("mnist.onnx"), "-o", html});
    QVERIFY2(report.status == 0, qPrintable(report.err));
    QFile file(html);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString written = QString::fromUtf8(file.readAll());
    QVERIFY(written.contains("id=\"weights\""));
    QVERIFY(written.contains("13, in a layer: 11 (84.6 %)"));
    QVERIFY(written.contains("2:4 readiness per layer"));
    const QString svg = path("ready.svg");
    const auto chart = runPlanscope({"export-chart", plan(), "--onnx", path("mnist.onnx"),
                                     "--chart", "sparsity-readiness", "-o", svg});
    QVERIFY2(chart.status == 0, qPrintable(chart.err));
    QVERIFY(QFileInfo(svg).size() > 1000);
    // export-graph --color sparsity: 2:4-ready conv2 and fc1 (all zeros) yellow, fc2's INT8
    // weights (0 %) dark, a pooling layer grey; it needs the model.
    const QString dot = path("sparsity.dot");
    const auto graph = runPlanscope(
        {"export-graph", plan(), "--onnx", path("mnist.onnx"), "--color", "sparsity", "-o", dot});
    QVERIFY2(graph.status == 0, qPrintable(graph.err));
    QFile dotFile(dot);
    QVERIFY(dotFile.open(QIODevice::ReadOnly));
    const QString drawn = QString::fromUtf8(dotFile.readAll());
    QVERIFY2(drawn.contains(R"(node_conv2d_1\nnode_relu_1", fillcolor="#fde725")"),
             qPrintable(drawn));
    QVERIFY(drawn.contains(R"(node_linear_myl4_0", fillcolor="#fde725")"));
    QVERIFY(drawn.contains(R"(__myl_MulSum_myl4_1", fillcolor="#440154")"));
    QVERIFY(drawn.contains(R"(node_max_pool2d", fillcolor="#dddddd")"));
    const auto unweighed = runPlanscope({"export-graph", plan(), "--color", "sparsity", "-o", dot});
    QCOMPARE(unweighed.status, 2);
    QVERIFY(unweighed.err.contains("--color sparsity needs the ONNX model: --onnx MODEL"));
    const auto compare = runPlanscope(
        {"report", "--compare", plan(), plan(), "--onnx", path("mnist.onnx"), "-o", html});
    QCOMPARE(compare.status, 2);
}

PLANSCOPE_TEST_MAIN(TestWeights, QCoreApplication)
#include "tst_weights.moc"
