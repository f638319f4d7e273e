#include "cli/PlanOptions.h"

#include "cli/CliSupport.h"
#include "cli/ModelWeightsOption.h"
#include "io/PlanLoader.h"
#include "plan/KeepUntilExit.h"

#include <memory>

namespace planscope {
namespace {

const QString kProfile = QStringLiteral("profile");
const QString kProfileJson = QStringLiteral("profile-json");
const QString kTimingJson = QStringLiteral("timing-json");
const QString kProfileMetadata = QStringLiteral("profile-metadata");
const QString kBuildMetadata = QStringLiteral("build-metadata");
const QString kAllowPartialProfile = QStringLiteral("allow-partial-profile");
const QString kLog = QStringLiteral("log");

} // namespace

void addPlanOptions(QCommandLineParser& parser) {
    parser.addPositionalArgument(
        QStringLiteral("PLAN"),
        QStringLiteral("Engine prefix (x.onnx.engine), graph JSON, trtexec log, or a folder with "
                       "one plan."));
    parser.addOptions({
        {kProfile, QStringLiteral("Optimization profile to show (default 0)."), QStringLiteral("N"),
         QStringLiteral("0")},
        {kProfileJson, QStringLiteral("Per-layer profile (--exportProfile) to use."),
         QStringLiteral("FILE")},
        {kTimingJson, QStringLiteral("Per-iteration timing (--exportTimes) to use."),
         QStringLiteral("FILE")},
        {kProfileMetadata, QStringLiteral("Profile metadata JSON to use."), QStringLiteral("FILE")},
        {kBuildMetadata, QStringLiteral("Build metadata JSON to use."), QStringLiteral("FILE")},
        {kLog,
         QStringLiteral("trtexec log to read beside the plan (repeatable): device, build and "
                        "performance sections, and per-layer timings without a profile JSON."),
         QStringLiteral("FILE")},
        {kAllowPartialProfile, kAllowPartialProfileHelp},
    });
}

bool allowsPartialProfile(const QCommandLineParser& parser) {
    return parser.isSet(kAllowPartialProfile);
}

namespace {

std::shared_ptr<const EnginePlan> sharedPlanFromArguments(const QCommandLineParser& parser,
                                                          LoadOptions options) {
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        throw UsageError("missing PLAN");
    if (positional.size() > 1)
        throw UsageError("expected one PLAN, got " + std::to_string(positional.size()));
    bool ok = false;
    options.profile = parser.value(kProfile).toInt(&ok);
    if (!ok || options.profile < 0)
        throw UsageError("--profile takes a number from 0");
    options.profileJson = parser.value(kProfileJson);
    options.timingJson = parser.value(kTimingJson);
    options.profileMetadata = parser.value(kProfileMetadata);
    options.buildMetadata = parser.value(kBuildMetadata);
    options.logs = parser.values(kLog);
    options.allowPartialProfile = allowsPartialProfile(parser);
    auto plan = std::make_shared<const EnginePlan>(loadPlan(positional.first(), options));
    keepUntilExit(plan); // a command runs once and exits
    return plan;
}

} // namespace

const EnginePlan& loadPlanFromArguments(const QCommandLineParser& parser, LoadOptions options) {
    return *sharedPlanFromArguments(parser, std::move(options));
}

const PlanAnalysis& analysisFromArguments(const QCommandLineParser& parser, LoadOptions options,
                                          LintSettings lint) {
    PlanAnalysis made(sharedPlanFromArguments(parser, std::move(options)), std::move(lint));
    if (auto weights = modelWeightsFromArguments(parser, made.plan())) // --onnx
        made = made.withModelWeights(std::move(weights));
    auto analysis = std::make_shared<const PlanAnalysis>(std::move(made));
    keepUntilExit(analysis);
    return *analysis;
}

} // namespace planscope
