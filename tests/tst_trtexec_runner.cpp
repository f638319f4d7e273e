#include "TrtexecStandIn.h"
#include "io/PlanLoader.h"
#include "runner/TrtexecDiagnosis.h"
#include "runner/TrtexecJob.h"
#include "runner/TrtexecLocator.h"
#include "runner/TrtexecRunner.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace planscope;
using planscope::test::announceStandIn;
using planscope::test::recordedRuns;
using planscope::test::StandIn;
using planscope::test::standInGone;
using planscope::test::writeStandIn;

namespace {

const TrtexecJob kJob{"/models/resnet.onnx", "/out", {"--fp16", "--shapes=input:1x3x224x224"}};

// The job of a run in `dir`: the model is a dummy file (the stand-in never reads it).
TrtexecJob jobIn(const QString& dir) {
    const QString model = QDir(dir).filePath("net.onnx");
    QFile file(model);
    file.open(QIODevice::WriteOnly);
    file.write("onnx");
    return {model, QDir(dir).filePath("out"), {"--fp16"}};
}

// Runs `job` with `trtexec` to the end; the spy holds finished().
void runToEnd(TrtexecRunner& runner, QSignalSpy& finished, const TrtexecJob& job,
              const QString& trtexec) {
    QVERIFY(runner.start(job, trtexec));
    QVERIFY(!finished.isEmpty() || finished.wait(30000));
}

} // namespace

class TestTrtexecRunner : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { announceStandIn(); }
    void namesOutputsAsTrex();
    void buildsExactArguments();
    void keepsBuildOnlyArgumentsOutOfProfile();
    void quotesForTheShell();
    void explainsEnvironmentProblems_data();
    void explainsEnvironmentProblems();
    void buildsThenProfiles();
    void explainsMissingGpu();
    void explainsMissingTrtexec();
    void refusesSecondRun();
    void cancelsPromptly();
    void killsTrtexecIgnoringTerm();
    void killsTrtexecWhenDestroyed();
};

void TestTrtexecRunner::namesOutputsAsTrex() {
    const TrtexecOutputs out = trtexecOutputs(kJob);
    QCOMPARE(out.engine, QString("/out/resnet.onnx.engine"));
    QCOMPARE(out.graphJson, QString("/out/resnet.onnx.engine.graph.json"));
    QCOMPARE(out.profileJson, QString("/out/resnet.onnx.engine.profile.json"));
    QCOMPARE(out.timingJson, QString("/out/resnet.onnx.engine.timing.json"));
    QCOMPARE(out.buildLog, QString("/out/resnet.onnx.engine.build.log"));
    QCOMPARE(out.profileLog, QString("/out/resnet.onnx.engine.profile.log"));
    QCOMPARE(out.timingCache, QString("/out/timing.cache"));
    QCOMPARE(runFiles(out).size(), 6);
}

void TestTrtexecRunner::buildsExactArguments() {
    QCOMPARE(buildArguments(kJob),
             QStringList({"--verbose", "--buildOnly", "--onnx=/models/resnet.onnx",
                          "--saveEngine=/out/resnet.onnx.engine",
                          "--exportLayerInfo=/out/resnet.onnx.engine.graph.json",
                          "--profilingVerbosity=detailed", "--timingCacheFile=/out/timing.cache",
                          "--fp16", "--shapes=input:1x3x224x224"}));
    QCOMPARE(profileArguments(kJob),
             QStringList({"--verbose", "--noDataTransfers", "--useCudaGraph",
                          "--separateProfileRun", "--useSpinWait", "--profilingVerbosity=detailed",
                          "--loadEngine=/out/resnet.onnx.engine",
                          "--exportTimes=/out/resnet.onnx.engine.timing.json",
                          "--exportProfile=/out/resnet.onnx.engine.profile.json",
                          "--exportLayerInfo=/out/resnet.onnx.engine.graph.json",
                          "--shapes=input:1x3x224x224"}));
}

void TestTrtexecRunner::keepsBuildOnlyArgumentsOutOfProfile() {
    for (const char* buildOnly :
         {"--fp16", "--int8", "--best", "--minShapes=x:1x3", "--optShapes=x:4x3",
          "--maxShapes=x:8x3", "--memPoolSize=4G", "--timingCacheFile=t.cache", "--noTF32"})
        QVERIFY2(isBuildOnlyArgument(buildOnly), buildOnly);
    for (const char* both : {"--shapes=x:1x3", "--device=1", "--plugins=libp.so",
                             "--iterations=100", "--useDLACore=0", "--fp16x"})
        QVERIFY2(!isBuildOnlyArgument(both), both);
}

void TestTrtexecRunner::quotesForTheShell() {
    QCOMPARE(
        shellCommand("/opt/trt/bin/trtexec", {"--onnx=a b.onnx", "--x=it's", "--shapes=a:1x3"}),
        QString("/opt/trt/bin/trtexec '--onnx=a b.onnx' '--x=it'\\''s' --shapes=a:1x3"));
}

void TestTrtexecRunner::explainsEnvironmentProblems_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("message");
    const QString gpu = "trtexec could not use a GPU: ";
    QTest::newRow("no device") << "[01/02/2024-10:00:00] [E] Cuda failure: no CUDA-capable "
                                  "device is detected"
                               << gpu + "Cuda failure: no CUDA-capable device is detected";
    QTest::newRow("init") << "[E] CUDA initialization failure with error: 35"
                          << gpu + "CUDA initialization failure with error: 35";
    QTest::newRow("driver") << "CUDA driver version is insufficient for CUDA runtime version"
                            << gpu + "CUDA driver version is insufficient for CUDA runtime version";
    QTest::newRow("libraries")
        << "trtexec: error while loading shared libraries: libnvinfer.so.8: cannot open"
        << "trtexec could not load its libraries: trtexec: error while loading shared libraries: "
           "libnvinfer.so.8: cannot open";
    QTest::newRow("other") << "[I] Engine built in 3.2 sec." << QString();
}

void TestTrtexecRunner::explainsEnvironmentProblems() {
    QFETCH(QString, line);
    QFETCH(QString, message);
    const QString problem = environmentProblem(line);
    QVERIFY2(message.isEmpty() ? problem.isEmpty() : problem.startsWith(message + ". "),
             qPrintable(problem));
}

void TestTrtexecRunner::buildsThenProfiles() {
    QTemporaryDir dir;
    const QString trtexec = writeStandIn(dir.path(), StandIn::Succeeds);
    const TrtexecJob job = jobIn(dir.path());
    TrtexecRunner runner;
    QSignalSpy steps(&runner, &TrtexecRunner::stepStarted);
    QSignalSpy lines(&runner, &TrtexecRunner::outputLine);
    QSignalSpy finished(&runner, &TrtexecRunner::finished);
    runToEnd(runner, finished, job, trtexec);
    QCOMPARE(finished.first().at(1).toString(), "Built and profiled " + runner.enginePrefix());
    QVERIFY(finished.first().at(0).toBool());
    QCOMPARE(runner.enginePrefix(), QDir(dir.path()).filePath("out/net.onnx.engine"));

    QCOMPARE(recordedRuns(dir.path()),
             QList<QStringList>({buildArguments(job), profileArguments(job)}));
    QCOMPARE(steps.size(), 2);
    QCOMPARE(steps[0][1].toString(), shellCommand(trtexec, buildArguments(job)));
    QCOMPARE(steps[1][1].toString(), shellCommand(trtexec, profileArguments(job)));
    QCOMPARE(lines.size(), 8); // 4 lines per step, stderr included, the last without a newline
    QCOMPARE(lines[1][0].toString(), QString("[I] stand-in trtexec: writing fixture files"));
    QCOMPARE(lines[7][0].toString(), QString("&&&& PASSED TensorRT.trtexec"));

    const TrtexecOutputs outputs = trtexecOutputs(job);
    for (const QString& file : runFiles(outputs))
        QVERIFY2(QFileInfo::exists(file), qPrintable(file));
    QFile log(outputs.profileLog);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QByteArray text = log.readAll();
    for (int i = 4; i < 8; ++i)
        QVERIFY2(text.contains(lines[i][0].toString().toUtf8()),
                 qPrintable(lines[i][0].toString()));
    const EnginePlan plan = loadPlan(runner.enginePrefix());
    QCOMPARE(plan.layers.size(), std::size_t(5));
    QVERIFY(plan.hasProfile);
}

void TestTrtexecRunner::explainsMissingGpu() {
    QTemporaryDir dir;
    const TrtexecJob job = jobIn(dir.path());
    TrtexecRunner runner;
    QSignalSpy finished(&runner, &TrtexecRunner::finished);
    runToEnd(runner, finished, job, writeStandIn(dir.path(), StandIn::NoGpu));
    QVERIFY(!finished.first().at(0).toBool());
    const QString message = finished.first().at(1).toString();
    QVERIFY2(message.startsWith("trtexec could not use a GPU: Cuda failure: no CUDA-capable device "
                                "is detected. "),
             qPrintable(message));
    QVERIFY2(message.endsWith(". See " + trtexecOutputs(job).buildLog + "."), qPrintable(message));
    QCOMPARE(recordedRuns(dir.path()).size(), 1); // no profile run after a failed build
}

void TestTrtexecRunner::explainsMissingTrtexec() {
    QTemporaryDir dir;
    const TrtexecJob job = jobIn(dir.path());
    TrtexecRunner runner;
    QSignalSpy finished(&runner, &TrtexecRunner::finished);
    QVERIFY(runner.start(job, dir.filePath("no/trtexec")));
    QCOMPARE(finished.size(), 1); // reported before start() returns
    QVERIFY(!finished.first().at(0).toBool());
    QCOMPARE(finished.first().at(1).toString(),
             "trtexec " + dir.filePath("no/trtexec") +
                 ": does not exist. Give the path of TensorRT's trtexec executable.");
    QVERIFY(!runner.isRunning());

    if (QFileInfo::exists("/usr/src/tensorrt/bin/trtexec"))
        QSKIP("TensorRT is installed here: trtexec cannot be missing");
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", dir.path().toUtf8()); // a folder without trtexec
    const TrtexecLocation location = locateTrtexec();
    qputenv("PATH", path);
    QVERIFY(location.path.isEmpty());
    for (const char* hint : {"trtexec was not found on PATH", "Install NVIDIA TensorRT",
                             "--trtexec PATH", "the trtexec field"})
        QVERIFY2(location.problem.contains(hint), qPrintable(location.problem));
}

void TestTrtexecRunner::refusesSecondRun() {
    QTemporaryDir dir;
    const QString trtexec = writeStandIn(dir.path(), StandIn::Sleeps);
    TrtexecRunner runner;
    QSignalSpy finished(&runner, &TrtexecRunner::finished);
    QVERIFY(runner.start(jobIn(dir.path()), trtexec));
    QVERIFY(runner.isRunning());
    QVERIFY(!runner.start(jobIn(dir.path()), trtexec));
    runner.cancel();
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.size(), 1);
}

void TestTrtexecRunner::cancelsPromptly() {
    QTemporaryDir dir;
    TrtexecRunner runner;
    QSignalSpy lines(&runner, &TrtexecRunner::outputLine);
    QSignalSpy finished(&runner, &TrtexecRunner::finished);
    QVERIFY(runner.start(jobIn(dir.path()), writeStandIn(dir.path(), StandIn::Sleeps)));
    QTRY_COMPARE_WITH_TIMEOUT(lines.size(), 2, 10000); // the stand-in is running
    QElapsedTimer clock;
    clock.start();
    runner.cancel();
    QVERIFY(finished.wait(5000));
    QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(finished.first(), QVariantList({false, QString("cancelled")}));
    QVERIFY(standInGone(dir.path()));
}

void TestTrtexecRunner::killsTrtexecIgnoringTerm() {
    QTemporaryDir dir;
    TrtexecRunner runner;
    QSignalSpy lines(&runner, &TrtexecRunner::outputLine);
    QSignalSpy finished(&runner, &TrtexecRunner::finished);
    QVERIFY(runner.start(jobIn(dir.path()), writeStandIn(dir.path(), StandIn::IgnoresTerm)));
    QTRY_COMPARE_WITH_TIMEOUT(lines.size(), 2, 10000);
    QElapsedTimer clock;
    clock.start();
    runner.cancel();
    QVERIFY(finished.wait(10000));
    QVERIFY2(clock.elapsed() < 4000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(finished.first(), QVariantList({false, QString("cancelled")}));
    QVERIFY(standInGone(dir.path()));
}

void TestTrtexecRunner::killsTrtexecWhenDestroyed() {
    QTemporaryDir dir;
    {
        TrtexecRunner runner;
        QSignalSpy lines(&runner, &TrtexecRunner::outputLine);
        QVERIFY(runner.start(jobIn(dir.path()), writeStandIn(dir.path(), StandIn::Sleeps)));
        QTRY_COMPARE_WITH_TIMEOUT(lines.size(), 2, 10000);
    }
    QVERIFY(standInGone(dir.path()));
}

PLANSCOPE_TEST_MAIN(TestTrtexecRunner, QCoreApplication)
#include "tst_trtexec_runner.moc"
