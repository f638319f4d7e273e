#include "TrtexecJob.h"
#include "TrtexecStandIn.h"

#include <QProcess>
#include <QTemporaryDir>

using namespace planscope;
using planscope::test::announceStandIn;
using planscope::test::recordedRuns;
using planscope::test::StandIn;
using planscope::test::writeStandIn;

namespace {

struct Run {
    int status = -1;
    QString out;
    QString err;
};

// Runs `planscope profile ...` as a CI script would.
Run runProfile(const QStringList& arguments) {
    QProcess process;
    process.start(QStringLiteral(PLANSCOPE_BINARY), QStringList{"profile"} + arguments);
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QString writeModel(const QString& dir) {
    const QString model = QDir(dir).filePath("net.onnx");
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
    QCOMPARE(run.out, shellCommand(trtexec, buildArguments(job)) + '\n' +
                          shellCommand(trtexec, profileArguments(job)) + '\n');
    QVERIFY(run.out.contains("'--onnx=my model.onnx'"));
    QVERIFY(recordedRuns(dir.path()).isEmpty()); // nothing ran
    const Run help = runProfile({"--help"});
    QCOMPARE(help.status, 0);
    for (const char* text : {"--dry-run", "--trtexec", "build-only", "--fp16"})
        QVERIFY2(help.out.contains(text), text);
}

void TestTrtexecCli::buildsAndProfiles() {
    QTemporaryDir dir;
    const QString trtexec = writeStandIn(dir.path(), StandIn::Succeeds);
    const TrtexecJob job{writeModel(dir.path()), dir.filePath("out"), {"--fp16"}};
    const Run run =
        runProfile({job.model, "-o", job.outputDir, "--trtexec", trtexec, "--", "--fp16"});
    QVERIFY2(run.status == 0, qPrintable(run.err));
    QVERIFY(run.err.isEmpty());
    QVERIFY(
        run.out.contains("Building the engine:\n  " + shellCommand(trtexec, buildArguments(job))));
    QVERIFY(run.out.contains("Profiling the engine:\n  " +
                             shellCommand(trtexec, profileArguments(job))));
    QVERIFY(!run.out.contains("stand-in trtexec")); // trtexec's output goes to the logs only
    const TrtexecOutputs outputs = trtexecOutputs(job);
    for (const QString& file : runFiles(outputs)) {
        QVERIFY2(QFileInfo::exists(file), qPrintable(file));
        QVERIFY(run.out.contains("  " + file + '\n'));
    }
    QVERIFY(run.out.endsWith("Open it with: planscope " + outputs.engine + '\n'));

    const Run verbose = runProfile(
        {job.model, "-o", job.outputDir, "--trtexec", trtexec, "--verbose", "--", "--fp16"});
    QCOMPARE(verbose.status, 0);
    QCOMPARE(verbose.out.count("[I] stand-in trtexec: writing fixture files"), 2);
}

void TestTrtexecCli::reportsTrtexecFailure() {
    QTemporaryDir dir;
    const QString model = writeModel(dir.path());
    const Run run = runProfile(
        {model, "-o", dir.filePath("out"), "--trtexec", writeStandIn(dir.path(), StandIn::NoGpu)});
    QCOMPARE(run.status, 1);
    QVERIFY2(run.out.contains("Last lines of trtexec's output:\n"), qPrintable(run.out));
    QVERIFY(run.out.contains("  &&&& FAILED TensorRT.trtexec\n"));
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
