#include "CliRun.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using planscope::test::dataPath;
using planscope::test::fixturePath;
using planscope::test::runPlanscope;

// What the files don't hold is missing in every output (JSON null, "-" in text, an empty CSV
// cell, "not measured"), never 0: timings without a profile, weights without a detailed layer
// list, activations of dynamic shapes, transfers trtexec did not measure.
class TestMissingFigures : public QObject {
    Q_OBJECT
  private slots:
    void summaryJsonHasNulls_data();
    void summaryJsonHasNulls();
    void summaryTextSaysSo();
    void layersHaveNoTimings();
    void namesOnlyLayersHaveNoSizes();
    void unmeasuredTransfersAreNotZero();
    void measuredTransfersKeepTheirValues();
    void weightsNotGivenAreMissing();
};

namespace {

const QString kVerboseLog =
    QStringLiteral("realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log");

QJsonValue json(const QStringList& arguments) {
    const auto run = runPlanscope(arguments);
    if (run.status != 0)
        qWarning() << run.err;
    return QJsonDocument::fromJson(run.out).isArray()
               ? QJsonValue(QJsonDocument::fromJson(run.out).array())
               : QJsonValue(QJsonDocument::fromJson(run.out).object());
}

} // namespace

void TestMissingFigures::summaryJsonHasNulls_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<bool>("timed");
    QTest::addColumn<bool>("weighed");
    QTest::addColumn<bool>("sized");
    // A verbose build log alone: no profile, its layer list has no weights, shapes are dynamic.
    QTest::newRow("verbose build log") << dataPath(kVerboseLog) << false << false << false;
    // A names-only graph with its profile: timed, but nothing else is known.
    QTest::newRow("names only") << fixturePath("names-only.graph.json") << true << false << false;
    // A detailed graph without profile (its folder has none).
    QTest::newRow("graph without profile")
        << dataPath("realworld/mnist-trt10.16-h100") << false << true << true;
    QTest::newRow("everything") << dataPath("trex/resnet-a100/fp16") << true << true << true;
    // TensorRT 8.4's layer list ("tensor-0[Float(-2,1,28,28)]"): dynamic shapes, no weights.
    QTest::newRow("TensorRT 8.4 verbose build")
        << fixturePath("trt84-verbose-build.log") << false << false << false;
    // A run log without a per-layer part: no layers at all.
    QTest::newRow("run without layers")
        << dataPath("realworld/mnist-trt10.16-h100/trtexec-result-01.log") << false << false
        << false;
}

void TestMissingFigures::summaryJsonHasNulls() {
    QFETCH(QString, plan);
    QFETCH(bool, timed);
    QFETCH(bool, weighed);
    QFETCH(bool, sized);
    const QJsonObject summary = json({"summary", "--json", plan}).toObject();
    QVERIFY(!summary.isEmpty());
    QCOMPARE(summary["average_time_ms"].isNull(), !timed);
    QCOMPARE(summary["has_profile"].toBool(), timed);
    QCOMPARE(summary["weights_bytes"].isNull(), !weighed);
    QCOMPARE(summary["activations_bytes"].isNull(), !sized);
    if (timed)
        QVERIFY(summary["average_time_ms"].toDouble() > 0);
    for (const char* groups : {"by_type", "by_precision"})
        for (const QJsonValue group : summary[groups].toObject()) {
            QCOMPARE(group["latency_ms"].isNull(), !timed);
            QCOMPARE(group["latency_pct"].isNull(), !timed);
        }
}

void TestMissingFigures::summaryTextSaysSo() {
    const auto run = runPlanscope({"summary", dataPath(kVerboseLog)});
    QCOMPARE(run.status, 0);
    const QString text = run.text();
    QVERIFY2(text.contains("\tAverage time: - (no per-layer timings)\n"), qPrintable(text));
    QVERIFY2(text.contains("\tWeights: -\n"), qPrintable(text));
    QVERIFY2(text.contains("\tActivations: -\n"), qPrintable(text));
    QVERIFY2(text.contains("\tReformat                     1 layer             -       -\n"),
             qPrintable(text));
    QVERIFY2(!text.contains("0.000 ms") && !text.contains("0.0 MB"), qPrintable(text));
    // The warning says which trtexec flags give timings.
    QVERIFY2(text.contains("--exportProfile=") && text.contains("--separateProfileRun"),
             qPrintable(text));
}

void TestMissingFigures::layersHaveNoTimings() {
    const QJsonArray layers = json({"layers", "--json", dataPath(kVerboseLog)}).toArray();
    QCOMPARE(layers.size(), 6);
    for (const QJsonValue layer : layers) {
        for (const char* key :
             {"latency_avg_ms", "latency_median_ms", "latency_total_ms", "latency_pct",
              "weights_bytes", "bias_bytes", "io_bytes", "footprint_bytes"})
            QVERIFY2(layer[key].isNull(), key);
        QVERIFY(layer["inputs"][0]["bytes"].isNull()); // [-1, ...]: dynamic
    }
    const auto csv = runPlanscope({"layers", "--csv", dataPath(kVerboseLog)});
    const QStringList lines = csv.text().split('\n', Qt::SkipEmptyParts);
    const int average = int(lines[0].split(',').indexOf("latency_avg_ms"));
    QVERIFY(average > 0);
    QCOMPARE(lines[1].split(',').value(average), QString());
    const auto text = runPlanscope({"layers", dataPath(kVerboseLog)});
    QVERIFY2(text.text().contains(
                 "  1  Pooling           FP32               -       -  node_max_pool2d\n"),
             qPrintable(text.text()));
}

void TestMissingFigures::namesOnlyLayersHaveNoSizes() {
    const QJsonArray layers =
        json({"layers", "--json", fixturePath("names-only.graph.json")}).toArray();
    QVERIFY(!layers.isEmpty());
    QCOMPARE(layers[0]["latency_avg_ms"].toDouble(), 0.3);
    QVERIFY(layers[0]["weights_bytes"].isNull());
    QVERIFY(layers[0]["io_bytes"].isNull());
}

// trex's resnet runs used --noDataTransfers: their metadata holds 0 for H2D and D2H.
void TestMissingFigures::unmeasuredTransfersAreNotZero() {
    const QString plan = dataPath("trex/resnet-a100/fp16");
    const QJsonObject performance = json({"summary", "--json", plan})["performance"].toObject();
    QVERIFY(performance.contains("H2D Latency"));
    QVERIFY(performance["H2D Latency"].isNull());
    QVERIFY(performance["D2H Latency"].isNull());
    QCOMPARE(performance["Latency"].toArray().size(), 5);
    const QString text = runPlanscope({"summary", plan}).text();
    QVERIFY2(text.contains("\tH2D Latency: not measured\n"), qPrintable(text));
    QVERIFY2(text.contains("\tThroughput: 1155.36 qps\n"), qPrintable(text));
    QVERIFY2(text.contains("\tMemory Bus Width: 5120 bits\n"), qPrintable(text));
    QVERIFY2(text.contains("\tSMs: 108\n"), qPrintable(text));
    QVERIFY2(text.contains("\tCompute Clock Rate: 1.41 GHz\n"), qPrintable(text));
}

void TestMissingFigures::measuredTransfersKeepTheirValues() {
    const QString log = dataPath("realworld/mnist-trt10.16-h100/trtexec-result-01.log");
    const QString text =
        runPlanscope({"summary",
                      dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log"),
                      "--log", log})
            .text();
    QVERIFY2(text.contains("\tH2D Latency: min 0.00341797, max 0.108398"), qPrintable(text));
}

// A layer whose kind holds weights but whose entry gives none (aeb-bev's two TensorRT 8.6 Myelin
// ForeignNodes; a TensorRT 10 export's convolution without "Weights") has unknown weights, not 0;
// the plan's total sums the known ones and says how many layers export none. A fused
// ConvActPool's "ConvWeights" count (trex reads them as 0).
void TestMissingFigures::weightsNotGivenAreMissing() {
    const QString aeb = dataPath("realworld/aeb-bev-trt86/layers_.json");
    const QJsonArray layers = json({"layers", "--json", aeb}).toArray();
    QStringList unknown;
    for (const QJsonValue layer : layers) {
        if (layer["weights_bytes"].isNull()) {
            unknown << layer["type"].toString();
            QVERIFY(layer["footprint_bytes"].isNull());
        }
        if (layer["type"].toString() == "ConvActPool")
            QCOMPARE(layer["weights_bytes"].toDouble(), 9408.0); // 9408 INT8 weights
    }
    QCOMPARE(unknown, QStringList({"Myelin", "Myelin"}));
    const QJsonObject summary = json({"summary", "--json", aeb}).toObject();
    QCOMPARE(summary["layers_without_weights"].toInt(), 2);
    QCOMPARE(summary["weights_bytes"].toDouble(), 44922368.0);
    const auto text = runPlanscope({"summary", aeb}).text();
    QVERIFY2(text.contains("\tWeights: 42.8 MB (2 layers export none)\n"), qPrintable(text));

    // A convolution without "Weights" and a pooling (which holds none): nothing is known.
    const QString bare = fixturePath("no-weights.graph.json");
    const QJsonArray bareLayers = json({"layers", "--json", bare}).toArray();
    QVERIFY(bareLayers[0]["weights_bytes"].isNull());
    QCOMPARE(bareLayers[1]["weights_bytes"].toDouble(), 0.0);
    const QJsonObject bareSummary = json({"summary", "--json", bare}).toObject();
    QVERIFY(bareSummary["weights_bytes"].isNull());
    QCOMPARE(bareSummary["layers_without_weights"].toInt(), 1);
    QVERIFY(runPlanscope({"summary", bare}).text().contains("\tWeights: -\n"));
}

PLANSCOPE_TEST_MAIN(TestMissingFigures, QCoreApplication)
#include "tst_missing_figures.moc"
