#include "Cli.h"

#include "CliSupport.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <map>

namespace planscope {
namespace {

using Command = int (*)(const QStringList&);

struct CommandEntry {
    Command run;
    const char* summary;
};

const std::map<QString, CommandEntry>& commands() {
    static const std::map<QString, CommandEntry> table = {
        {QStringLiteral("summary"),
         {summaryCommand, "Summarize a plan: size, latency, device, build."}},
        {QStringLiteral("layers"), {layersCommand, "List the layers (text, --json or --csv)."}},
        {QStringLiteral("lint"), {lintCommand, "Report layers with known performance hazards."}},
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
        out() << "  " << name.leftJustified(10) << entry.summary << '\n';
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
    QCoreApplication app(argc, argv);
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
