#include "lint/LintCatalog.h"

#include "lint/ConvolutionLinter.h"
#include "lint/EngineLinters.h"
#include "lint/FusionLinter.h"
#include "lint/PaddingLinter.h"
#include "lint/QdqLinter.h"
#include "lint/ResidualLinter.h"
#include "lint/TypeConversionLinter.h"
#include "lint/WeightLinter.h"

namespace planscope {

std::vector<std::unique_ptr<Linter>> standardLinters() {
    std::vector<std::unique_ptr<Linter>> linters;
    linters.push_back(std::make_unique<ConvolutionLinter>());
    linters.push_back(std::make_unique<TypeConversionLinter>(QStringLiteral("Reformat"),
                                                             lintrules::kReformatTypeConversion));
    linters.push_back(std::make_unique<TypeConversionLinter>(QStringLiteral("Slice"),
                                                             lintrules::kSliceTypeConversion));
    linters.push_back(std::make_unique<QdqLinter>());
    linters.push_back(std::make_unique<PaddingLinter>());
    linters.push_back(std::make_unique<FusionLinter>());
    linters.push_back(std::make_unique<ResidualLinter>());
    linters.push_back(std::make_unique<PrecisionFallbackLinter>());
    linters.push_back(std::make_unique<BatchLinter>());
    linters.push_back(std::make_unique<SparsityLinter>());
    return linters;
}

QStringList standardRules() {
    QStringList rules;
    for (const auto& linter : standardLinters())
        rules << linter->rules();
    return rules << modelWeightRules();
}

} // namespace planscope
