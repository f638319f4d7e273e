#include "check/CheckJson.h"
#include "check/PlanCheck.h"
#include "cli/CliSupport.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"

namespace planscope {
namespace {

constexpr std::size_t kLayersListed = 10; // in text; --json lists every layer

QString layerText(const CheckLayer& layer) {
    return layer.index ? QStringLiteral("%1 %2").arg(*layer.index).arg(layer.name) : layer.name;
}

void printResult(const CheckResult& r) {
    QStringList files;
    for (const QString& file : r.files)
        files << displayName(file);
    out() << checkLevelName(r.level) << " [" << r.id << "] " << files.join(QStringLiteral(", "))
          << "\n\t" << r.message << '\n';
    if (!r.layers.empty()) {
        out() << "\tlayers:";
        for (std::size_t i = 0; i < std::min(r.layers.size(), kLayersListed); ++i)
            out() << "\n\t\t" << layerText(r.layers[i]);
        if (r.layers.size() > kLayersListed)
            out() << "\n\t\t... " << r.layers.size() - kLayersListed << " more (--json lists all)";
        out() << '\n';
    }
    out() << "\tfix: " << r.fix << '\n';
}

void printFigures(const CheckFigures& f) {
    const auto count = [](std::optional<long long> n) {
        return n ? QString::number(*n) : kMissingText;
    };
    out() << "Profile: " << countText(f.records, QStringLiteral("record")) << ", count header "
          << count(f.countHeader) << ", timeMs / averageMs (median) "
          << numberText(f.medianRatio, 2) << '\n'
          << "\tsum of timeMs " << millisecondsText(f.totalTimeMs, 4) << ", of averageMs "
          << millisecondsText(f.totalAverageMs, 4) << ", of percentages "
          << percentText(f.totalPercent, 2) << '\n'
          << "Run: timing JSON mean " << millisecondsText(f.timingMeanMs, 4)
          << ", GPU Compute Time mean " << millisecondsText(f.gpuComputeMeanMs, 4) << " median "
          << millisecondsText(f.gpuComputeMedianMs, 4) << ", Latency mean "
          << millisecondsText(f.latencyMeanMs, 4) << '\n';
}

} // namespace

int checkCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "Check that a plan's files agree with each other. Exit 0 without an error, 1 with "
            "one, 2 when the files cannot be read."));
        addPlanOptions(parser);
        const OutputFormatOption output(parser, OutputFormatOption::JsonOnly);
        if (!parseArguments(parser, arguments))
            return 0;
        LoadOptions options;
        options.refuseForeignProfile = false; // reported as profile-other-engine instead
        const PlanAnalysis& analysis = analysisFromArguments(parser, options);
        const EnginePlan& plan = analysis.plan();
        const PlanCheck& check = analysis.check();
        if (output.format() == OutputFormat::Json) {
            out() << QString::fromStdString(checkJson(plan, check).dump(2)) << '\n';
        } else {
            out() << "Check of " << plan.name << ": " << checkCountsText(check) << '\n';
            printFigures(check.figures);
            for (const CheckResult& r : check.results) {
                out() << '\n';
                printResult(r);
            }
        }
        return check.hasError() ? 1 : 0;
    });
}

} // namespace planscope
