#include "report/TacticsReport.h"

#include "plan/FigureText.h"
#include "tactics/TacticLog.h"

namespace planscope::report {
namespace {

QString ms(const std::optional<double>& value) {
    return value ? QString::number(*value, 'g', 4) : QStringLiteral("-");
}

QString buildsText(const TacticLog& log) {
    QStringList builds;
    for (const BuildPass& b : log.builds) {
        QString text = b.strategy >= 0 ? QStringLiteral("backend strategy %1").arg(b.strategy)
                                       : QStringLiteral("one build");
        if (b.tacticSelectionSeconds)
            text += QStringLiteral(", tactic selection %1 s").arg(*b.tacticSelectionSeconds);
        if (b.kept && log.builds.size() > 1)
            text += QStringLiteral(" (kept)");
        builds << text;
    }
    return builds.join(QStringLiteral("; "));
}

} // namespace

void addTactics(Report& report, const EnginePlan& plan) {
    if (!plan.tactics)
        return;
    const TacticLog& log = *plan.tactics;
    Table table;
    table.columns = {{QStringLiteral("#"), true},
                     {QStringLiteral("Layer"), false, true},
                     {QStringLiteral("Timed"), true},
                     {QStringLiteral("Fastest (ms)"), true},
                     {QStringLiteral("Chosen tactic")},
                     {QStringLiteral("Chosen (ms)"), true},
                     {QStringLiteral("Chosen / fastest"), true},
                     {QStringLiteral("Autotuning (s)"), true}};
    for (const Layer& l : plan.layers) {
        const TacticSubject* s = log.subjectForLayer(l.name);
        if (!s)
            continue;
        const TacticSummary summary = summarizeSubject(log, *s);
        const std::optional<double> fastest =
            summary.fastest ? std::optional(summary.fastest->timeMs) : std::nullopt;
        const QString ratio = fastest && summary.chosenMs && *fastest > 0
                                  ? QString::number(*summary.chosenMs / *fastest, 'f', 2)
                                  : QStringLiteral("-");
        table.rows.push_back(
            {{QString::number(l.index), {}},
             {l.name, {}},
             {QString::number(s->timings.size()), {}},
             {ms(fastest), {}},
             {summary.chosen ? tacticText(summary.chosen->tactic) : QStringLiteral("-"), {}},
             {ms(summary.chosenMs), {}},
             {ratio, {}},
             {numberText(s->autotuneSeconds, 3), {}}});
    }
    Section& section =
        report.addSection(QStringLiteral("tactics"), QStringLiteral("Tactics (verbose build log)"));
    section.blocks.emplace_back(Paragraph{
        QStringLiteral("From %1: %2, %3 timed. Builds: %4.")
            .arg(log.path, countText(qint64(log.subjects.size()), QStringLiteral("subject")),
                 countText(log.timingCount(), QStringLiteral("tactic")), buildsText(log))});
    section.blocks.emplace_back(std::move(table));
}

} // namespace planscope::report
