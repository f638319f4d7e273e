#include "cli/CliSupport.h"
#include "cli/ModulesText.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "modules/ModuleJson.h"

#include <cstdio>

namespace planscope {

int modulesCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "The engine's time by the modules of the model it came from (the module paths of "
            "its layers' ONNX nodes), heaviest first."));
        addPlanOptions(parser);
        const QCommandLineOption depth(QStringLiteral("depth"),
                                       QStringLiteral("Show modules down to depth N (1: the "
                                                      "top-level modules; default: all)."),
                                       QStringLiteral("N"));
        parser.addOption(depth);
        const OutputFormatOption output(parser, OutputFormatOption::JsonAndCsv);
        if (!parseArguments(parser, arguments))
            return 0;
        const OutputFormat format = output.format();
        int maxDepth = -1;
        if (parser.isSet(depth)) {
            bool ok = false;
            maxDepth = parser.value(depth).toInt(&ok);
            if (!ok || maxDepth < 0)
                throw UsageError("--depth takes a whole number from 0");
        }
        const PlanAnalysis& analysis = analysisFromArguments(parser);
        const EnginePlan& plan = analysis.plan();
        const ModuleTree& tree = *analysis.modules();
        if (format ==
            OutputFormat::Json) { // megabytes for a large model: written as made, not as a QString
            out().flush();
            const std::string text = modulesJsonText(plan, tree, maxDepth);
            std::fwrite(text.data(), 1, text.size(), stdout);
        } else if (format == OutputFormat::Csv) {
            out() << QString::fromUtf8(modulesCsv(tree, maxDepth));
        } else {
            out() << moduleTreeText(plan, tree, maxDepth);
        }
        return 0;
    });
}

} // namespace planscope
