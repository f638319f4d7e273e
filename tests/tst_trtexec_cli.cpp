#include "CliRun.h"
#include "TrtexecStandIn.h"
#include "runner/TrtexecJob.h"

#include <QTemporaryDir>

using namespace planscope;
using planscope::test::announceStandIn;
using planscope::test::recordedRuns;
using planscope::test::StandIn;
using planscope::test::writeStandIn;

namespace {

using Run = planscope::test::CliRun;

// Runs `planscope profile ...` as a CI script would.
Run runProfile(const QStringList& arguments) {
    return planscope::test::runPlanscope(QStringList{"profile"} + arguments);
}

QString writeModel(const QString& dir) {
    QString model = QDir(dir).filePath("net.onnx");
    QFile file(model);
    file.open(QIODevice::WriteOnly);
    file.write("onnx");
    return model;
}

} // namespace

class TestTrtexecCli : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { announceStandIn(); }
    void printsCommandsOnDryRun();
    void buildsAndProfiles();
    void reportsTrtexecFailure();
    void refusesWhatCannotRun();
};

void TestTrtexecCli::printsCommandsOnDryRun() {
    QTemporaryDir dir;
    const QString trtexec = writeStandIn(dir.path(), StandIn::Succeeds);
    const TrtexecJob job{"my model.onnx", "out", {"--int8", "--shapes=x:1x3"}};
    const Run run = runProfile({"my model.onnx", "-o", "out", "--trtexec", trtexec, "--dry-run",
                                "--", "--int8", "--shapes=x:1x3"});
    QCOMPARE(run.status, 0);
    QCOMPARE(run.text(), shellCommand(trtexec, buildArguments(job)) + '\n' +
                             shellCommand(trtexec, profileArguments(job)) + '\n');
    QVERIFY(run.text().contains("'--onnx=my model.onnx'"));
    // The build is verbose, so its log keeps the tactics; --quiet-build leaves that out.
    QVERIFY(run.text().section('\n', 0, 0).contains(" --verbose "));
    const Run quiet = runProfile(
        {"my model.onnx", "-o", "out", "--trtexec", trtexec, "--dry-run", "--quiet-build"});
    QCOMPARE(quiet.status, 0);
    QVERIFY(!quiet.text().section('\n', 0, 0).contains("--verbose"));
    QVERIFY(quiet.text().section('\n', 1, 1).contains(" --verbose "));
    QVERIFY(recordedRuns(dir.path()).isEmpty()); // nothing ran
    const Run help = runProfile({"--help"});
    QCOMPARE(help.status, 0);
    for (const char* text : {"--dry-run", "--trtexec", "build-only", "--fp16", "--quiet-build"})
        QVERIFY2(help.text().contains(text), text);
}

void TestTrtexecCli::buildsAndProfiles() {
    QTemporaryDir dir;
    const QString trtexec = writeStandIn(dir.path(), StandIn::Succeeds);
    const TrtexecJob job{writeModel(dir.path()), dir.filePath("out"), {"--fp16"}};
    const Run run =
        runProfile({job.model, "-o", job.outputDir, "--trtexec", trtexec, "--", "--fp16"});
    QVERIFY2(run.status == 0, qPrintable(run.err));
    QVERIFY(run.err.isEmpty());
    QVERIFY(run.text().contains("Building the engine:\n  " +
                                shellCommand(trtexec, buildArguments(job))));
    QVERIFY(run.text().contains("Profiling the engine:\n  " +
                                shellCommand(trtexec, profileArguments(job))));
    QVERIFY(!run.text().contains("stand-in trtexec")); // trtexec's output goes to the logs only
    const TrtexecOutputs outputs = trtexecOutputs(job);
    for (const QString& file : runFiles(outputs)) {
        QVERIFY2(QFileInfo::exists(file), qPrintable(file));
        QVERIFY(run.text().contains("  " + file + '\n'));
    }
    QVERIFY(run.text().endsWith("Open it with: planscope " + outputs.engine + '\n'));

    const Run verbose = runProfile(
        {job.model, "-o", job.outputDir, "--trtexec", trtexec, "--verbose", "--", "--fp16"});
    QCOMPARE(verbose.status, 0);
    QCOMPARE(verbose.text().count("[I] stand-in trtexec: writing fixture files"), 2);
}

void TestTrtexecCli::reportsTrtexecFailure() {
    QTemporaryDir dir;
    const QString model = writeModel(dir.path());
    const Run run = runProfile(
        {model, "-o", dir.filePath("out"), "--trtexec", writeStandIn(dir.path(), StandIn::NoGpu)});
    QCOMPARE(run.status, 1);
    QVERIFY2(run.text().contains("Last lines of trtexec's output:\n"), qPrintable(run.text()));
    QVERIFY(run.text().contains("  &&&& FAILED TensorRT.trtexec\n"));
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.startsWith("planscope: error: trtexec could not use a GPU: Cuda failure: no "
                                "CUDA-capable device is detected."),
             qPrintable(run.err));
    QVERIFY(run.err.contains(dir.filePath("out/net.onnx.engine.build.log")));
}

void TestTrtexecCli::refusesWhatCannotRun() {
    QTemporaryDir dir;
    const QString model = writeModel(dir.path());
    const Run noTrtexec = runProfile({model, "-o", dir.path(), "--trtexec", dir.filePath("none")});
    QCOMPARE(noTrtexec.status, 2);
    QVERIFY2(noTrtexec.err.contains(dir.filePath("none") + ": does not exist"),
             qPrintable(noTrtexec.err));
    const Run noModel = runProfile({dir.filePath("missing.onnx"), "-o", dir.path(), "--trtexec",
                                    writeStandIn(dir.path(), StandIn::Succeeds)});
    QCOMPARE(noModel.status, 2);
    QVERIFY2(noModel.err.contains("missing.onnx: no such file"), qPrintable(noModel.err));
    QCOMPARE(runProfile({model}).status, 2); // no -o
    QVERIFY(recordedRuns(dir.path()).isEmpty());
}

PLANSCOPE_TEST_MAIN(TestTrtexecCli, QCoreApplication)
#include "tst_trtexec_cli.moc"
