#include "cli/CliSupport.h"
#include "cli/PlanOptions.h"
#include "cli/SummaryText.h"
#include "metrics/PlanJson.h"

namespace planscope {

int summaryCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Summarize an engine plan."));
        addPlanOptions(parser);
        const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
        parser.addOption(json);
        if (!parseArguments(parser, arguments))
            return 0;
        const EnginePlan& plan = loadPlanFromArguments(parser);
        if (parser.isSet(json))
            out() << QString::fromStdString(summaryJson(plan).dump(2)) << '\n';
        else
            out() << summaryText(plan);
        return 0;
    });
}

} // namespace planscope
