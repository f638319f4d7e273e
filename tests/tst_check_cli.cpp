#include "CliRun.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace planscope::test;

// planscope check: its exit status, text and JSON, run as a script would.
class TestCheckCli : public QObject {
    Q_OBJECT
  private slots:
    void exitStatus_data();
    void exitStatus();
    void printsText();
    void listsTenLayersInText();
    void printsJson();
    void otherCommandsStillRefuseAForeignProfile();
    void isListedInHelp();
};

namespace {

const QString kMobileNet = QStringLiteral("trex/mobilenet/mobilenet.qat.onnx.engine");

QJsonObject jsonOf(const CliRun& run) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(run.out, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", qPrintable(error.errorString()));
    return document.object();
}

} // namespace

void TestCheckCli::exitStatus_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("firstLine"); // of stdout, or of stderr when status is 2
    const QString quirks = fixturePath("quirks.graph.json");
    QTest::newRow("clean") << QStringList{"check", dataPath(kMobileNet)} << 0
                           << "Check of mobilenet.qat.onnx.engine.graph.json: no findings";
    QTest::newRow("a note") << QStringList{"check", fixturePath("shared-writes.graph.json")} << 0
                            << "Check of shared-writes.graph.json: 1 warning, 2 notes";
    QTest::newRow("warnings only")
        << QStringList{"check", quirks, "--profile-json", fixturePath("quirks.profile.json")} << 0
        << "Check of quirks.graph.json: 2 warnings";
    QTest::newRow("an error") << QStringList{"check", quirks, "--profile-json",
                                             fixturePath("other-engine.profile.json")}
                              << 1 << "Check of quirks.graph.json: 1 error, 1 warning";
    QTest::newRow("an error, in JSON") << QStringList{"check", "--json", quirks, "--profile-json",
                                                      fixturePath("other-engine.profile.json")}
                                       << 1 << "{";
    QTest::newRow("a missing file") << QStringList{"check", "/nonexistent/x.engine"} << 2
                                    << "planscope: error: /nonexistent/x.engine: no such file";
    QTest::newRow("a truncated graph")
        << QStringList{"check", fixturePath("truncated.graph.json")} << 2
        << "planscope: error: " + fixturePath("truncated.graph.json") + ": the JSON ends early";
    QTest::newRow("no plan") << QStringList{"check"} << 2 << "planscope: missing PLAN";
}

void TestCheckCli::exitStatus() {
    QFETCH(QStringList, arguments);
    QFETCH(int, status);
    QFETCH(QString, firstLine);
    const CliRun run = runPlanscope(arguments);
    QCOMPARE(run.status, status);
    const QString output = status == 2 ? run.err : run.text();
    QVERIFY2(output.section('\n', 0, 0).startsWith(firstLine), qPrintable(output));
    if (status != 2)
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
}

void TestCheckCli::printsText() {
    const CliRun run = runPlanscope({"check", fixturePath("quirks.graph.json"), "--profile-json",
                                     fixturePath("other-engine.profile.json")});
    const QString text = run.text();
    QVERIFY2(text.contains("Profile: 3 records, count header 10, timeMs / averageMs (median) "
                           "100.00\n"),
             qPrintable(text));
    QVERIFY2(text.contains("\nerror [profile-other-engine] other-engine.profile.json, "
                           "quirks.graph.json\n\t0 of the 3 records of other-engine.profile.json "
                           "name a layer of quirks.graph.json"),
             qPrintable(text));
    QVERIFY2(text.contains("\nwarning [duplicate-layer-names] quirks.graph.json\n"),
             qPrintable(text));
    QVERIFY2(text.contains("\tlayers:\n\t\t2 dup\n\t\t3 dup_2\n\tfix: "), qPrintable(text));
}

void TestCheckCli::listsTenLayersInText() {
    QTemporaryDir dir;
    const QString plan = dir.filePath("m.onnx.engine");
    QVERIFY(QFile::copy(dataPath(kMobileNet + ".graph.json"), plan + ".graph.json"));
    // Records of the first layer and the last 35: half of the layers (fewer would be another
    // build's profile), layers 1 to 36 without one.
    const QJsonArray layers =
        QJsonDocument::fromJson(runPlanscope({"layers", "--json", plan}).out).array();
    QCOMPARE(layers.size(), 72);
    QJsonArray records{QJsonObject{{"count", 10}}};
    for (qsizetype i = 0; i < layers.size(); ++i)
        if (i == 0 || i > 36)
            records.append(QJsonObject{{"name", layers[i]["name"]},
                                       {"timeMs", 0.1},
                                       {"averageMs", 0.01},
                                       {"medianMs", 0.01},
                                       {"percentage", 1}});
    QFile profile(plan + ".profile.json");
    QVERIFY(profile.open(QIODevice::WriteOnly));
    profile.write(QJsonDocument(records).toJson());
    profile.close();
    const CliRun run = runPlanscope({"check", plan});
    QCOMPARE(run.status, 0);
    const QString text = run.text();
    QVERIFY2(text.contains("warning [layers-without-record] m.onnx.engine.graph.json, "
                           "m.onnx.engine.profile.json\n\t36 of the 72 layers"),
             qPrintable(text));
    QVERIFY2(text.contains(
                 "\n\t\t10 features.3.conv.2.weight + QuantizeLinear_138 + Conv_142 + Add_144\n"
                 "\t\t... 26 more (--json lists all)\n"),
             qPrintable(text));
    const QJsonObject json = jsonOf(runPlanscope({"check", "--json", plan}));
    QCOMPARE(json["results"][0]["layers"].toArray().size(), 36);
}

void TestCheckCli::printsJson() {
    const QString graph = fixturePath("quirks.graph.json");
    const QString foreign = fixturePath("other-engine.profile.json");
    const CliRun run = runPlanscope({"check", "--json", graph, "--profile-json", foreign});
    const QJsonObject json = jsonOf(run);
    QCOMPARE(json.keys(), QStringList({"counts", "figures", "files", "plan", "results"}));
    QCOMPARE(json["plan"].toString(), QString("quirks.graph.json"));
    QCOMPARE(json["files"]["graph"].toString(), graph);
    QCOMPARE(json["files"]["profile"].toString(), foreign); // left out, but checked
    QCOMPARE(json["counts"].toObject(), QJsonObject({{"error", 1}, {"warning", 1}, {"note", 0}}));
    QCOMPARE(json["figures"]["total_average_ms"].toDouble(), 0.85);
    QVERIFY(json["figures"]["timing_mean_ms"].isNull());
    const QJsonObject error = json["results"][0].toObject();
    QCOMPARE(error.keys(),
             QStringList({"details", "files", "fix", "id", "layers", "level", "message"}));
    QCOMPARE(error["id"].toString(), QString("profile-other-engine"));
    QCOMPARE(error["level"].toString(), QString("error"));
    QCOMPARE(error["files"].toArray(), QJsonArray({foreign, graph}));
    QCOMPARE(error["layers"].toArray(), QJsonArray());
    QCOMPARE(error["details"]["records"].toInt(), 3);
    QCOMPARE(error["details"]["loaded"].toBool(), false);
    const QJsonArray layers = json["results"][1]["layers"].toArray();
    QCOMPARE(layers.size(), 2);
    QCOMPARE(layers[1].toObject(), QJsonObject({{"index", 3}, {"name", "dup_2"}}));
}

void TestCheckCli::otherCommandsStillRefuseAForeignProfile() {
    const CliRun run = runPlanscope({"summary", fixturePath("quirks.graph.json"), "--profile-json",
                                     fixturePath("other-engine.profile.json")});
    QCOMPARE(run.status, 2);
    QVERIFY2(run.err.contains("another engine"), qPrintable(run.err));
}

void TestCheckCli::isListedInHelp() {
    const CliRun run = runPlanscope({"--help"});
    QVERIFY2(run.text().contains("\n  check           Check that a plan's files agree"),
             qPrintable(run.text()));
    const CliRun help = runPlanscope({"check", "--help"});
    QCOMPARE(help.status, 0);
    QVERIFY2(help.text().startsWith("Usage: planscope check [options] PLAN"),
             qPrintable(help.text()));
}

PLANSCOPE_TEST_MAIN(TestCheckCli, QCoreApplication)
#include "tst_check_cli.moc"
