#include "accuracy/AccuracyLogReader.h"
#include "cli/CliSupport.h"
#include "cli/ModelWeightsOption.h"
#include "cli/PlanOptions.h"
#include "plan/PlanError.h"
#include "report/ComparisonReport.h"
#include "report/PlanReport.h"
#include "report/ReportExport.h"

namespace planscope {
namespace {

// --compare: the two positional arguments are plans A and B.
std::vector<PlanAnalysis> comparedPlans(const QCommandLineParser& parser) {
    const QStringList paths = parser.positionalArguments();
    if (paths.size() != 2)
        throw UsageError("--compare takes two plans, A and B");
    LoadOptions options;
    bool ok = false;
    options.profile = parser.value(QStringLiteral("profile")).toInt(&ok);
    if (!ok || options.profile < 0)
        throw UsageError("--profile takes a number from 0");
    options.allowPartialProfile = allowsPartialProfile(parser);
    std::vector<PlanAnalysis> plans;
    for (const QString& path : paths)
        plans.emplace_back(std::make_shared<const EnginePlan>(loadPlan(path, options)));
    return plans;
}

} // namespace

int reportCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "Write a plan's report card (leads, summary, slowest layers, charts, lint findings, "
            "graph) to one HTML file or a PDF; no display needed."));
        addPlanOptions(parser);
        addModelWeightsOption(parser);
        parser.addOptions({
            {{QStringLiteral("o"), QStringLiteral("output")},
             QStringLiteral("FILE.html (self-contained) or FILE.pdf."),
             QStringLiteral("FILE")},
            {QStringLiteral("compare"),
             QStringLiteral("Report on the comparison of two plans, A and B (give both).")},
            {QStringLiteral("inexact"),
             QStringLiteral("With --compare: match layers on their first input and output only.")},
            {QStringLiteral("accuracy"),
             QStringLiteral("Add an Accuracy section from this polygraphy run log."),
             QStringLiteral("LOG")},
        });
        if (!parseArguments(parser, arguments))
            return 0;
        if (!parser.isSet(QStringLiteral("output")))
            throw UsageError("missing -o FILE.html|FILE.pdf");
        const QString output = parser.value(QStringLiteral("output"));
        if (!report::isReportFile(output))
            throw UsageError("the output name must end with .html or .pdf");
        QString error;
        const auto write = [&](const report::Report& r) {
            if (!report::exportReport(r, output, &error))
                throw PlanError(error);
        };
        if (parser.isSet(QStringLiteral("compare"))) {
            if (parser.isSet(QStringLiteral("onnx")))
                throw UsageError("--onnx goes with one plan, not with --compare");
            const std::vector<PlanAnalysis> plans = comparedPlans(parser);
            write(report::comparisonReport(plans[0], plans[1],
                                           !parser.isSet(QStringLiteral("inexact"))));
        } else {
            const PlanAnalysis& analysis = analysisFromArguments(parser);
            std::shared_ptr<const AccuracyLog> accuracy;
            if (parser.isSet(QStringLiteral("accuracy")))
                accuracy = std::make_shared<const AccuracyLog>(
                    readAccuracyLog(parser.value(QStringLiteral("accuracy"))));
            write(report::planReport(analysis, accuracy));
        }
        return 0;
    });
}

} // namespace planscope
