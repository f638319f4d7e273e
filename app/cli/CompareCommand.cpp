#include "cli/CliSupport.h"
#include "compare/PlanComparison.h"
#include "compare/PlanLabels.h"
#include "io/PlanLoader.h"

namespace planscope {
namespace {

constexpr double kMegabyte = 1024.0 * 1024.0;

double numberOption(const QCommandLineParser& parser, const QString& name, double fallback) {
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const double value = parser.value(name).toDouble(&ok);
    if (!ok || value < 0)
        throw UsageError(("--" + name + " takes a number from 0").toStdString());
    return value;
}

void printSummaries(const EnginePlan& a, const EnginePlan& b) {
    const auto line = [](const char* what, const QString& x, const QString& y) {
        out() << QStringLiteral("  %1 %2 %3\n").arg(QLatin1String(what), -16).arg(x, -32).arg(y);
    };
    const QStringList labels = planLabels(a, b);
    line("", QStringLiteral("A: ") + labels[0], QStringLiteral("B: ") + labels[1]);
    line("Layers", QString::number(a.layers.size()), QString::number(b.layers.size()));
    line("Average time", QString::number(a.totalAverageMs().value_or(0.0), 'f', 3) + " ms",
         QString::number(b.totalAverageMs().value_or(0.0), 'f', 3) + " ms");
    line("Weights",
         QString::number(a.totalWeightsBytes().value_or(0.0) / kMegabyte, 'f', 1) + " MB",
         QString::number(b.totalWeightsBytes().value_or(0.0) / kMegabyte, 'f', 1) + " MB");
    line("Activations",
         QString::number(a.totalActivationBytes().value_or(0.0) / kMegabyte, 'f', 1) + " MB",
         QString::number(b.totalActivationBytes().value_or(0.0) / kMegabyte, 'f', 1) + " MB");
    line("Device", a.metadata.deviceName(), b.metadata.deviceName());
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
        QString verdict =
            r.speedup > 0 ? QString::number(r.speedup, 'f', 2) + 'x' : QStringLiteral("-");
        if (r.speedup > 0 && r.speedup > 1 + threshold)
            verdict += QStringLiteral(" faster");
        else if (r.speedup > 0 && r.speedup < 1 - threshold)
            verdict += QStringLiteral(" slower");
        out() << QStringLiteral("%1 %2  %3 %4 %5  %6  %7\n")
                     .arg(r.pair.a >= 0 ? QString::number(r.pair.a) : QStringLiteral("-"), 4)
                     .arg(r.pair.b >= 0 ? QString::number(r.pair.b) : QStringLiteral("-"), 4)
                     .arg(r.type, -14)
                     .arg(r.latencyA, 9, 'f', 4)
                     .arg(r.latencyB, 9, 'f', 4)
                     .arg(verdict, -16)
                     .arg(r.nameA.isEmpty() ? r.nameB : r.nameA);
    }
}

} // namespace

int compareCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "Compare two engine plans layer by layer (trex's layer matching); exit 1 when a "
            "--fail-if-slower gate fails."));
        parser.addPositionalArgument(QStringLiteral("A"), QStringLiteral("The reference plan."));
        parser.addPositionalArgument(QStringLiteral("B"),
                                     QStringLiteral("The plan compared with it."));
        parser.addOptions({
            {QStringLiteral("exact"),
             QStringLiteral("Match layers on all their tensors (default).")},
            {QStringLiteral("inexact"),
             QStringLiteral("Match layers on their first input and output only.")},
            {QStringLiteral("json"), QStringLiteral("Print JSON.")},
            {QStringLiteral("threshold"),
             QStringLiteral("Speedups within this fraction count as even (default 0.03)."),
             QStringLiteral("F")},
            {QStringLiteral("fail-if-slower"),
             QStringLiteral("Exit 1 if B's total latency is more than PCT% above A's."),
             QStringLiteral("PCT")},
            {QStringLiteral("profile"),
             QStringLiteral("Optimization profile of both plans (default 0)."), QStringLiteral("N"),
             QStringLiteral("0")},
        });
        if (!parseArguments(parser, arguments))
            return 0;
        const QStringList plans = parser.positionalArguments();
        if (plans.size() != 2)
            throw UsageError("compare takes two plans, A and B");
        if (parser.isSet(QStringLiteral("exact")) && parser.isSet(QStringLiteral("inexact")))
            throw UsageError("choose one of --exact and --inexact");
        const double threshold = numberOption(parser, QStringLiteral("threshold"), 0.03);
        LoadOptions options;
        options.profile = static_cast<int>(numberOption(parser, QStringLiteral("profile"), 0));
        const EnginePlan a = loadPlan(plans[0], options);
        const EnginePlan b = loadPlan(plans[1], options);
        const bool exact = !parser.isSet(QStringLiteral("inexact"));
        const auto rows = compareLayers(a, b, matchLayers(a, b, exact));

        if (parser.isSet(QStringLiteral("json"))) {
            out() << QString::fromStdString(comparisonJson(a, b, rows, exact).dump(2)) << '\n';
        } else {
            printSummaries(a, b);
            const double speedup =
                b.totalAverageMs().value_or(0.0) > 0
                    ? a.totalAverageMs().value_or(0.0) / b.totalAverageMs().value_or(0.0)
                    : 0;
            out() << QStringLiteral(
                         "\nSpeedup of B over A: %1x (B's total latency is %2% %3 A's)\n")
                         .arg(speedup, 0, 'f', 3)
                         .arg(std::abs(slowdownPercent(a, b)), 0, 'f', 1)
                         .arg(slowdownPercent(a, b) > 0 ? QStringLiteral("above")
                                                        : QStringLiteral("below"));
            printLayers(rows, threshold);
        }
        if (parser.isSet(QStringLiteral("fail-if-slower"))) {
            const double limit = numberOption(parser, QStringLiteral("fail-if-slower"), 0);
            const double slower = slowdownPercent(a, b);
            if (slower > limit) {
                out().flush();
                err() << QStringLiteral(
                             "planscope: gate failed: %1 is %2% slower than %3 (limit %4%)")
                             .arg(plans[1])
                             .arg(slower, 0, 'f', 1)
                             .arg(plans[0])
                             .arg(limit)
                      << Qt::endl;
                return 1;
            }
        }
        return 0;
    });
}

} // namespace planscope
