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

// "'add_out_1' (...), computed by layer 3 node_add": a tensor named on top.
QString tensorHeadline(const AccuracyLog& log, int tensor, const QString& what,
                       const EnginePlan* plan, const std::vector<TensorLayer>& mapping) {
    QString text = QStringLiteral("'%1' (%2)").arg(log.tensors[std::size_t(tensor)].name, what);
    if (plan)
        text +=
            QStringLiteral(", computed by layer ") + layerText(plan, mapping, std::size_t(tensor));
    return text;
}

void printText(const AccuracyLog& log, const EnginePlan* plan,
               const std::vector<TensorLayer>& mapping) {
    out() << (log.validationOnly() ? "Validation run of " : "Accuracy of ")
          << QFileInfo(log.path).fileName();
    if (!log.runners.isEmpty())
        out() << ": " << log.runnersText();
    out() << '\n';
    if (log.validationOnly())
        out() << "This is " << log.validationText() << ".\n";
    if (log.iterationsTotal)
        out() << "Iterations passed: " << log.iterationsPassed.value_or(0) << '/'
              << *log.iterationsTotal << '\n';
    if (const int first = log.firstFailed(); first >= 0) {
        const ComparedTensor& t = log.tensors[std::size_t(first)];
        out() << "First failing tensor: "
              << tensorHeadline(log, first,
                                QStringLiteral("max abs error %1, max rel error %2")
                                    .arg(statText(t.absError.max), statText(t.relError.max)),
                                plan, mapping)
              << '\n';
    } else if (!log.tensors.empty()) {
        out() << "Every compared tensor passed (" << log.tensors.size() << ").\n";
    }
    if (const int first = log.firstOverflow(); first >= 0)
        out() << "First FP16 overflow: "
              << tensorHeadline(log, first, log.tensors[std::size_t(first)].overflowText(), plan,
                                mapping)
              << '\n';
    if (plan) {
        if (const QString unmatched = unmatchedPlanText(log, *plan, mapping); !unmatched.isEmpty())
            out() << unmatched << '\n';
        else if (!log.tensors.empty())
            out() << "Layers from " << plan->name
                  << "'s fusions (`mark all` builds another engine than the one profiled; each "
                     "tensor maps to the layer that writes it, or names its ONNX node).\n";
    }
    if (!log.tensors.empty()) {
        // The overflow column only where some runner's values overflow.
        const bool overflows = log.firstOverflow() >= 0;
        const auto overflowCell = [&](const QString& text) {
            return overflows ? QStringLiteral(" %1").arg(text, -26) : QString();
        };
        out() << QStringLiteral("\n%1 %2%3 %4 %5 %6 %7 %8 %9%10\n")
                     .arg(QStringLiteral("Tensor"), -28)
                     .arg(QStringLiteral("Verdict"), -7)
                     .arg(overflowCell(QStringLiteral("FP16 overflow")))
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
            out() << QStringLiteral("%1 %2%3 %4 %5 %6 %7 %8   %9%10\n")
                         .arg(t.name, -28)
                         .arg(verdict(t.passed), -7)
                         .arg(overflowCell(t.overflowText()))
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
            if (const QString found = v.findingsText(); !found.isEmpty())
                out() << "  " << found;
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
            "the first that fails, the first whose values overflow FP16 (at 65504 or inf) and "
            "(with --plan) the engine layer that computes each; a --validate run's NaN/Inf "
            "checks. Exit 1 when a tensor or an output validation failed."));
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
