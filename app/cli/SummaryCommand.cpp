#include "cli/CliSupport.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "cli/SummaryText.h"
#include "metrics/PlanJson.h"

namespace planscope {

int summaryCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Summarize an engine plan."));
        addPlanOptions(parser);
        const OutputFormatOption output(parser, OutputFormatOption::JsonOnly);
        if (!parseArguments(parser, arguments))
            return 0;
        const EnginePlan& plan = loadPlanFromArguments(parser);
        if (output.format() == OutputFormat::Json)
            out() << QString::fromStdString(summaryJson(plan).dump(2)) << '\n';
        else
            out() << summaryText(plan);
        return 0;
    });
}

} // namespace planscope
