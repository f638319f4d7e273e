#include "TestSupport.h"
#include "check/PlanCheck.h"
#include "io/FileKind.h"
#include "io/PlanLoader.h"
#include "io/profile/ProfileMerge.h"
#include "io/profile/ProfileReader.h"
#include "plan/PlanError.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

class TestProfile : public QObject {
    Q_OBJECT
  private slots:
    void parsesRecords_data();
    void parsesRecords();
    void joinsPartialProfileByName();
    void joinsRecordsAsTrex_data();
    void joinsRecordsAsTrex();
    void refusesAnotherBuildsProfile_data();
    void refusesAnotherBuildsProfile();
    void rejectsProfileOfAnotherEngine();
    void readsUnescapedNames();
    void refusesFileOfAnotherKind_data();
    void refusesFileOfAnotherKind();
    void readsLayerSamples_data();
    void readsLayerSamples();
    void readsIProfilerSamplesBesideTheirGraph();
    void refusesBadLayerSamples_data();
    void refusesBadLayerSamples();
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

// 2 of the 5 layers find their record: another build's profile, refused unless allowed; then
// joined by name, the rest without timings, and said.
void TestProfile::joinsPartialProfileByName() {
    LoadOptions options;
    options.profileJson = fixturePath("partial.profile.json");
    try {
        loadPlan(fixturePath("quirks.graph.json"), options);
        QFAIL("another build's profile should be refused");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().startsWith(options.profileJson + ": only 2 of the 5 layers of "
                                                              "quirks.graph.json find their "
                                                              "record in it (40.0 %)"),
                 qPrintable(e.message()));
        QVERIFY2(e.message().contains("--allow-partial-profile"), qPrintable(e.message()));
    }
    options.allowPartialProfile = true;
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"), options);
    QVERIFY(plan.profileOfAnotherBuild);
    QCOMPARE(plan.findLayer("up")->timing.averageMs, 0.5);
    QCOMPARE(plan.findLayer("add")->timing.averageMs, 0.25);
    QVERIFY(!plan.findLayer("dup")->timing.measured);
    QVERIFY(plan.findLayer("up")->timing.measured);
    QCOMPARE(plan.totalAverageMs().value(), 0.75);
    const QString warnings = plan.warnings.join(' ');
    QVERIFY2(warnings.contains("Partial profile"), qPrintable(warnings));
    QVERIFY2(warnings.contains("2 layers were matched"), qPrintable(warnings));
}

// How records find their layers: in order when the profile names the layers in order (most
// profiles), else by position when the counts match (as trex), else by name. Record i times
// i + 1 ms; -1 is a layer left without a timing.
void TestProfile::joinsRecordsAsTrex_data() {
    QTest::addColumn<QStringList>("layers");
    QTest::addColumn<QStringList>("records");
    QTest::addColumn<QStringList>("ignored");
    QTest::addColumn<QList<double>>("timings");
    QTest::addColumn<QString>("warning");
    QTest::newRow("in order") << QStringList{"a", "b", "c"} << QStringList{"a", "b", "c"}
                              << QStringList{} << QList<double>{1, 2, 3} << QString();
    QTest::newRow("set-aside records between")
        << QStringList{"a", "b"} << QStringList{"a", "noop", "b"} << QStringList{"noop"}
        << QList<double>{1, 3} << QString();
    QTest::newRow("a layer named as a set-aside entry")
        << QStringList{"a", "k"} << QStringList{"a", "k"} << QStringList{"k"}
        << QList<double>{1, -1} << QStringLiteral("Partial profile");
    QTest::newRow("another order, same count: by position")
        << QStringList{"a", "b"} << QStringList{"b", "a"} << QStringList{} << QList<double>{1, 2}
        << QString();
    QTest::newRow("repeated names") << QStringList{"x", "x_2"} << QStringList{"x", "x"}
                                    << QStringList{} << QList<double>{1, 2} << QString();
    QTest::newRow("a record short: by name")
        << QStringList{"a", "b", "c"} << QStringList{"a", "c"} << QStringList{}
        << QList<double>{1, -1, 2} << QStringLiteral("Partial profile");
    QTest::newRow("a record more")
        << QStringList{"a", "b"} << QStringList{"a", "b", "z"} << QStringList{}
        << QList<double>{1, 2} << QStringLiteral("Partial profile");
    QTest::newRow("names differ, same count")
        << QStringList{"a", "b"} << QStringList{"a", "q"} << QStringList{} << QList<double>{1, 2}
        << QStringLiteral("1 of its 2 layer names differ");
}

void TestProfile::joinsRecordsAsTrex() {
    QFETCH(QStringList, layers);
    QFETCH(QStringList, records);
    QFETCH(QStringList, ignored);
    QFETCH(QList<double>, timings);
    QFETCH(QString, warning);
    std::vector<Layer> plan(static_cast<std::size_t>(layers.size()));
    for (qsizetype i = 0; i < layers.size(); ++i)
        plan[static_cast<std::size_t>(i)].name = layers[i];
    std::vector<ProfileRecord> read;
    for (qsizetype i = 0; i < records.size(); ++i)
        read.push_back({records[i], 0, double(i + 1), 0, 0, 0});
    const QStringList warnings =
        mergeProfile(plan, read, ignored, "p.profile.json", "g.graph.json").warnings;
    for (qsizetype i = 0; i < layers.size(); ++i) {
        const LayerTiming& t = plan[static_cast<std::size_t>(i)].timing;
        QCOMPARE(t.measured ? t.averageMs : -1.0, timings[i]);
    }
    QCOMPARE(warnings.isEmpty(), warning.isEmpty());
    if (!warning.isEmpty())
        QVERIFY2(warnings.join(' ').contains(warning), qPrintable(warnings.join(' ')));
    QCOMPARE(read.size(), std::size_t(records.size())); // the records as read stay as they were
    QCOMPARE(read.front().name, records.front());
}

// Fewer than half of the layers finding their record (by name or by position) is another
// build's profile: refused, or used when allowed and said so. Half is enough.
void TestProfile::refusesAnotherBuildsProfile_data() {
    QTest::addColumn<QStringList>("layers");
    QTest::addColumn<QStringList>("records");
    QTest::addColumn<bool>("refused");
    QTest::newRow("2 of 5, by name")
        << QStringList{"a", "b", "c", "d", "e"} << QStringList{"a", "b"} << true;
    QTest::newRow("half, by name")
        << QStringList{"a", "b", "c", "d"} << QStringList{"a", "b"} << false;
    QTest::newRow("1 of 3, same count")
        << QStringList{"a", "b", "c"} << QStringList{"a", "x", "y"} << true;
    QTest::newRow("2 of 3, same count")
        << QStringList{"a", "b", "c"} << QStringList{"a", "b", "z"} << false;
}

void TestProfile::refusesAnotherBuildsProfile() {
    QFETCH(QStringList, layers);
    QFETCH(QStringList, records);
    QFETCH(bool, refused);
    const auto fresh = [&] {
        std::vector<Layer> plan(static_cast<std::size_t>(layers.size()));
        for (qsizetype i = 0; i < layers.size(); ++i)
            plan[static_cast<std::size_t>(i)].name = layers[i];
        return plan;
    };
    std::vector<ProfileRecord> read;
    for (qsizetype i = 0; i < records.size(); ++i)
        read.push_back({records[i], 0, double(i + 1), 0, 0, 0});
    std::vector<Layer> plan = fresh();
    bool threw = false;
    try {
        QVERIFY(!mergeProfile(plan, read, {}, "p.profile.json", "g.graph.json").anotherBuild);
    } catch (const PlanError& e) {
        threw = true;
        QVERIFY2(e.message().contains("another build"), qPrintable(e.message()));
    }
    QCOMPARE(threw, refused);
    plan = fresh();
    const MergedProfile allowed =
        mergeProfile(plan, read, {}, "p.profile.json", "g.graph.json", true);
    QCOMPARE(allowed.anotherBuild, refused);
    QVERIFY(plan.front().timing.measured);
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

// An IProfiler's samples per layer, {"layer": [ms, ...]}: mean, median, sum, share, count.
void TestProfile::readsLayerSamples_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QList<double>>("averages");
    QTest::addColumn<QList<double>>("medians");
    QTest::addColumn<QList<double>>("percents");
    QTest::addColumn<long long>("iterations");
    QTest::newRow("odd and even counts")
        << QByteArray(R"({"b": [0.3, 0.1, 0.2], "a": [0.4, 0.1, 0.2, 0.3], "c": [1, 0, 2]})")
        << QStringList{"b", "a", "c"} << QList<double>{0.2, 0.25, 1.0}
        << QList<double>{0.2, 0.25, 1.0}
        << QList<double>{0.2 / 1.45 * 100, 0.25 / 1.45 * 100, 1.0 / 1.45 * 100}
        << 3LL; // the count most layers have
    QTest::newRow("one sample, zero time, escaped name")
        << QByteArray(R"( {"say \"hi\"": [0], "x": [2e-3]} )") << QStringList{"say \"hi\"", "x"}
        << QList<double>{0, 0.002} << QList<double>{0, 0.002} << QList<double>{0, 100} << 1LL;
    QTest::newRow("repeated name kept")
        << QByteArray(R"({"x": [1], "x": [3]})") << QStringList{"x", "x"} << QList<double>{1, 3}
        << QList<double>{1, 3} << QList<double>{25, 75} << 1LL;
}

void TestProfile::readsLayerSamples() {
    QFETCH(QByteArray, text);
    QFETCH(QStringList, names);
    QFETCH(QList<double>, averages);
    QFETCH(QList<double>, medians);
    QFETCH(QList<double>, percents);
    QFETCH(long long, iterations);
    QCOMPARE(sniffTextKind(text), FileKind::Profile);
    const ProfileFile profile = parseProfileText(text, "latency.json");
    QCOMPARE(int(profile.records.size()), int(names.size()));
    for (qsizetype i = 0; i < names.size(); ++i) {
        const ProfileRecord& r = profile.records[std::size_t(i)];
        QCOMPARE(r.name, names[i]);
        QVERIFY(qFuzzyCompare(1 + r.averageMs, 1 + averages[i]));
        QVERIFY(qFuzzyCompare(1 + r.medianMs, 1 + medians[i]));
        QVERIFY(qFuzzyCompare(1 + r.percent, 1 + percents[i]));
        QCOMPARE(r.absent, std::uint8_t(0));
    }
    QCOMPARE(profile.iterations, iterations);
    QVERIFY(!profile.repaired);
}

// The Python API's side of the AlexNet pair: the engine inspector's graph and the IProfiler's
// 100 samples per layer, found beside it by content and named explicitly alike.
void TestProfile::readsIProfilerSamplesBesideTheirGraph() {
    const QString folder =
        dataPath(QStringLiteral("realworld/onnx-op-pairs/alexnet-pyapi-vs-trtexec/a/"));
    const QString samplesPath = folder + "trt_layer_latency.json";
    QFile file(samplesPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject samples = QJsonDocument::fromJson(file.readAll()).object();
    const QString name = QStringLiteral("/features/features.3/Conv + /features/features.4/Relu");
    std::vector<double> times;
    for (const QJsonValue v : samples.value(name).toArray())
        times.push_back(v.toDouble());
    QCOMPARE(times.size(), std::size_t(100));
    const double mean = std::accumulate(times.begin(), times.end(), 0.0) / 100;
    std::sort(times.begin(), times.end());
    const double median = (times[49] + times[50]) / 2;

    LoadOptions explicitly;
    explicitly.profileJson = samplesPath;
    for (const LoadOptions& options : {LoadOptions{}, explicitly}) {
        const EnginePlan plan = loadPlan(folder + "trt_engine_info.json", options);
        QCOMPARE(plan.sources.profile, samplesPath);
        QVERIFY(plan.hasProfile);
        QCOMPARE(plan.profiledIterations, 100LL);
        const Layer* conv = plan.findLayer(name);
        QVERIFY(conv && conv->timing.measured);
        QVERIFY(qFuzzyCompare(conv->timing.averageMs, mean));
        QVERIFY(qFuzzyCompare(conv->timing.medianMs, median));
        QVERIFY(qFuzzyCompare(conv->timing.totalMs, mean * 100));
        QVERIFY(qFuzzyCompare(*plan.totalAverageMs(), 1.0925305555085651));
        // Every layer is timed and every record names a layer (its NoOps among them).
        QVERIFY(std::all_of(plan.layers.begin(), plan.layers.end(),
                            [](const Layer& l) { return l.timing.measured; }));
        const PlanCheck check = checkPlan(plan);
        QVERIFY2(check.results.empty(),
                 qPrintable(check.results.empty() ? QString() : check.results.front().message));
        // The samples have no {"count": N} header; the count is inferred from them.
        QVERIFY(!check.figures.countHeader);
        QCOMPARE(check.figures.inferredCount, 100LL);
    }
}

void TestProfile::refusesBadLayerSamples_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty list") << QByteArray(R"({"conv": [0.1], "relu": []})")
                                << "layer \"relu\" has no time (an empty list)";
    QTest::newRow("not a number") << QByteArray(R"({"conv": [0.1, "fast"]})")
                                  << "layer \"conv\" has a time that is no number: \"fast\"";
    QTest::newRow("list of lists") << QByteArray(R"({"conv": [[0.1, 0.2]]})")
                                   << "layer \"conv\" has a time that is no number: [0.1,0.2]";
    QTest::newRow("not a list") << QByteArray(R"({"conv": 0.1})")
                                << "the value of layer \"conv\" is not a list of times";
    QTest::newRow("records in an object") << QByteArray(R"({"conv": {"averageMs": 0.1}})")
                                          << "the value of layer \"conv\" is not a list of times";
    QTest::newRow("negative") << QByteArray(R"({"conv": [0.1, -2]})")
                              << "layer \"conv\" has a negative time (-2 ms)";
    QTest::newRow("no layer") << QByteArray("{}") << "it holds no layer's times";
    QTest::newRow("truncated") << QByteArray(R"({"conv": [0.1, 0.)") << "the JSON ends early";
    QTest::newRow("invalid") << QByteArray(R"({"conv": [0.1,, 0.2]})") << "not valid JSON";
}

void TestProfile::refusesBadLayerSamples() {
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    try {
        parseProfileText(text, "latency.json");
        QFAIL("bad samples should be refused");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().startsWith("latency.json: " + message), qPrintable(e.message()));
        QVERIFY2(e.message().contains("IProfiler"), qPrintable(e.message()));
    }
}

PLANSCOPE_TEST_MAIN(TestProfile, QCoreApplication)
#include "tst_profile.moc"
