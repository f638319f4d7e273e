#include "cli/CliSupport.h"
#include "cli/OutputFormat.h"
#include "io/PlanLoader.h"
#include "io/log/TacticLogReader.h"
#include "plan/FigureText.h"
#include "tactics/TacticJson.h"

namespace planscope {
namespace {

QString msText(const std::optional<double>& ms) {
    return ms ? QString::number(*ms, 'g', 4) : QStringLiteral("-");
}

void printTable(const TacticLog& log) {
    out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n")
                 .arg(QStringLiteral("timings"), 7)
                 .arg(QStringLiteral("fastest ms"), 10)
                 .arg(QStringLiteral("chosen tactic"), -18)
                 .arg(QStringLiteral("chosen ms"), 9)
                 .arg(QStringLiteral("ratio"), 6)
                 .arg(QStringLiteral("tune s"), 7)
                 .arg(QStringLiteral("layer"), -5)
                 .arg(QStringLiteral("subject"));
    for (const TacticSubject& s : log.subjects) {
        const TacticSummary summary = summarizeSubject(log, s);
        const std::optional<double> fastest =
            summary.fastest ? std::optional(summary.fastest->timeMs) : std::nullopt;
        const QString ratio = fastest && summary.chosenMs && *fastest > 0
                                  ? QString::number(*summary.chosenMs / *fastest, 'f', 2)
                                  : QStringLiteral("-");
        out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n")
                     .arg(s.timings.size(), 7)
                     .arg(msText(fastest), 10)
                     .arg(summary.chosen ? tacticText(summary.chosen->tactic) : QStringLiteral("-"),
                          -18)
                     .arg(msText(summary.chosenMs), 9)
                     .arg(ratio, 6)
                     .arg(numberText(s.autotuneSeconds, 3), 7)
                     .arg(s.layer.isEmpty() ? QStringLiteral("-") : QStringLiteral("yes"), -5)
                     .arg(s.name);
        // The chosen kernel on a line of its own: its name is often longer than the table.
        if (summary.chosen) {
            const QString kernel = s.kernelOf(*summary.chosen);
            out() << QStringLiteral("%1  chosen: %2%3\n")
                         .arg(QString(), 7)
                         .arg(summary.chosen->runner,
                              kernel.isEmpty() ? QString() : QStringLiteral(" ") + kernel);
        }
    }
    out() << QStringLiteral("%1 subjects, %2 timings")
                 .arg(log.subjects.size())
                 .arg(log.timingCount());
    if (!log.cachedOnly.empty())
        out() << QStringLiteral(", %1 more only from the timing cache").arg(log.cachedOnly.size());
    if (log.buildSeconds)
        out() << QStringLiteral("; engine built in %1 s").arg(*log.buildSeconds);
    out() << '\n';
}

} // namespace

int tacticsCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "What the builder tried for every layer: each tactic timed, runners skipped, the "
            "choice and autotuning time, from a verbose build log (trtexec --verbose)."));
        parser.addPositionalArgument(QStringLiteral("LOG"),
                                     QStringLiteral("Verbose build log (trtexec --verbose)."));
        const QCommandLineOption plan(
            QStringLiteral("plan"),
            QStringLiteral("Engine plan to link the subjects to (else the log's layer list)."),
            QStringLiteral("PLAN"));
        parser.addOption(plan);
        const OutputFormatOption output(parser, OutputFormatOption::JsonOnly);
        if (!parseArguments(parser, arguments))
            return 0;
        const QStringList positional = parser.positionalArguments();
        if (positional.size() != 1)
            throw UsageError(positional.isEmpty() ? "missing LOG" : "expected one LOG");
        TacticLog log = readTacticLog(positional.first());
        if (parser.isSet(plan))
            log.linkEngine(engineLayersOf(loadPlan(parser.value(plan))));
        if (output.format() == OutputFormat::Json)
            out() << QString::fromStdString(tacticLogJson(log).dump(2)) << '\n';
        else
            printTable(log);
        return 0;
    });
}

} // namespace planscope
