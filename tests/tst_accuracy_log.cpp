#include "TestSupport.h"
#include "accuracy/AccuracyJson.h"
#include "accuracy/AccuracyLogReader.h"
#include "io/PlanLoader.h"
#include "plan/PlanError.h"

#include <cmath>
#include <limits>

using namespace planscope;
using namespace planscope::test;

namespace {

const QString kLogs = QStringLiteral("realworld/polygraphy-mnist-trt10.16/");
const QString kMnist =
    QStringLiteral("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log");
const QString kOverflow = QStringLiteral("polygraphy-fp16-overflow.log");

QString errorOf(const QString& path) {
    try {
        readAccuracyLog(path);
    } catch (const PlanError& e) {
        return e.message();
    }
    return {};
}

} // namespace

class TestAccuracyLog : public QObject {
    Q_OBJECT
  private slots:
    void readsRealLogs_data();
    void readsRealLogs();
    void readsStatsAndHistograms();
    void readsValidations();
    void readsHistograms_data();
    void readsHistograms();
    void namesOverflow_data();
    void namesOverflow();
    void overflowOfStats_data();
    void overflowOfStats();
    void headsValidationRuns_data();
    void headsValidationRuns();
    void readsFailuresWithoutPrefixes();
    void mapsTensorsToLayers();
    void saysWhenNoTensorMatchesThePlan();
    void badInput_data();
    void badInput();
    void cutShortSaysSo();
    void writesJson();
    void writesOverflowJson();
};

// Counted in the logs by hand: tensors compared, runners, iterations, validations.
void TestAccuracyLog::readsRealLogs_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<int>("tensors");
    QTest::addColumn<int>("runners");
    QTest::addColumn<int>("iterations");
    QTest::addColumn<int>("validations");
    QTest::addColumn<int>("commands");
    QTest::newRow("mark all") << "polygraphy-run-04.log" << 12 << 2 << 1 << 0 << 1;
    QTest::newRow("two outputs") << "polygraphy-run-05.log" << 2 << 2 << 1 << 0 << 1;
    QTest::newRow("validate") << "polygraphy-run-08.log" << 0 << 2 << -1 << 3 << 2;
}

void TestAccuracyLog::readsRealLogs() {
    QFETCH(QString, log);
    QFETCH(int, tensors);
    QFETCH(int, runners);
    QFETCH(int, iterations);
    QFETCH(int, validations);
    QFETCH(int, commands);
    const AccuracyLog read = readAccuracyLog(dataPath(kLogs + log));
    QCOMPARE(int(read.tensors.size()), tensors);
    QCOMPARE(int(read.runners.size()), runners);
    QCOMPARE(read.iterationsTotal.value_or(-1), iterations);
    QCOMPARE(int(read.validations.size()), validations);
    QCOMPARE(int(read.commands.size()), commands);
    QVERIFY(read.warnings.isEmpty());
    for (const ComparedTensor& t : read.tensors) {
        QCOMPARE(t.passed, std::optional<bool>(true));
        QCOMPARE(t.check, QStringLiteral("elemwise"));
        QCOMPARE(*t.absTol, 0.001);
        QCOMPARE(int(t.runners.size()), 2);
    }
}

void TestAccuracyLog::readsStatsAndHistograms() {
    const AccuracyLog log = readAccuracyLog(dataPath(kLogs + "polygraphy-run-04.log"));
    QCOMPARE(log.runners.front(), QStringLiteral("onnxrt-runner-N0-07/07/26-02:08:48"));
    QCOMPARE(*log.passRate, 100.0);
    const ComparedTensor& conv = log.tensors.front();
    QCOMPARE(conv.name, QStringLiteral("conv2d"));
    QCOMPARE(conv.dtype, QStringLiteral("float32"));
    QCOMPARE(conv.shape, QStringLiteral("(4, 32, 28, 28)"));
    const ArrayStats& onnx = conv.runners.front().stats;
    QCOMPARE(conv.runners.front().runner, log.runners.front());
    QCOMPARE(*onnx.mean, -0.016273);
    QCOMPARE(*onnx.min, -1.0771);
    QCOMPARE(onnx.minAt, QStringLiteral("(1, 24, 23, 18)"));
    QCOMPARE(*onnx.p99, 0.68315);
    QCOMPARE(int(onnx.histogram.size()), 10);
    QCOMPARE(onnx.histogram.front().low, -1.08);
    QCOMPARE(onnx.histogram.front().high, -0.863);
    QCOMPARE(onnx.histogram.front().count, qint64(27));
    QCOMPARE(onnx.histogram[4].count, qint64(29484));
    QCOMPARE(conv.absError.histogram[5].count, qint64(100352));
    const ComparedTensor& linear = log.tensors[7];
    QCOMPARE(linear.name, QStringLiteral("linear"));
    QCOMPARE(*linear.requiredAbs, 9.3132e-09);
    QCOMPARE(*linear.requiredRel, 0.00050607);
    QCOMPARE(*linear.relError.max, 0.00050607);
    QCOMPARE(linear.relError.maxAt, QStringLiteral("(2, 530)"));
    QCOMPARE(log.firstFailed(), -1);
    QVERIFY(!log.anyFailed());
}

void TestAccuracyLog::readsValidations() {
    const AccuracyLog log = readAccuracyLog(dataPath(kLogs + "polygraphy-run-08.log"));
    QCOMPARE(log.validations[0].output, QStringLiteral("y"));
    QCOMPARE(log.validations[0].passed, std::optional<bool>(true));
    QCOMPARE(*log.validations[0].stats.mean, -0.0052072);
    const OutputValidation& invalid = log.validations[2];
    QCOMPARE(invalid.output, QStringLiteral("InvalidModel-V-0-Div-0"));
    QCOMPARE(invalid.passed, std::optional<bool>(false));
    QVERIFY(invalid.inf);
    QVERIFY(!invalid.nan);
    QVERIFY(std::isinf(*invalid.stats.mean));
    QVERIFY(std::isnan(*invalid.stats.std));
    QVERIFY(log.anyFailed());
}

// The fixture's histograms as polygraphy prints them: at FP16's 65504 every edge prints
// "6.55e+04"; edges padded to a column ("-5.9e+04 "); none where values are inf.
void TestAccuracyLog::readsHistograms_data() {
    QTest::addColumn<int>("tensor");
    QTest::addColumn<int>("runner");
    QTest::addColumn<int>("bins");
    QTest::addColumn<double>("low");  // the first bin's
    QTest::addColumn<double>("high"); // the last bin's
    QTest::addColumn<int>("peak");    // the bin with most elements
    QTest::addColumn<qint64>("most");
    QTest::newRow("saturated, alike") << 1 << 0 << 10 << 65500.0 << 65500.0 << 3 << qint64(2048);
    QTest::newRow("near 65504, alike") << 1 << 1 << 10 << 65500.0 << 65500.0 << 5 << qint64(409);
    QTest::newRow("padded edges") << 3 << 0 << 10 << -81900.0 << -49200.0 << 5 << qint64(1229);
    QTest::newRow("inf: none") << 2 << 0 << 0 << 0.0 << 0.0 << -1 << qint64(0);
}

void TestAccuracyLog::readsHistograms() {
    QFETCH(int, tensor);
    QFETCH(int, runner);
    QFETCH(int, bins);
    QFETCH(double, low);
    QFETCH(double, high);
    QFETCH(int, peak);
    QFETCH(qint64, most);
    const AccuracyLog log = readAccuracyLog(fixturePath(kOverflow));
    QVERIFY(log.warnings.isEmpty());
    const std::vector<HistogramBin>& histogram =
        log.tensors[std::size_t(tensor)].runners[std::size_t(runner)].stats.histogram;
    QCOMPARE(int(histogram.size()), bins);
    if (bins == 0)
        return;
    QCOMPARE(histogram.front().low, low);
    QCOMPARE(histogram.back().high, high);
    const auto top =
        std::max_element(histogram.begin(), histogram.end(),
                         [](const auto& a, const auto& b) { return a.count < b.count; });
    QCOMPARE(int(top - histogram.begin()), peak);
    QCOMPARE(top->count, most);
    qint64 elements = 0;
    for (const HistogramBin& b : histogram)
        elements += b.count;
    QCOMPARE(elements, qint64(2048)); // (1, 8, 16, 16)
}

// A runner whose min or max sits at FP16's largest value, or is infinite, is named.
void TestAccuracyLog::namesOverflow_data() {
    QTest::addColumn<int>("tensor");
    QTest::addColumn<QString>("text");
    QTest::newRow("within range") << 0 << "";
    QTest::newRow("saturated at 65504") << 1 << "trt-runner-N0 at 65504";
    QTest::newRow("overflow to inf") << 2 << "trt-runner-N0 at inf";
    QTest::newRow("saturated at -65504") << 3 << "trt-runner-N0 at -65504";
}

void TestAccuracyLog::namesOverflow() {
    QFETCH(int, tensor);
    QFETCH(QString, text);
    const AccuracyLog log = readAccuracyLog(fixturePath(kOverflow));
    QCOMPARE(log.tensors[std::size_t(tensor)].overflowText(), text);
    QCOMPARE(log.firstOverflow(), 1); // add_out_1 passed its check, yet saturated
    QCOMPARE(log.firstFailed(), 2);
    QCOMPARE(log.failedTensors(), 2);
}

void TestAccuracyLog::overflowOfStats_data() {
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<bool>("saturated");
    QTest::addColumn<bool>("infinite");
    QTest::addColumn<QString>("bounds");
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("in range") << -3.0 << 4.0 << false << false << "";
    QTest::newRow("FP32 past 65504") << -1.0 << 131060.0 << false << false << "";
    QTest::newRow("just below") << -65503.0 << 65503.0 << false << false << "";
    QTest::newRow("all at 65504") << 65504.0 << 65504.0 << true << false << "at 65504";
    QTest::newRow("both ends") << -65504.0 << 65504.0 << true << false << "at -65504 and 65504";
    QTest::newRow("-inf and 65504") << -inf << 65504.0 << true << true << "at -inf and 65504";
}

void TestAccuracyLog::overflowOfStats() {
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(bool, saturated);
    QFETCH(bool, infinite);
    QFETCH(QString, bounds);
    ArrayStats stats;
    stats.min = min;
    stats.max = max;
    QCOMPARE(overflowOf(stats).saturated, saturated);
    QCOMPARE(overflowOf(stats).infinite, infinite);
    QCOMPARE(overflowBoundsText(stats), bounds);
    QVERIFY(!overflowOf(ArrayStats{}).any()); // no stats, nothing known to overflow
}

void TestAccuracyLog::headsValidationRuns_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<bool>("validationOnly");
    QTest::addColumn<QString>("runners");
    QTest::addColumn<QString>("heading");
    QTest::newRow("--validate, one runner a run")
        << "polygraphy-run-08.log" << true
        << "onnxrt-runner-N0-07/07/26-02:09:57, onnxrt-runner-N0-07/07/26-02:09:59"
        << "a validation run (--validate): 3 outputs checked for NaN and Inf, 1 failed; no "
           "runners compared";
    QTest::newRow("a comparison") << "polygraphy-run-05.log" << false
                                  << "onnxrt-runner-N0-07/07/26-02:09:06 vs. "
                                     "trt-runner-N0-07/07/26-02:09:06"
                                  << "";
}

void TestAccuracyLog::headsValidationRuns() {
    QFETCH(QString, log);
    QFETCH(bool, validationOnly);
    QFETCH(QString, runners);
    QFETCH(QString, heading);
    const AccuracyLog read = readAccuracyLog(dataPath(kLogs + log));
    QCOMPARE(read.validationOnly(), validationOnly);
    QCOMPARE(read.runnersText(), runners);
    if (validationOnly)
        QCOMPARE(read.validationText(), heading);
}

void TestAccuracyLog::readsFailuresWithoutPrefixes() {
    const AccuracyLog log = readAccuracyLog(fixturePath("polygraphy-fp16-failed.log"));
    QCOMPARE(int(log.tensors.size()), 2);
    QCOMPARE(log.firstFailed(), 0);
    const ComparedTensor& conv = log.tensors[0];
    QCOMPARE(conv.passed, std::optional<bool>(false));
    QCOMPARE(conv.dtype, QStringLiteral("float16"));
    QCOMPARE(*conv.requiredRel, 0.25);
    QCOMPARE(conv.runners[0].runner, QStringLiteral("trt-runner-N0-01/02/26-10:00:00"));
    QCOMPARE(*conv.runners[1].stats.mean, 0.5001);
    const ComparedTensor& logits = log.tensors[1];
    QCOMPARE(logits.check, QStringLiteral("median"));
    QCOMPARE(logits.passed, std::optional<bool>(false));
    QVERIFY(logits.failure.contains("different shapes"));
    QVERIFY(!logits.absError.present);
    QCOMPARE(*log.iterationsPassed, 0);
}

// ONNX names of the mnist engine (TensorRT 10.16, PyTorch's dynamo exporter: node_X writes X).
void TestAccuracyLog::mapsTensorsToLayers() {
    const AccuracyLog log = readAccuracyLog(dataPath(kLogs + "polygraphy-run-04.log"));
    const EnginePlan plan = loadPlan(dataPath(kMnist));
    const std::vector<TensorLayer> mapping = mapTensorsToLayers(log, plan);
    QList<int> layers;
    for (const TensorLayer& m : mapping)
        layers << m.layer;
    // conv2d relu max_pool2d conv2d_1 relu_1 max_pool2d_1 view linear relu_2 y softmax z
    QCOMPARE(layers, (QList<int>{0, 0, 1, 2, 2, 3, -1, 4, 4, 6, 7, 8}));
    QCOMPARE(mapping[0].how, TensorLayer::How::OnnxNode);
    QCOMPARE(mapping[0].node, QStringLiteral("node_conv2d"));
    QCOMPARE(mapping[1].how, TensorLayer::How::Writes);
    // The older exporter's "_output_0" tensors map to their node.
    EnginePlan older;
    Layer conv;
    conv.metadata = QStringLiteral("[ONNX Layer: /layer1/Conv]+[ONNX Layer: /layer1/Relu]");
    older.layers = {conv};
    const AccuracyLog failed = readAccuracyLog(fixturePath("polygraphy-fp16-failed.log"));
    const std::vector<TensorLayer> m = mapTensorsToLayers(failed, older);
    QCOMPARE(m[0].layer, 0);
    QCOMPARE(m[0].node, QStringLiteral("/layer1/Conv"));
    QCOMPARE(m[1].layer, -1);
    const auto errors = layerRelativeErrors(failed, m, 1);
    QCOMPARE(*errors[0], 0.25);
}

// The mnist log on another model's plan: no layer writes its tensors or names their nodes.
void TestAccuracyLog::saysWhenNoTensorMatchesThePlan() {
    const AccuracyLog log = readAccuracyLog(dataPath(kLogs + "polygraphy-run-04.log"));
    const EnginePlan mnist = loadPlan(dataPath(kMnist));
    const std::vector<TensorLayer> onMnist = mapTensorsToLayers(log, mnist);
    QCOMPARE(mappedTensors(onMnist), 11);
    QCOMPARE(unmatchedPlanText(log, mnist, onMnist), QString());
    const EnginePlan other = loadPlan(fixturePath("lint.graph.json"));
    const std::vector<TensorLayer> onOther = mapTensorsToLayers(log, other);
    QCOMPARE(mappedTensors(onOther), 0);
    const QString text = unmatchedPlanText(log, other, onOther);
    QVERIFY2(text.startsWith("No layer of " + other.name + " writes any of the log's 12 tensors"),
             qPrintable(text));
    // A validation run compares no tensor: nothing to match.
    const AccuracyLog validated = readAccuracyLog(dataPath(kLogs + "polygraphy-run-08.log"));
    QCOMPARE(unmatchedPlanText(validated, other, mapTensorsToLayers(validated, other)), QString());
}

void TestAccuracyLog::badInput_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::newRow("no comparison")
        << fixturePath("not-a-trtexec.log") << "holds no polygraphy comparison";
    QTest::newRow("bad number") << fixturePath("polygraphy-bad-number.log")
                                << "polygraphy-bad-number.log:4: 'zero' is no number";
    QTest::newRow("missing") << fixturePath("no-such.log") << "cannot be read";
    QTest::newRow("binary") << fixturePath("not-utf8.log") << "holds no polygraphy comparison";
}

void TestAccuracyLog::badInput() {
    QFETCH(QString, path);
    QFETCH(QString, message);
    const QString error = errorOf(path);
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestAccuracyLog::cutShortSaysSo() {
    const AccuracyLog log = readAccuracyLog(fixturePath("polygraphy-cut-short.log"));
    QCOMPARE(int(log.tensors.size()), 1);
    QVERIFY(!log.tensors[0].passed);
    QCOMPARE(log.warnings.size(), 1);
    QVERIFY(log.warnings[0].contains("polygraphy-cut-short.log:2:"));
    QVERIFY(!log.anyFailed()); // not a failure: the verdict is missing
}

void TestAccuracyLog::writesJson() {
    const AccuracyLog log = readAccuracyLog(dataPath(kLogs + "polygraphy-run-04.log"));
    const EnginePlan plan = loadPlan(dataPath(kMnist));
    const OrderedJson json = accuracyJson(log, &plan, mapTensorsToLayers(log, plan));
    QCOMPARE(json["iterations"]["passed"].get<int>(), 1);
    QVERIFY(json["first_failed"].is_null());
    const OrderedJson& conv = json["tensors"][0];
    QCOMPARE(conv["layer"]["index"].get<int>(), 0);
    QCOMPARE(conv["required_abs"].get<double>(), 0.0);
    const std::string runner = log.runners.front().toStdString();
    QCOMPARE(conv["stats"][runner]["histogram"][0][2].get<int>(), 27);
    QVERIFY(json["tensors"][6]["layer"].is_null()); // view: folded away
    const AccuracyLog validated = readAccuracyLog(dataPath(kLogs + "polygraphy-run-08.log"));
    const OrderedJson v = accuracyJson(validated, nullptr, {});
    QVERIFY(v["validations"][2]["inf"].get<bool>());
    QVERIFY(!v["validations"][2]["saturated"].get<bool>());
    QVERIFY(v["validations"][2]["stats"]["mean"].is_null()); // inf is no JSON number
    QVERIFY(v["validation_only"].get<bool>());
    QVERIFY(!json["validation_only"].get<bool>());
    QCOMPARE(json["tensors_mapped"].get<int>(), 11);
    QVERIFY(v["tensors_mapped"].is_null()); // no plan
    QVERIFY(json["first_overflow"].is_null());
    QVERIFY(json["tensors"][0]["overflow"].empty());
}

void TestAccuracyLog::writesOverflowJson() {
    const AccuracyLog log = readAccuracyLog(fixturePath(kOverflow));
    const OrderedJson json = accuracyJson(log, nullptr, {});
    QCOMPARE(json["first_overflow"].get<std::string>(), "add_out_1");
    QCOMPARE(json["first_failed"].get<std::string>(), "mul_out_2");
    const OrderedJson& saturated = json["tensors"][1]["overflow"];
    QCOMPARE(saturated.size(), std::size_t(1));
    QCOMPARE(saturated[0]["runner"].get<std::string>(), "trt-runner-N0-03/11/26-14:22:10");
    QVERIFY(saturated[0]["saturated"].get<bool>());
    QVERIFY(!saturated[0]["inf"].get<bool>());
    QVERIFY(json["tensors"][2]["overflow"][0]["inf"].get<bool>());
    // Alike bins as printed: 6.55e+04 both ends.
    const OrderedJson& bin =
        json["tensors"][1]["stats"]["trt-runner-N0-03/11/26-14:22:10"]["histogram"][3];
    QCOMPARE(bin[0].get<double>(), 65500.0);
    QCOMPARE(bin[1].get<double>(), 65500.0);
    QCOMPARE(bin[2].get<int>(), 2048);
    const QByteArray csv = accuracyCsv(log, nullptr, {});
    QVERIFY(csv.startsWith("name,iteration,passed,overflow,"));
    QVERIFY(csv.contains("add_out_1,0,true,trt-runner-N0 at 65504,"));
}

PLANSCOPE_TEST_MAIN(TestAccuracyLog, QCoreApplication)
#include "tst_accuracy_log.moc"
