#include "accuracy/AccuracyJson.h"
#include "accuracy/AccuracyLogReader.h"
#include "analysis/PlanAnalysis.h"
#include "cli/CliSupport.h"
#include "cli/OutputFormat.h"
#include "plan/FigureText.h"

#include <QFileInfo>
#include <cmath>

namespace planscope {
namespace {

QString verdict(const std::optional<bool>& passed) {
    return !passed   ? QStringLiteral("?")
           : *passed ? QStringLiteral("PASSED")
                     : QStringLiteral("FAILED");
}

QString range(const ArrayStats& s) {
    if (!s.present)
        return kMissingText;
    return QStringLiteral("%1 [%2, %3]").arg(statText(s.mean), statText(s.min), statText(s.max));
}

QString layerText(const EnginePlan* plan, const std::vector<TensorLayer>& mapping, std::size_t i) {
    if (!plan)
        return {};
    if (i >= mapping.size() || mapping[i].layer < 0)
        return QStringLiteral("(none)");
    return QStringLiteral("%1 %2")
        .arg(mapping[i].layer)
        .arg(plan->layers[std::size_t(mapping[i].layer)].name);
}

void printText(const AccuracyLog& log, const EnginePlan* plan,
               const std::vector<TensorLayer>& mapping) {
    out() << "Accuracy of " << QFileInfo(log.path).fileName();
    if (!log.runners.isEmpty())
        out() << ": " << log.runners.join(QStringLiteral(" vs. "));
    out() << '\n';
    if (log.iterationsTotal)
        out() << "Iterations passed: " << log.iterationsPassed.value_or(0) << '/'
              << *log.iterationsTotal << '\n';
    if (const int first = log.firstFailed(); first >= 0) {
        const ComparedTensor& t = log.tensors[std::size_t(first)];
        out() << "First failing tensor: '" << t.name << "'";
        if (plan)
            out() << ", computed by layer " << layerText(plan, mapping, std::size_t(first));
        out() << " (max abs error " << statText(t.absError.max) << ", max rel error "
              << statText(t.relError.max) << ")\n";
    } else if (!log.tensors.empty()) {
        out() << "Every compared tensor passed (" << log.tensors.size() << ").\n";
    }
    if (plan)
        out() << "Layers from " << plan->name
              << "'s fusions (`mark all` builds another engine than the one profiled; each "
                 "tensor maps to the layer that writes it, or names its ONNX node).\n";
    if (!log.tensors.empty()) {
        out() << QStringLiteral("\n%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                     .arg(QStringLiteral("Tensor"), -28)
                     .arg(QStringLiteral("Verdict"), -7)
                     .arg(QStringLiteral("Max abs"), 10)
                     .arg(QStringLiteral("Med abs"), 10)
                     .arg(QStringLiteral("Max rel"), 10)
                     .arg(QStringLiteral("Med rel"), 10)
                     .arg(QStringLiteral("Required abs/rel"), 20)
                     .arg(QStringLiteral("  Runners' mean [min, max]"))
                     .arg(plan ? QStringLiteral("  Layer") : QString());
        for (std::size_t i = 0; i < log.tensors.size(); ++i) {
            const ComparedTensor& t = log.tensors[i];
            QStringList runners;
            for (const RunnerStats& r : t.runners)
                runners << range(r.stats);
            out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7   %8%9\n")
                         .arg(t.name, -28)
                         .arg(verdict(t.passed), -7)
                         .arg(statText(t.absError.max), 10)
                         .arg(statText(t.absError.median), 10)
                         .arg(statText(t.relError.max), 10)
                         .arg(statText(t.relError.median), 10)
                         .arg(statText(t.requiredAbs) + QLatin1Char('/') + statText(t.requiredRel),
                              20)
                         .arg(runners.join(QStringLiteral(" | ")))
                         .arg(plan ? QStringLiteral("   ") + layerText(plan, mapping, i)
                                   : QString());
        }
    }
    if (!log.validations.empty()) {
        out() << "\nOutput validation:\n";
        for (const OutputValidation& v : log.validations) {
            out() << '\t' << verdict(v.passed) << "  " << v.output << "  (" << v.runner << ")";
            if (v.nan || v.inf)
                out() << "  " << (v.nan ? "NaN " : "") << (v.inf ? "Inf " : "") << "detected";
            out() << '\n';
        }
    }
}

} // namespace

int accuracyCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "Read a polygraphy run log: each compared tensor's verdict, errors and statistics, "
            "the first that fails and (with --plan) the engine layer that computes it. Exit 1 "
            "when a tensor or an output validation failed."));
        parser.addPositionalArgument(QStringLiteral("LOG"),
                                     QStringLiteral("The log of polygraphy run."));
        const QCommandLineOption planOption(
            QStringLiteral("plan"), QStringLiteral("Map the tensors to this plan's layers."),
            QStringLiteral("PLAN"));
        parser.addOption(planOption);
        const OutputFormatOption output(parser, OutputFormatOption::JsonAndCsv);
        if (!parseArguments(parser, arguments))
            return 0;
        if (parser.positionalArguments().size() != 1)
            throw UsageError("accuracy takes one LOG");
        const OutputFormat format = output.format();
        const auto read = std::make_shared<const AccuracyLog>(
            readAccuracyLog(parser.positionalArguments().front()));
        const AccuracyLog& log = *read;
        std::optional<PlanAnalysis> analysis;
        std::vector<TensorLayer> mapping;
        if (parser.isSet(planOption)) {
            analysis.emplace(
                std::make_shared<const EnginePlan>(loadPlan(parser.value(planOption))));
            mapping = analysis->accuracy(read)->tensors;
        }
        const EnginePlan* p = analysis ? &analysis->plan() : nullptr;
        if (format == OutputFormat::Json)
            out() << QString::fromStdString(accuracyJson(log, p, mapping).dump(2)) << '\n';
        else if (format == OutputFormat::Csv)
            out() << QString::fromUtf8(accuracyCsv(log, p, mapping));
        else
            printText(log, p, mapping);
        out().flush();
        for (const QString& warning : log.warnings)
            err() << "planscope: warning: " << warning << Qt::endl;
        return log.anyFailed() ? 1 : 0;
    });
}

} // namespace planscope
