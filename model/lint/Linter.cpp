#include "lint/Linter.h"

#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"
#include "plan/FigureText.h"
#include "plan/SideBySide.h"

namespace planscope {

QString severityName(Severity severity) {
    switch (severity) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Error:
        return QStringLiteral("error");
    }
    return {};
}

std::vector<LintFinding> lintPlan(const EnginePlan& plan, const LintSettings& settings) {
    // The linters only read the plan: they run side by side, their findings kept in their order.
    const std::vector<std::unique_ptr<Linter>> linters = standardLinters();
    std::vector<std::vector<LintFinding>> foundByLinter = sideBySide<std::vector<LintFinding>>(
        linters.size(), [&plan, &settings, &linters](std::size_t i) {
            std::vector<LintFinding> found;
            linters[i]->lint(plan, settings, found);
            return found;
        });
    std::vector<LintFinding> findings;
    for (std::vector<LintFinding>& found : foundByLinter) {
        findings.insert(findings.end(), std::make_move_iterator(found.begin()),
                        std::make_move_iterator(found.end()));
    }
    std::erase_if(findings, [&](const LintFinding& f) {
        return !settings.runs(f.rule) || !settings.covers(f.layerIndex);
    });
    return findings;
}

bool lintCanRun(const EnginePlan& plan) {
    return !plan.namesOnly && !plan.layers.empty();
}

QString latencyText(const Layer& layer) {
    if (!layer.timing.measured)
        return kMissingText;
    return QStringLiteral("%1 ms (%2 %)")
        .arg(layer.timing.averageMs, 0, 'f', 4)
        .arg(layer.timing.percent, 0, 'f', 1);
}

LintFinding findingOn(const Layer& layer, const QString& rule, Severity severity) {
    LintFinding f;
    f.rule = rule;
    f.severity = severity;
    f.layerIndex = layer.index;
    f.layerName = layer.name;
    return f;
}

} // namespace planscope
