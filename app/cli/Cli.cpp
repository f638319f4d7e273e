#include "cli/Cli.h"

#include "cli/CliSupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <map>
#include <memory>
#include <unistd.h>

namespace planscope {
namespace {

using Command = int (*)(const QStringList&);

struct CommandEntry {
    Command run;
    const char* summary;
    bool paints = false; // draws pictures: needs a QGuiApplication (offscreen is fine)
};

const std::map<QString, CommandEntry>& commands() {
    static const std::map<QString, CommandEntry> table = {
        {QStringLiteral("summary"),
         {summaryCommand, "Summarize a plan: size, latency, device, build."}},
        {QStringLiteral("check"),
         {checkCommand, "Check that a plan's files agree with each other (exit 1 on an error)."}},
        {QStringLiteral("layers"), {layersCommand, "List the layers (text, --json or --csv)."}},
        {QStringLiteral("lint"), {lintCommand, "Report layers with known performance hazards."}},
        {QStringLiteral("leads"),
         {leadsCommand, "What to fix first, ranked by the time at stake."}},
        {QStringLiteral("modules"),
         {modulesCommand, "Time by the modules of the model the engine came from."}},
        {QStringLiteral("compare"),
         {compareCommand, "Compare two plans layer by layer; gate on a slowdown."}},
        {QStringLiteral("convert-log"),
         {convertLogCommand, "Write trex's metadata (and profile) files from a trtexec log."}},
        {QStringLiteral("export-chart"),
         {exportChartCommand, "Export charts to PNG or SVG (--list shows them).", true}},
        {QStringLiteral("export-graph"),
         {exportGraphCommand, "Export the plan graph to SVG, PNG or DOT.", true}},
        {QStringLiteral("profile"),
         {profileCommand, "Build and profile an ONNX model with trtexec (needs a GPU)."}},
        {QStringLiteral("report"),
         {reportCommand, "Write a plan's (or a comparison's) report card to HTML or PDF.", true}},
        {QStringLiteral("accuracy"),
         {accuracyCommand,
          "Read a polygraphy run log: verdicts, errors, the first failing tensor and its layer."}},
        {QStringLiteral("tactics"),
         {tacticsCommand, "What the builder timed and chose per layer, from a verbose build log."}},
    };
    return table;
}

bool isHelp(const QString& a) {
    return a == "-h" || a == "--help" || a == "help";
}
bool isVersion(const QString& a) {
    return a == "-v" || a == "--version";
}

// Pictures need fonts, not a display; Qt also wants a private runtime folder, and warns on
// stderr without one, which scripts would take for an error.
void prepareOffscreenPainting() {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QString runtime =
            QDir::temp().filePath(QStringLiteral("planscope-runtime-%1").arg(getuid()));
        if (QDir().mkpath(runtime) &&
            QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
            qputenv("XDG_RUNTIME_DIR", runtime.toLocal8Bit());
    }
}

void printUsage() {
    out() << "PlanScope " << QCoreApplication::applicationVersion()
          << ": explore TensorRT engine plans.\n\n"
          << "Usage:\n"
          << "  planscope [PLAN]                  Open the explorer window (with PLAN).\n"
          << "  planscope COMMAND [options] PLAN  Run a command without a display.\n\n"
          << "PLAN is an engine prefix (x.onnx.engine), a graph JSON written by trtexec\n"
          << "--exportLayerInfo, or a folder holding one plan; sibling profile, timing and\n"
          << "metadata files are found automatically.\n\n"
          << "Commands:\n";
    for (const auto& [name, entry] : commands())
        out() << "  " << name.leftJustified(14) << entry.summary << '\n';
    out() << "\nRun 'planscope COMMAND --help' for the options of a command.\n";
    out().flush();
}

} // namespace

bool isCliInvocation(int argc, char** argv) {
    if (argc < 2)
        return false;
    const QString first = QString::fromLocal8Bit(argv[1]);
    // A word that is no command and no file is a mistyped command, not a plan for the window.
    const bool plainWord = !first.startsWith('-') && !first.contains('/') &&
                           !QFileInfo::exists(first) && !QFileInfo::exists(first + ".graph.json");
    return commands().count(first) || isHelp(first) || isVersion(first) || plainWord;
}

int runCli(int argc, char** argv) {
    const auto entry = commands().find(QString::fromLocal8Bit(argv[1]));
    const bool paints = entry != commands().end() && entry->second.paints;
    if (paints)
        prepareOffscreenPainting();
    std::unique_ptr<QCoreApplication> app = paints ? std::make_unique<QGuiApplication>(argc, argv)
                                                   : std::make_unique<QCoreApplication>(argc, argv);
    QStringList arguments = QCoreApplication::arguments();
    const QString first = arguments.value(1);
    if (isVersion(first)) {
        out() << "planscope " << QCoreApplication::applicationVersion() << '\n';
        out().flush();
        return 0;
    }
    if (isHelp(first)) {
        printUsage();
        return 0;
    }
    const auto command = commands().find(first);
    if (command == commands().end()) {
        err() << "planscope: unknown command '" << first
              << "': it is neither a command nor an existing plan (see planscope --help)"
              << Qt::endl;
        return 2;
    }
    arguments.removeAt(1);
    arguments[0] = QStringLiteral("planscope ") + first;
    return command->second.run(arguments);
}

} // namespace planscope
