#include "CliSupport.h"
#include "Linter.h"
#include "PlanJson.h"
#include "PlanOptions.h"

namespace planscope {
namespace {

void printFindings(const std::vector<LintFinding>& findings) {
    if (findings.empty()) {
        out() << "No findings.\n";
        return;
    }
    for (const LintFinding& f : findings) {
        out() << severityName(f.severity) << " [" << f.rule << "] layer " << f.layerIndex << ' '
              << f.layerName << '\n'
              << "\thazard: " << f.hazard << '\n';
        for (const auto& [key, value] : f.details)
            out() << '\t' << key << ": " << value << '\n';
        if (!f.mitigation.isEmpty())
            out() << "\tmitigation: " << f.mitigation << '\n';
        out() << "\thelp: " << f.help << '\n';
    }
    out() << findings.size() << " finding(s).\n";
}

} // namespace

int lintCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Check an engine plan for known hazards."));
        addPlanOptions(parser);
        const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
        parser.addOption(json);
        if (!parseArguments(parser, arguments))
            return 0;
        const EnginePlan plan = loadPlanFromArguments(parser);
        const auto findings = lintPlan(plan);
        if (parser.isSet(json))
            out() << QString::fromStdString(findingsJson(findings).dump(2)) << '\n';
        else
            printFindings(findings);
        return 0;
    });
}

} // namespace planscope
