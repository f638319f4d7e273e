#include "report/LeadsReport.h"

#include "plan/FigureText.h"

namespace planscope::report {

void addLeads(Report& report, const PlanAnalysis& analysis, const QSet<int>& listed) {
    const EnginePlan& plan = analysis.plan();
    const PlanLeads& leads = analysis.leads();
    Section& section =
        report.addSection(QStringLiteral("leads"), QStringLiteral("What to fix first"));
    if (leads.leads.empty())
        section.blocks.emplace_back(
            Paragraph{QStringLiteral("No lead: none of their thresholds is met on this plan.")});
    else
        section.blocks.emplace_back(Paragraph{
            QStringLiteral("%1, most time at stake first: the time its layers take (ms) and "
                           "their share of the engine's %2.")
                .arg(countText(qint64(leads.leads.size()), QStringLiteral("lead")),
                     millisecondsText(leads.latencyMs))});
    Table table;
    table.columns = {{QStringLiteral("#"), true},
                     {QStringLiteral("Lead"), false, true},
                     {QStringLiteral("ms"), true},
                     {QStringLiteral("Share"), true},
                     {QStringLiteral("Evidence"), false, true},
                     {QStringLiteral("Next step"), false, true}};
    int rank = 0;
    for (const Lead& lead : leads.leads) {
        const int slowest = lead.aboutTheEngine() ? -1 : lead.layers.front();
        const QString layers =
            lead.aboutTheEngine()
                ? QStringLiteral("the engine as a whole")
                : QStringLiteral("%1, slowest %2")
                      .arg(countText(qint64(lead.layers.size()), QStringLiteral("layer")),
                           plan.layers[std::size_t(slowest)].name);
        table.rows.push_back(
            {{QString::number(++rank), {}},
             {QStringLiteral("%1\n(%2)\n%3").arg(lead.title, lead.id, layers),
              listed.contains(slowest) ? QStringLiteral("layer-%1").arg(slowest) : QString()},
             {numberText(lead.ms, 3), {}},
             {percentText(lead.percent), {}},
             {lead.evidence, {}},
             {lead.nextStep, {}}});
    }
    if (!table.rows.empty())
        section.blocks.emplace_back(std::move(table));
    for (const UnjudgedLead& u : leads.unjudged)
        section.blocks.emplace_back(
            Paragraph{QStringLiteral("%1 needs %2: %3").arg(u.id, u.needs, u.how), true});
    for (const QString& note : leads.notes)
        section.blocks.emplace_back(Paragraph{note, true});
}

} // namespace planscope::report
