#include "cli/CliSupport.h"
#include "cli/ModulesText.h"
#include "cli/OnnxCompareText.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "compare/OnnxComparisonJson.h"
#include "compare/PlanComparison.h"
#include "compare/PlanLabels.h"
#include "compare/SummaryComparison.h"
#include "compare/UniformChange.h"
#include "io/PlanLoader.h"
#include "json/JsonValues.h"
#include "modules/ModuleComparison.h"
#include "plan/PlanError.h"
#include "roofline/Roofline.h"

#include <algorithm>
#include <numeric>
#include <optional>

namespace planscope {
namespace {

double numberOption(const QCommandLineParser& parser, const QString& name, double fallback) {
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const double value = parser.value(name).toDouble(&ok);
    if (!ok || value < 0)
        throw UsageError(("--" + name + " takes a number from 0").toStdString());
    return value;
}

QString missingOr(std::optional<double> value, int decimals, const QString& suffix = {}) {
    return value ? QString::number(*value, 'f', decimals) + suffix : QStringLiteral("-");
}

// The summaries side by side (the compare window's main rows); "*" marks a difference from A.
void printSummaries(const EnginePlan& a, const EnginePlan& b) {
    const auto line = [](const QString& what, const QString& x, const QString& y) {
        QString text = QStringLiteral("  %1 %2 %3").arg(what, -18).arg(x, -40).arg(y);
        while (text.endsWith(' '))
            text.chop(1);
        out() << text << '\n';
    };
    const QStringList labels = planLabels(a, b);
    line({}, QStringLiteral("A: ") + labels[0], QStringLiteral("B: ") + labels[1]);
    for (const SummaryRow& row : summaryRows({&a, &b})) {
        if (row.detail)
            continue;
        const qsizetype lines =
            std::max({row.values[0].size(), row.values[1].size(), qsizetype(1)});
        const auto cell = [&](std::size_t plan, qsizetype i) {
            const QStringList& values = row.values[plan];
            return values.isEmpty() ? (i == 0 ? row.missing : QString()) : values.value(i);
        };
        const QString mark = row.compared && row.differs(1) ? QStringLiteral(" *") : QString();
        for (qsizetype i = 0; i < lines; ++i)
            line(i == 0 ? row.field : QString(), cell(0, i), cell(1, i) + (i == 0 ? mark : ""));
    }
}

void printSpeedup(const EnginePlan& a, const EnginePlan& b) {
    const std::optional<double> speedup = planSpeedup(a, b);
    const std::optional<double> slowdown = slowdownPercent(a, b);
    if (!speedup || !slowdown) {
        out() << QStringLiteral("\nSpeedup of B over A: - (%1 has no profile to time it)\n")
                     .arg(a.totalAverageMs() ? QStringLiteral("B") : QStringLiteral("A"));
        return;
    }
    out() << QStringLiteral("\nSpeedup of B over A: %1x (B's total latency is %2% %3 A's)\n")
                 .arg(*speedup, 0, 'f', 3)
                 .arg(std::abs(*slowdown), 0, 'f', 1)
                 .arg(*slowdown > 0 ? QStringLiteral("above") : QStringLiteral("below"));
}

void printLayers(const std::vector<LayerComparison>& rows, double threshold) {
    out() << QStringLiteral("\n%1 %2  %3 %4 %5  %6  %7\n")
                 .arg(QStringLiteral("A"), 4)
                 .arg(QStringLiteral("B"), 4)
                 .arg(QStringLiteral("type"), -14)
                 .arg(QStringLiteral("A ms"), 9)
                 .arg(QStringLiteral("B ms"), 9)
                 .arg(QStringLiteral("speedup"), -16)
                 .arg(QStringLiteral("name"));
    for (const LayerComparison& r : rows) {
        QString verdict = missingOr(r.speedup, 2, QStringLiteral("x"));
        if (r.speedup && *r.speedup > 1 + threshold)
            verdict += QStringLiteral(" faster");
        else if (r.speedup && *r.speedup < 1 - threshold)
            verdict += QStringLiteral(" slower");
        out() << QStringLiteral("%1 %2  %3 %4 %5  %6  %7\n")
                     .arg(r.pair.a >= 0 ? QString::number(r.pair.a) : QStringLiteral("-"), 4)
                     .arg(r.pair.b >= 0 ? QString::number(r.pair.b) : QStringLiteral("-"), 4)
                     .arg(r.type, -14)
                     .arg(missingOr(r.latencyA, 4), 9)
                     .arg(missingOr(r.latencyB, 4), 9)
                     .arg(verdict, -16)
                     .arg(r.nameA.isEmpty() ? r.nameB : r.nameA);
    }
}

// trex's layer by layer matching: JSON, CSV or the summaries, speedup and layer pairs.
void printByLayers(const EnginePlan& a, const EnginePlan& b,
                   const std::vector<LayerComparison>& rows, const QCommandLineParser& parser,
                   OutputFormat format, double threshold) {
    const bool exact = !parser.isSet(QStringLiteral("inexact"));
    if (format == OutputFormat::Json) {
        out() << QString::fromStdString(comparisonJson(a, b, rows, exact).dump(2)) << '\n';
    } else if (format == OutputFormat::Csv) {
        std::vector<const LayerComparison*> all;
        all.reserve(rows.size());
        for (const LayerComparison& r : rows)
            all.push_back(&r);
        out() << QString::fromUtf8(comparisonCsv(all));
    } else {
        for (const QString& warning : comparisonWarnings(a, b, rows))
            out() << "Warning: " << warning << "\n\n";
        printSummaries(a, b);
        printSpeedup(a, b);
        printLayers(rows, threshold);
    }
}

// Groups of ONNX nodes (README.md, "Compare by ONNX op"): JSON, CSV (one row per group, in
// A's order) or text.
void printByOnnx(const EnginePlan& a, const EnginePlan& b, OutputFormat format, double threshold) {
    const OnnxComparison comparison = compareByOnnx(a, b);
    if (format == OutputFormat::Json) {
        out() << QString::fromStdString(onnxComparisonJson(a, b, comparison).dump(2)) << '\n';
    } else if (format == OutputFormat::Csv) {
        std::vector<int> all(comparison.groups.size());
        std::iota(all.begin(), all.end(), 0);
        out() << QString::fromUtf8(onnxGroupsCsv(a, b, comparison, all));
    } else {
        out() << onnxComparisonText(a, b, comparison, threshold);
    }
}

// Each module's time in A and B (README.md, "Time by module"), by |delta|.
void printByModule(const EnginePlan& a, const EnginePlan& b, OutputFormat format,
                   double threshold) {
    const ModuleComparison comparison = compareByModule(a, b);
    if (format == OutputFormat::Json) {
        OrderedJson json = moduleComparisonJson(a, b, comparison);
        const QString warning = modulesUniformChangeWarning(a, b, comparison);
        json["warnings"] = textListJson(warning.isEmpty() ? QStringList() : QStringList{warning});
        out() << QString::fromStdString(json.dump(2)) << '\n';
    } else if (format == OutputFormat::Csv)
        out() << QString::fromUtf8(moduleComparisonCsv(comparison));
    else
        out() << moduleComparisonText(a, b, comparison, threshold);
}

// --fail-if-slower: exit 1 when B's average time is more than `limit` percent above A's; 2 when
// A and B look like engines of different models (nothing to gate on).
int gate(const EnginePlan& a, const EnginePlan& b, const std::vector<LayerComparison>& rows,
         const QStringList& paths, double limit) {
    for (const auto& [plan, path] : {std::pair{&a, paths[0]}, std::pair{&b, paths[1]}})
        if (plan->profileOfAnotherBuild)
            throw PlanError(QStringLiteral("%1: its profile names fewer than half of its layers "
                                           "(another build's), so --fail-if-slower cannot tell a "
                                           "slowdown.")
                                .arg(path));
    const QString unrelated = unrelatedEnginesWarning(a, b, rows);
    if (!unrelated.isEmpty())
        throw PlanError(QStringLiteral("%1 and %2: %3 --fail-if-slower cannot tell a slowdown.")
                            .arg(paths[0], paths[1], unrelated));
    const std::optional<double> slower = slowdownPercent(a, b);
    if (!slower) {
        const QString path = a.totalAverageMs() ? paths[1] : paths[0];
        throw PlanError(QStringLiteral("%1: no profile, so --fail-if-slower cannot compare "
                                       "latencies. Export one with trtexec --exportProfile=FILE.")
                            .arg(path));
    }
    if (*slower <= limit)
        return 0;
    out().flush();
    err() << QStringLiteral("planscope: gate failed: %1 is %2% slower than %3 (limit %4%)")
                 .arg(paths[1])
                 .arg(*slower, 0, 'f', 1)
                 .arg(paths[0])
                 .arg(limit)
          << Qt::endl;
    return 1;
}

} // namespace

int compareCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "Compare two engine plans layer by layer (trex's layer matching) or by the ONNX "
            "nodes their layers implement; exit 1 when a --fail-if-slower gate fails."));
        parser.addPositionalArgument(QStringLiteral("A"), QStringLiteral("The reference plan."));
        parser.addPositionalArgument(QStringLiteral("B"),
                                     QStringLiteral("The plan compared with it."));
        parser.addOptions({
            {QStringLiteral("by"),
             QStringLiteral(
                 "Compare by 'layers' (trex's layer matching, the default) or by "
                 "'onnx' (groups of ONNX nodes, from each layer's Metadata) or by 'module' "
                 "(the model's modules, from the ONNX nodes' paths)."),
             QStringLiteral("WHAT"), QStringLiteral("layers")},
            {QStringLiteral("exact"),
             QStringLiteral("Match layers on all their tensors (default).")},
            {QStringLiteral("inexact"),
             QStringLiteral("Match layers on their first input and output only.")},
        });
        const OutputFormatOption output(
            parser, OutputFormatOption::JsonAndCsv,
            QStringLiteral("Print the layer pairs (the ONNX groups with --by onnx) as CSV."));
        parser.addOptions({
            {QStringLiteral("threshold"),
             QStringLiteral("Speedups within this fraction count as even (default 0.03)."),
             QStringLiteral("F")},
            {QStringLiteral("fail-if-slower"),
             QStringLiteral("Exit 1 if B's total latency is more than PCT% above A's."),
             QStringLiteral("PCT")},
            {QStringLiteral("profile"),
             QStringLiteral("Optimization profile of both plans (default 0)."), QStringLiteral("N"),
             QStringLiteral("0")},
            {QStringLiteral("allow-partial-profile"), kAllowPartialProfileHelp},
        });
        if (!parseArguments(parser, arguments))
            return 0;
        const QStringList plans = parser.positionalArguments();
        if (plans.size() != 2)
            throw UsageError("compare takes two plans, A and B");
        if (parser.isSet(QStringLiteral("exact")) && parser.isSet(QStringLiteral("inexact")))
            throw UsageError("choose one of --exact and --inexact");
        const OutputFormat format = output.format();
        const QString by = parser.value(QStringLiteral("by"));
        if (by != QLatin1String("layers") && by != QLatin1String("onnx") &&
            by != QLatin1String("module"))
            throw UsageError(
                ("--by takes 'layers', 'onnx' or 'module', not '" + by + "'").toStdString());
        if (by != QLatin1String("layers") &&
            (parser.isSet(QStringLiteral("exact")) || parser.isSet(QStringLiteral("inexact"))))
            throw UsageError(("--exact and --inexact choose how layers are matched; --by " + by +
                              " matches none")
                                 .toStdString());
        const double threshold = numberOption(parser, QStringLiteral("threshold"), 0.03);
        LoadOptions options;
        options.profile = static_cast<int>(numberOption(parser, QStringLiteral("profile"), 0));
        options.allowPartialProfile = allowsPartialProfile(parser);
        const EnginePlan a = loadPlan(plans[0], options);
        const EnginePlan b = loadPlan(plans[1], options);
        // trex's layer pairs, made once: the output by layers and the gate's check that A and B
        // are engines of one model both read them.
        std::optional<std::vector<LayerComparison>> rows;
        const auto layerRows = [&]() -> const std::vector<LayerComparison>& {
            if (!rows) { // each side's SOL % on the device its files describe
                const Roofline rooflineA = rooflineFromFiles(a);
                const Roofline rooflineB = rooflineFromFiles(b);
                rows =
                    compareLayers(a, b, matchLayers(a, b, !parser.isSet(QStringLiteral("inexact"))),
                                  &rooflineA, &rooflineB);
            }
            return *rows;
        };
        if (by == QLatin1String("onnx"))
            printByOnnx(a, b, format, threshold);
        else if (by == QLatin1String("module"))
            printByModule(a, b, format, threshold);
        else
            printByLayers(a, b, layerRows(), parser, format, threshold);
        if (parser.isSet(QStringLiteral("fail-if-slower")))
            return gate(a, b, layerRows(), plans,
                        numberOption(parser, QStringLiteral("fail-if-slower"), 0));
        return 0;
    });
}

} // namespace planscope
