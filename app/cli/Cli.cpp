#include "cli/Cli.h"

#include "cli/CliSupport.h"
#include "cli/ModelWeightsOption.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <map>

namespace planscope {
namespace {

using Command = int (*)(const QStringList&);

struct CommandEntry {
    Command run; // null for the commands in the app library (they draw or read ONNX models):
                 // runPaintingCommand() runs them
    const char* summary;
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
        {QStringLiteral("roofline"),
         {rooflineCommand,
          "How far each layer is from its GPU's speed of light (text, --json or --csv)."}},
        {QStringLiteral("compare"),
         {compareCommand, "Compare two plans layer by layer; gate on a slowdown."}},
        {QStringLiteral("convert-log"),
         {convertLogCommand, "Write trex's metadata (and profile) files from a trtexec log."}},
        {QStringLiteral("export-chart"),
         {nullptr, "Export charts to PNG or SVG (--list shows them)."}},
        {QStringLiteral("export-graph"), {nullptr, "Export the plan graph to SVG, PNG or DOT."}},
        {QStringLiteral("export-overlay"),
         {nullptr, "Put the layers' time, precision or module on the ONNX model's nodes, as "
                   "Model Explorer's node data."}},
        {QStringLiteral("profile"),
         {profileCommand, "Build and profile an ONNX model with trtexec (needs a GPU)."}},
        {QStringLiteral("report"),
         {nullptr, "Write a plan's (or a comparison's) report card to HTML or PDF."}},
        {QStringLiteral("accuracy"),
         {accuracyCommand,
          "Read a polygraphy run log: verdicts, errors, FP16 overflow, the first failing tensor "
          "and its layer."}},
        {QStringLiteral("tactics"),
         {tacticsCommand, "What the builder timed and chose per layer, from a verbose build log."}},
        {QStringLiteral("weights"),
         {nullptr, "The ONNX model beside the engine: nodes in no layer, each layer's weights, "
                   "sparsity and channel range."}},
    };
    return table;
}

bool isHelp(const QString& a) {
    return a == "-h" || a == "--help" || a == "help";
}
bool isVersion(const QString& a) {
    return a == "-v" || a == "--version";
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
        out() << "  " << name.leftJustified(16) << entry.summary << '\n';
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
    QStringList given; // the command's arguments, before Qt reads them
    for (int i = 2; i < argc; ++i)
        given << QString::fromLocal8Bit(argv[i]);
    // A command in the app library, or one that prints given an ONNX model to read (--onnx).
    if (const auto entry = commands().find(QString::fromLocal8Bit(argv[1]));
        entry != commands().end() && (!entry->second.run || namesModel(given)))
        return runPaintingCommand(argc, argv);
    const QCoreApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
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
    return command->second.run(commandArguments(arguments));
}

QStringList commandArguments(QStringList arguments) {
    const QString name = arguments.takeAt(1);
    arguments[0] = QStringLiteral("planscope ") + name;
    return arguments;
}

} // namespace planscope
