#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "io/ProfileRecords.h"
#include "plan/PlanError.h"

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

class TestProfile : public QObject {
    Q_OBJECT
  private slots:
    void parsesRecords_data();
    void parsesRecords();
    void joinsPartialProfileByName();
    void rejectsProfileOfAnotherEngine();
    void readsUnescapedNames();
    void refusesFileOfAnotherKind_data();
    void refusesFileOfAnotherKind();
};

void TestProfile::parsesRecords_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("records");
    QTest::addColumn<long long>("iterations");
    QTest::addColumn<QString>("lastName");
    QTest::addColumn<bool>("repaired");
    QTest::newRow("trtexec")
        << QByteArray(
               R"([{"count": 7}, {"name": "a", "timeMs": 1, "averageMs": 0.1, "medianMs": 0.1, "percentage": 50}, {"name": "b", "timeMs": 1, "averageMs": 0.1, "medianMs": 0.1, "percentage": 50}])")
        << 2 << 7LL << "b" << false;
    QTest::newRow("no count")
        << QByteArray(R"([{"name": "a", "timeMs": 1, "averageMs": 0.1, "percentage": 100}])") << 1
        << 0LL << "a" << false;
    QTest::newRow("quote in name")
        << QByteArray("[{ \"count\" : 3 }\n, { \"name\" : \"say \"hi\"\", \"timeMs\" : 1, "
                      "\"averageMs\" : 0.5, \"medianMs\" : 0.5, \"percentage\" : 100 }\n]")
        << 1 << 3LL << "say \"hi\"" << true;
    QTest::newRow("backslash in name") << QByteArray("[{ \"name\" : \"a\\q\", \"timeMs\" : 1, "
                                                     "\"averageMs\" : 0.5, \"percentage\" : 100 }]")
                                       << 1 << 0LL << "a\\q" << true;
}

void TestProfile::parsesRecords() {
    QFETCH(QByteArray, text);
    QFETCH(int, records);
    QFETCH(long long, iterations);
    QFETCH(QString, lastName);
    QFETCH(bool, repaired);
    const ProfileFile profile = parseProfileText(text, "p.json");
    QCOMPARE(int(profile.records.size()), records);
    QCOMPARE(profile.iterations, iterations);
    QCOMPARE(profile.records.back().name, lastName);
    QCOMPARE(profile.repaired, repaired);
    QVERIFY(profile.records.back().averageMs > 0);
}

void TestProfile::joinsPartialProfileByName() {
    LoadOptions options;
    options.profileJson = fixturePath("partial.profile.json");
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"), options);
    QCOMPARE(plan.findLayer("up")->timing.averageMs, 0.5);
    QCOMPARE(plan.findLayer("add")->timing.averageMs, 0.25);
    QVERIFY(!plan.findLayer("dup")->timing.measured);
    QVERIFY(plan.findLayer("up")->timing.measured);
    QCOMPARE(plan.totalAverageMs().value(), 0.75);
    const QString warnings = plan.warnings.join(' ');
    QVERIFY2(warnings.contains("Partial profile"), qPrintable(warnings));
    QVERIFY2(warnings.contains("2 layers were matched"), qPrintable(warnings));
}

void TestProfile::rejectsProfileOfAnotherEngine() {
    LoadOptions options;
    options.profileJson = fixturePath("other-engine.profile.json");
    try {
        loadPlan(fixturePath("quirks.graph.json"), options);
        QFAIL("a profile of another engine should not load");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().contains("other-engine.profile.json"), qPrintable(e.message()));
        QVERIFY2(e.message().contains("another engine"), qPrintable(e.message()));
    }
}

void TestProfile::readsUnescapedNames() {
    LoadOptions options;
    options.profileJson = fixturePath("unescaped.profile.json");
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"), options);
    QCOMPARE(plan.profiledIterations, 50LL);
    QCOMPARE(plan.findLayer("add")->timing.averageMs, 0.04); // joined by position
    QCOMPARE(plan.findLayer("up")->timing.percent, 25.0);
    const QString warnings = plan.warnings.join(' ');
    QVERIFY2(warnings.contains("read leniently"), qPrintable(warnings));
    // The last record's name is not the layer's: joined by position, but said.
    QVERIFY2(warnings.contains("1 of its 5 layer names differ"), qPrintable(warnings));
}

void TestProfile::refusesFileOfAnotherKind_data() {
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    const QString prefix = QStringLiteral("trex/resnet-a100/fp16/resnet.onnx.engine");
    QTest::newRow("timing as profile")
        << "profile" << prefix + ".timing.json"
        << "a per-layer profile JSON was expected, and it holds: per-iteration timing JSON";
    QTest::newRow("profile as timing")
        << "timing" << prefix + ".profile.json"
        << "a per-iteration timing JSON was expected, and it holds: per-layer profile JSON";
    QTest::newRow("graph as build metadata")
        << "build" << prefix + ".graph.json"
        << "a build metadata JSON was expected, and it holds: engine graph JSON";
    QTest::newRow("build as profile metadata")
        << "profile-metadata" << prefix + ".build.metadata.json"
        << "a profile metadata JSON was expected, and it holds: build metadata JSON";
}

// Before, a timing JSON given as the profile loaded with every latency zero and a warning.
void TestProfile::refusesFileOfAnotherKind() {
    QFETCH(QString, option);
    QFETCH(QString, file);
    QFETCH(QString, message);
    LoadOptions options;
    const QString path = dataPath(file);
    (option == "profile"  ? options.profileJson
     : option == "timing" ? options.timingJson
     : option == "build"  ? options.buildMetadata
                          : options.profileMetadata) = path;
    try {
        loadPlan(dataPath("trex/resnet-a100/fp16/resnet.onnx.engine"), options);
        QFAIL("a file of another kind should be refused");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().startsWith(path + ": " + message), qPrintable(e.message()));
    }
}

PLANSCOPE_TEST_MAIN(TestProfile, QCoreApplication)
#include "tst_profile.moc"
