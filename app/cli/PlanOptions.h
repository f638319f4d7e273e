#pragma once

#include "analysis/PlanAnalysis.h"
#include "io/PlanLoader.h"
#include "plan/EnginePlan.h"

#include <QCommandLineParser>

namespace planscope {

// The PLAN argument and the options every plan-reading subcommand shares.
void addPlanOptions(QCommandLineParser& parser);

// --allow-partial-profile: a profile naming fewer than half of the layers is used all the same.
inline const QString kAllowPartialProfileHelp = QStringLiteral(
    "Use a profile in which fewer than half of the layers find their record (another build's) "
    "all the same.");
bool allowsPartialProfile(const QCommandLineParser& parser);

// Loads the plan named on the command line, with `options` completed from it; throws PlanError
// (or UsageError) on bad input. The plan lives until the process ends.
const EnginePlan& loadPlanFromArguments(const QCommandLineParser& parser, LoadOptions options = {});

// The analysis of that plan, linted with `lint`, with the model's weights when the command takes
// and is given --onnx (cli/ModelWeightsOption); it lives until the process ends too.
const PlanAnalysis& analysisFromArguments(const QCommandLineParser& parser,
                                          LoadOptions options = {}, LintSettings lint = {});

} // namespace planscope
