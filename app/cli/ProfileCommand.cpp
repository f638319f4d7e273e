#include "cli/CliSupport.h"
#include "plan/PlanError.h"
#include "runner/TrtexecLocator.h"
#include "runner/TrtexecRunner.h"

#include <QEventLoop>
#include <QFileInfo>

namespace planscope {
namespace {

constexpr int kTailLines = 30; // log lines shown when a step fails

const char* kDescription =
    "Build MODEL.onnx into a TensorRT engine with trtexec, then profile it, as trex's\n"
    "process_engine does. DIR receives MODEL.onnx.engine and its .graph.json, .profile.json,\n"
    ".timing.json, .build.log and .profile.log (trtexec's output), and timing.cache.\n"
    "Needs TensorRT's trtexec and an NVIDIA GPU; --dry-run only prints the two commands.\n\n"
    "Options after -- go to trtexec: all of them to the build, and all but the build-only\n"
    "ones (precision such as --fp16, --int8 or --best; --minShapes/--optShapes/--maxShapes;\n"
    "--memPoolSize, --timingCacheFile ...) to the profile run too, so --shapes, --device or\n"
    "--plugins reach both.\n\n"
    "The build runs with trtexec --verbose, so .build.log records every tactic the builder\n"
    "timed (planscope tactics, and the inspector's Tactics section); --quiet-build turns it "
    "off.\n\n"
    "The commands are printed before they run; trtexec's output goes to the logs (and to\n"
    "stdout with --verbose). Exit status: 0 done, 1 trtexec failed (the log's last lines and\n"
    "the reason are printed), 2 wrong usage, no model or no trtexec.";

struct RunResult {
    bool success = false;
    QString message;
};

RunResult runJob(const TrtexecJob& job, const QString& trtexec, bool verbose) {
    TrtexecRunner runner;
    QEventLoop loop;
    RunResult result;
    bool done = false;
    QStringList tail;
    QObject::connect(
        &runner, &TrtexecRunner::stepStarted, [&](TrtexecStep step, const QString& command) {
            const TrtexecOutputs outputs = trtexecOutputs(job);
            const bool build = step == TrtexecStep::Build;
            out() << (build ? "Building the engine:\n  " : "Profiling the engine:\n  ") << command
                  << "\n  log: " << (build ? outputs.buildLog : outputs.profileLog) << Qt::endl;
            tail.clear();
        });
    QObject::connect(&runner, &TrtexecRunner::outputLine, [&](const QString& line) {
        if (verbose)
            out() << line << Qt::endl;
        tail << line;
        if (tail.size() > kTailLines)
            tail.removeFirst();
    });
    QObject::connect(&runner, &TrtexecRunner::finished, [&](bool success, const QString& message) {
        result = {success, message};
        done = true;
        loop.quit();
    });
    runner.start(job, trtexec);
    if (!done) // start() reports a run that cannot begin before it returns
        loop.exec();
    if (!result.success && !verbose && !tail.isEmpty())
        out() << "Last lines of trtexec's output:\n  " << tail.join(QStringLiteral("\n  ")) << '\n';
    return result;
}

} // namespace

int profileCommand(const QStringList& arguments) {
    return runGuarded([&] {
        const qsizetype dashes = arguments.indexOf(QStringLiteral("--"));
        const QStringList trtexecArguments = dashes < 0 ? QStringList{} : arguments.mid(dashes + 1);
        QCommandLineParser parser;
        parser.setApplicationDescription(QString::fromLatin1(kDescription));
        parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("The ONNX model."),
                                     QStringLiteral("MODEL.onnx"));
        parser.addPositionalArgument(QStringLiteral("--"), QStringLiteral("Options for trtexec."),
                                     QStringLiteral("[-- TRTEXEC_OPTIONS...]"));
        const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                        QStringLiteral("Folder for the engine, exports and logs."),
                                        QStringLiteral("DIR"));
        const QCommandLineOption trtexec(
            QStringLiteral("trtexec"),
            QStringLiteral("trtexec to run (default: PATH, then /usr/src/tensorrt/bin)."),
            QStringLiteral("PATH"));
        const QCommandLineOption dryRun(QStringLiteral("dry-run"),
                                        QStringLiteral("Print the two commands and exit."));
        const QCommandLineOption verbose(QStringLiteral("verbose"),
                                         QStringLiteral("Also print trtexec's output."));
        const QCommandLineOption quietBuild(
            QStringLiteral("quiet-build"),
            QStringLiteral("Build without trtexec --verbose: a short build log, without the "
                           "tactics planscope tactics reads."));
        parser.addOptions({output, trtexec, dryRun, verbose, quietBuild});
        if (!parseArguments(parser, dashes < 0 ? arguments : arguments.mid(0, dashes)))
            return 0;
        if (parser.positionalArguments().size() != 1)
            throw UsageError("profile needs one ONNX model");
        if (!parser.isSet(output))
            throw UsageError("profile needs an output folder: -o DIR");
        const TrtexecJob job{parser.positionalArguments().first(), parser.value(output),
                             trtexecArguments, !parser.isSet(quietBuild)};
        const TrtexecLocation location = locateTrtexec(parser.value(trtexec));
        if (parser.isSet(dryRun)) {
            const QString program =
                location.path.isEmpty() ? QStringLiteral("trtexec") : location.path;
            out() << shellCommand(program, buildArguments(job)) << '\n'
                  << shellCommand(program, profileArguments(job)) << '\n';
            return 0;
        }
        if (!QFileInfo(job.model).isFile())
            throw PlanError(
                QStringLiteral("%1: no such file. Give the path of an ONNX model.").arg(job.model));
        if (!location.problem.isEmpty())
            throw PlanError(location.problem);
        const RunResult result = runJob(job, location.path, parser.isSet(verbose));
        if (!result.success) {
            out().flush();
            err() << "planscope: error: " << result.message << Qt::endl;
            return 1;
        }
        out() << "Wrote:\n";
        for (const QString& file : runFiles(trtexecOutputs(job)))
            out() << "  " << file << '\n';
        out() << "Open it with: planscope " << trtexecOutputs(job).engine << '\n';
        return 0;
    });
}

} // namespace planscope
