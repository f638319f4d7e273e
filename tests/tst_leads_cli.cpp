#include "CliRun.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using planscope::test::dataPath;
using planscope::test::fixturePath;
using planscope::test::runPlanscope;

namespace {

QJsonObject leadsJson(const QStringList& arguments) {
    const auto run = runPlanscope(QStringList{"leads", "--json"} + arguments);
    if (run.status != 0)
        qWarning("%s", qPrintable(run.err));
    return QJsonDocument::fromJson(run.out).object();
}

QStringList idsOf(const QJsonObject& json) {
    QStringList ids;
    for (const QJsonValue lead : json["leads"].toArray())
        ids << lead["id"].toString();
    return ids;
}

} // namespace

// planscope leads, as a script reads it.
class TestLeadsCli : public QObject {
    Q_OBJECT
  private slots:
    void printsRankedLeadsAsJson();
    void printsNullsWithoutTimings();
    void printsText();
    void listsEveryLead();
    void reportsBadInput();
};

void TestLeadsCli::printsRankedLeadsAsJson() {
    const QJsonObject json = leadsJson({dataPath("realworld/alexnet-trt10-rtx3060/alexnet_fp16")});
    QCOMPARE(json["plan"].toString(), QStringLiteral("alexnet_fp16.graph.json"));
    QVERIFY(json["has_profile"].toBool());
    // Its only unaligned convolution reads the image's 3 channels: no conv-channel-alignment.
    QCOMPARE(idsOf(json),
             (QStringList{"non-tensor-core-gemm", "hot-layer", "far-from-roof", "reformats"}));
    const QJsonObject hot = json["leads"][1].toObject();
    QCOMPARE(hot["rank"].toInt(), 2);
    QCOMPARE(hot["percent"].toDouble(), 45.705); // the profile's own share, as NVIDIA's skill
    QCOMPARE(hot["ms"].toDouble(), 0.239573);
    QCOMPARE(hot["layers"][0]["name"].toString(),
             QStringLiteral("/classifier/classifier_1/Gemm_myl9_2"));
    QCOMPARE(hot["layers"][0]["index"].toInt(), 10);
    QCOMPARE(hot["facts"]["top_five_layers"].toArray().size(), 5);
    const QJsonObject gemms = json["leads"][0].toObject();
    QCOMPARE(gemms["layer_count"].toInt(), 3);
    QVERIFY(gemms["facts"]["kernels"][0]["math"].toString().contains("sm50"));
    QCOMPARE(json["not_judged"][0]["id"].toString(), QStringLiteral("slower-tactic"));
}

void TestLeadsCli::printsNullsWithoutTimings() {
    const QJsonObject json =
        leadsJson({dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log")});
    QVERIFY(json["latency_ms"].isNull());
    QVERIFY(!json["has_profile"].toBool());
    for (const QJsonValue lead : json["leads"].toArray()) {
        QVERIFY(lead["ms"].isNull() && lead["percent"].isNull());
        QVERIFY(lead["layers"][0]["ms"].isNull());
    }
    QStringList unjudged;
    for (const QJsonValue u : json["not_judged"].toArray())
        unjudged << u["id"].toString();
    QCOMPARE(unjudged,
             (QStringList{"hot-layer", "far-from-roof", "tiny-kernels", "generated-kernels",
                          "shape-overhead", "slower-tactic", "latency-gap"}));
    QVERIFY(json["not_judged"][0]["how"].toString().contains("--exportProfile"));
    // A verbose build log of the same engine judges the tactics.
    const QJsonObject withLog = leadsJson(
        {dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log"), "--log",
         dataPath("realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log")});
    QVERIFY(idsOf(withLog).contains("slower-tactic"));
}

void TestLeadsCli::printsText() {
    const auto run = runPlanscope({"leads", fixturePath("leads.graph.json")});
    QCOMPARE(run.status, 0);
    const QString text = run.text();
    QVERIFY(text.startsWith("Leads for leads.graph.json (latency 1.000 ms)"));
    QVERIFY(text.contains("1. [hot-layer] `conv_a` takes 30.0 % of the latency\n"
                          "\tat stake: 0.300 ms (30.0 %), 1 layer\n"));
    QVERIFY(text.contains("5. [several-streams] Layers run on 2 streams"));
    QVERIFY(text.contains("\tlayers: 3 matmul_simt; 4 matmul_tc\n"));
    QVERIFY(text.contains("slower-tactic needs a verbose build log."));
    QVERIFY(text.indexOf("[shape-overhead]") > text.indexOf("[reformats]"));
}

void TestLeadsCli::listsEveryLead() {
    const auto run = runPlanscope({"leads", "--list"});
    QCOMPARE(run.status, 0);
    for (const char* id :
         {"hot-layer", "reformats", "precision-fallback", "tiny-kernels", "non-tensor-core-gemm",
          "generated-kernels", "shape-overhead", "several-streams", "slower-tactic",
          "conv-channel-alignment", "conv-nonstandard-padding"})
        QVERIFY2(run.text().contains(QStringLiteral("%1\n\twhen: ").arg(id)), id);
    QVERIFY(runPlanscope({"--help"}).text().contains("leads"));
}

void TestLeadsCli::reportsBadInput() {
    const auto missing = runPlanscope({"leads", "/nonexistent/plan.graph.json"});
    QCOMPARE(missing.status, 2);
    QVERIFY(missing.err.contains("/nonexistent/plan.graph.json"));
    // A profile of another engine: refused, naming the file and the fix.
    const auto other = runPlanscope(
        {"leads", dataPath("realworld/alexnet-trt10-rtx3060/alexnet_fp16.graph.json"),
         "--profile-json", dataPath("trex/resnet-a100/fp32/resnet.onnx.engine.profile.json")});
    QCOMPARE(other.status, 2);
    QVERIFY2(other.err.contains("resnet.onnx.engine.profile.json") &&
                 other.err.contains("another engine"),
             qPrintable(other.err));
    QCOMPARE(runPlanscope({"leads", "--bogus"}).status, 2);
}

PLANSCOPE_TEST_MAIN(TestLeadsCli, QCoreApplication)
#include "tst_leads_cli.moc"
