#include "cli/CliSupport.h"
#include "cli/ModelWeightsOption.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "lint/LintCatalog.h"
#include "lint/LintJson.h"
#include "lint/Linter.h"
#include "plan/PlanError.h"

#include <map>

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

QStringList listValues(const QCommandLineParser& parser, const QString& option) {
    QStringList values;
    for (const QString& value : parser.values(option))
        values << value.split(',', Qt::SkipEmptyParts);
    for (const QString& rule : values)
        if (!standardRules().contains(rule))
            throw UsageError("unknown rule '" + rule.toStdString() +
                             "' (see planscope lint --list-rules)");
    return values;
}

LintSettings settingsFrom(const QCommandLineParser& parser) {
    LintSettings settings;
    for (const QString& rule : listValues(parser, QStringLiteral("disable")))
        settings.disabled.insert(rule);
    const QStringList only = listValues(parser, QStringLiteral("only"));
    if (!only.isEmpty())
        for (const QString& rule : standardRules())
            if (!only.contains(rule))
                settings.disabled.insert(rule);
    try {
        for (const QString& assignment : parser.values(QStringLiteral("set")))
            settings.setThreshold(assignment);
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--set: ") + e.what());
    }
    return settings;
}

// The gate: exit 1 when a finding is at least as severe as `level`, with a one-line reason.
int gate(const std::vector<LintFinding>& findings, const QString& level) {
    const Severity limit = level == QLatin1String("error") ? Severity::Error : Severity::Warning;
    std::map<QString, int> failing;
    for (const LintFinding& f : findings)
        if (f.severity >= limit)
            ++failing[f.rule];
    if (failing.empty())
        return 0;
    QStringList rules;
    int count = 0;
    for (const auto& [rule, n] : failing) {
        rules << QStringLiteral("%1 x%2").arg(rule).arg(n);
        count += n;
    }
    err() << "planscope: lint gate failed: " << count << " finding(s) at " << level << " or above ("
          << rules.join(QStringLiteral(", ")) << ")" << Qt::endl;
    return 1;
}

} // namespace

int lintCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Check an engine plan for known hazards."));
        addPlanOptions(parser);
        addModelWeightsOption(parser);
        const OutputFormatOption output(parser, OutputFormatOption::JsonOnly);
        const QCommandLineOption listRules(QStringLiteral("list-rules"),
                                           QStringLiteral("List the rules and thresholds."));
        const QCommandLineOption disable(QStringLiteral("disable"),
                                         QStringLiteral("Do not run RULE (repeatable, or "
                                                        "comma-separated)."),
                                         QStringLiteral("RULE"));
        const QCommandLineOption only(QStringLiteral("only"),
                                      QStringLiteral("Run only RULE (repeatable, or "
                                                     "comma-separated)."),
                                      QStringLiteral("RULE"));
        const QCommandLineOption set(
            QStringLiteral("set"),
            QStringLiteral("Set a threshold, e.g. shuffle-percent=5 (see --list-rules)."),
            QStringLiteral("NAME=VALUE"));
        const QCommandLineOption failOn(
            QStringLiteral("fail-on"),
            QStringLiteral("Exit 1 when a finding is at LEVEL or above: warning or error."),
            QStringLiteral("LEVEL"));
        parser.addOptions({listRules, disable, only, set, failOn});
        if (!parseArguments(parser, arguments))
            return 0;
        if (parser.isSet(listRules)) {
            out() << "Rules:\n\t" << standardRules().join(QStringLiteral("\n\t"))
                  << "\nThresholds (--set NAME=VALUE):\n\t"
                  << LintSettings().describeThresholds().join(QStringLiteral("\n\t")) << '\n';
            return 0;
        }
        const QString level = parser.value(failOn);
        if (parser.isSet(failOn) && level != QLatin1String("warning") &&
            level != QLatin1String("error"))
            throw UsageError("--fail-on takes warning or error");
        const LintSettings settings = settingsFrom(parser);
        const PlanAnalysis& analysis = analysisFromArguments(parser, {}, settings);
        const auto& findings = analysis.findings();
        // A names-only plan, or a run without layers, gives no rule anything to read: no finding
        // is no verdict.
        const QString nothingToRead =
            lintCanRun(analysis.plan()) ? QString()
            : analysis.plan().namesOnly
                ? QStringLiteral("%1 lists layer names only, so types, tensors and precisions "
                                 "are unknown: no lint rule can run. Export the graph with "
                                 "trtexec --profilingVerbosity=detailed "
                                 "--exportLayerInfo=PREFIX.graph.json.")
                      .arg(analysis.plan().name)
                : QStringLiteral("%1 is a run without layers: no lint rule can run. Run trtexec "
                                 "with --dumpLayerInfo --profilingVerbosity=detailed, or open the "
                                 "log beside the plan's graph JSON (--log).")
                      .arg(analysis.plan().name);
        if (output.format() == OutputFormat::Json)
            out() << QString::fromStdString(findingsJson(findings).dump(2)) << '\n';
        else if (!nothingToRead.isEmpty())
            out() << nothingToRead << '\n';
        else
            printFindings(findings);
        out().flush();
        if (parser.isSet(failOn) && !nothingToRead.isEmpty())
            throw PlanError(QStringLiteral("the lint gate cannot judge: ") + nothingToRead);
        return parser.isSet(failOn) ? gate(findings, level) : 0;
    });
}

} // namespace planscope
