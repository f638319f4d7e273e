#include "Linter.h"

#include "ConvolutionLinter.h"
#include "QdqLinter.h"
#include "TypeConversionLinter.h"

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

std::vector<std::unique_ptr<Linter>> standardLinters() {
    std::vector<std::unique_ptr<Linter>> linters;
    linters.push_back(std::make_unique<ConvolutionLinter>());
    linters.push_back(std::make_unique<TypeConversionLinter>(
        QStringLiteral("Reformat"), QStringLiteral("reformat-type-conversion")));
    linters.push_back(std::make_unique<TypeConversionLinter>(
        QStringLiteral("Slice"), QStringLiteral("slice-type-conversion")));
    linters.push_back(std::make_unique<QdqLinter>());
    return linters;
}

std::vector<LintFinding> lintPlan(const EnginePlan& plan) {
    std::vector<LintFinding> findings;
    for (const auto& linter : standardLinters())
        linter->lint(plan, findings);
    return findings;
}

} // namespace planscope
