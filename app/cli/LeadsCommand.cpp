#include "cli/CliSupport.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "leads/LeadCatalog.h"
#include "leads/LeadsJson.h"
#include "plan/FigureText.h"

namespace planscope {
namespace {

constexpr std::size_t kLayersListed = 10;

void printCatalog() {
    for (const LeadKind& kind : leadCatalog())
        out() << kind.id << "\n\twhen: " << kind.threshold
              << "\n\tneeds: " << leadNeedsText(kind.needs) << '\n';
}

void printLayers(const EnginePlan& plan, const Lead& lead) {
    if (lead.aboutTheEngine())
        return;
    QStringList names;
    for (std::size_t i = 0; i < std::min(lead.layers.size(), kLayersListed); ++i) {
        const Layer& layer = plan.layers[std::size_t(lead.layers[i])];
        names << QStringLiteral("%1 %2").arg(layer.index).arg(layer.name);
    }
    out() << "\tlayers: " << names.join(QStringLiteral("; "));
    if (lead.layers.size() > kLayersListed)
        out() << "; ... " << lead.layers.size() - kLayersListed << " more";
    out() << '\n';
}

void printLeads(const EnginePlan& plan, const PlanLeads& leads) {
    out() << "Leads for " << plan.name << " (latency " << millisecondsText(leads.latencyMs)
          << "), most time at stake first:\n";
    if (leads.leads.empty())
        out() << "\tNone: no lead's threshold is met (planscope leads --list gives them).\n";
    int rank = 0;
    for (const Lead& lead : leads.leads) {
        out() << '\n'
              << ++rank << ". [" << lead.id << "] " << lead.title << '\n'
              << "\tat stake: "
              << (lead.ms ? QStringLiteral("%1 (%2)").arg(millisecondsText(lead.ms),
                                                          percentText(lead.percent))
                          : kMissingText + (lead.aboutTheEngine()
                                                ? QStringLiteral(" (nothing the engine can save)")
                                                : QStringLiteral(" (no per-layer timings)")))
              << ", "
              << (lead.aboutTheEngine() ? QStringLiteral("the engine as a whole")
                                        : countText(qint64(lead.layers.size()), "layer"));
        if (lead.unmeasured > 0 && lead.ms)
            out() << " (" << lead.unmeasured << " without timing)";
        out() << "\n\tevidence: " << lead.evidence << "\n\tnext step: " << lead.nextStep << '\n';
        printLayers(plan, lead);
    }
    if (!leads.unjudged.empty())
        out() << "\nNot judged on this plan:\n";
    for (std::size_t i = 0; i < leads.unjudged.size();) { // those that need the same, together
        QStringList ids;
        const UnjudgedLead& first = leads.unjudged[i];
        for (; i < leads.unjudged.size() && leads.unjudged[i].needs == first.needs; ++i)
            ids << leads.unjudged[i].id;
        out() << '\t' << ids.join(QStringLiteral(", ")) << (ids.size() > 1 ? " need " : " needs ")
              << first.needs << ". " << first.how << '\n';
    }
    for (const QString& note : leads.notes)
        out() << "\nNote: " << note << '\n';
    for (const QString& warning : plan.warnings)
        out() << "\nWarning: " << warning << '\n';
}

} // namespace

int leadsCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(
            QStringLiteral("What to fix first: leads ranked by the time at stake."));
        addPlanOptions(parser);
        const OutputFormatOption output(parser, OutputFormatOption::JsonOnly);
        const QCommandLineOption list(QStringLiteral("list"),
                                      QStringLiteral("List every lead with its threshold."));
        parser.addOption(list);
        if (!parseArguments(parser, arguments))
            return 0;
        if (parser.isSet(list)) {
            printCatalog();
            return 0;
        }
        const PlanAnalysis& analysis = analysisFromArguments(parser);
        const EnginePlan& plan = analysis.plan();
        const PlanLeads& leads = analysis.leads();
        if (output.format() == OutputFormat::Json)
            out() << QString::fromStdString(leadsJson(plan, leads).dump(2)) << '\n';
        else
            printLeads(plan, leads);
        return 0;
    });
}

} // namespace planscope
