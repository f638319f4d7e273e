#include "charts/ChartCatalog.h"
#include "charts/CompareCharts.h"
#include "chartview/ChartExport.h"
#include "cli/CliSupport.h"
#include "cli/ModelWeightsOption.h"
#include "cli/PlanOptions.h"
#include "io/PlanLoader.h"
#include "plan/PlanError.h"
#include "plan/SideBySide.h"

#include <QDir>
#include <QFileInfo>

namespace planscope {
namespace {

using charts::Chart;

void printList(bool compare) {
    if (compare) {
        for (const charts::CompareChartDefinition& d : charts::compareChartCatalog())
            out() << d.id.leftJustified(38) << ' ' << d.description << "\n";
        return;
    }
    for (const charts::ChartDefinition& d : charts::chartCatalog())
        out() << d.id.leftJustified(38) << ' ' << d.description << " [" << d.group << "]\n";
}

QSize sizeFor(const Chart& chart, int width, int height) {
    const QSize size = charts::defaultChartSize(chart);
    return {width > 0 ? width : size.width(), height > 0 ? height : size.height()};
}

int positiveOption(const QCommandLineParser& parser, const QString& name) {
    if (!parser.isSet(name))
        return 0;
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value < 100 || value > 20000)
        throw UsageError(
            ("--" + name + " takes a number of pixels from 100 to 20000").toStdString());
    return value;
}

void writeChart(const Chart& chart, const QString& file, QSize size) {
    QString error;
    if (!charts::exportChart(chart, file, size, &error))
        throw PlanError(error);
}

// Makes and writes `count` charts into `folder` side by side: each is painted on an image of its
// own, and writing the PNG takes most of the time.
void writeCharts(std::size_t count, const std::function<Chart(std::size_t)>& make,
                 const std::function<QString(std::size_t)>& id, const QString& folder,
                 const QString& format, int width, int height) {
    if (!QDir().mkpath(folder))
        throw PlanError(QStringLiteral("%1: cannot create the folder.").arg(folder));
    sideBySide<int>(count, [&](std::size_t i) {
        const Chart chart = make(i);
        writeChart(chart, QDir(folder).filePath(id(i) + '.' + format),
                   sizeFor(chart, width, height));
        return 0;
    });
    out() << count << " charts written to " << folder << '\n';
}

// --compare: every positional argument is a plan; the charts span them all.
int exportComparison(const QCommandLineParser& parser, const QString& output, const QString& format,
                     int width, int height) {
    const QStringList paths = parser.positionalArguments();
    if (paths.size() < 2)
        throw UsageError("--compare takes two or more plans");
    LoadOptions options;
    options.profile = parser.value(QStringLiteral("profile")).toInt();
    options.allowPartialProfile = allowsPartialProfile(parser);
    std::vector<EnginePlan> plans;
    for (const QString& path : paths)
        plans.push_back(loadPlan(path, options));
    charts::Plans pointers;
    for (const EnginePlan& p : plans)
        pointers.push_back(&p);
    if (!parser.isSet(QStringLiteral("all"))) {
        const Chart chart =
            charts::buildCompareChart(pointers, parser.value(QStringLiteral("chart")));
        writeChart(chart, output, sizeFor(chart, width, height));
        return 0;
    }
    const auto& catalog = charts::compareChartCatalog();
    writeCharts(
        catalog.size(),
        [&](std::size_t i) { return charts::buildCompareChart(pointers, catalog[i].id); },
        [&](std::size_t i) { return catalog[i].id; }, output, format, width, height);
    return 0;
}

} // namespace

int exportChartCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(
            QStringLiteral("Export charts of a plan to PNG or SVG (no display needed)."));
        addPlanOptions(parser);
        addModelWeightsOption(parser);
        parser.addOptions({
            {QStringLiteral("list"), QStringLiteral("List the chart ids and what they show.")},
            {QStringLiteral("compare"),
             QStringLiteral("Chart two or more plans together (give them all).")},
            {QStringLiteral("chart"), QStringLiteral("The chart to export (see --list)."),
             QStringLiteral("ID")},
            {QStringLiteral("all"),
             QStringLiteral("Export every chart into the folder given with -o.")},
            {{QStringLiteral("o"), QStringLiteral("output")},
             QStringLiteral("FILE.png or FILE.svg; with --all, a folder."),
             QStringLiteral("PATH")},
            {QStringLiteral("format"), QStringLiteral("With --all: png or svg (default svg)."),
             QStringLiteral("FORMAT"), QStringLiteral("svg")},
            {QStringLiteral("width"), QStringLiteral("Width in pixels."), QStringLiteral("W")},
            {QStringLiteral("height"), QStringLiteral("Height in pixels."), QStringLiteral("H")},
        });
        if (!parseArguments(parser, arguments))
            return 0;
        const bool compare = parser.isSet(QStringLiteral("compare"));
        if (parser.isSet(QStringLiteral("list"))) {
            printList(compare);
            return 0;
        }
        const bool all = parser.isSet(QStringLiteral("all"));
        if (all == parser.isSet(QStringLiteral("chart")))
            throw UsageError("give either --chart ID or --all");
        if (!parser.isSet(QStringLiteral("output")))
            throw UsageError("missing -o FILE (or -o FOLDER with --all)");
        const QString format = parser.value(QStringLiteral("format")).toLower();
        if (format != QLatin1String("png") && format != QLatin1String("svg"))
            throw UsageError("--format is png or svg");
        const int width = positiveOption(parser, QStringLiteral("width"));
        const int height = positiveOption(parser, QStringLiteral("height"));
        const QString output = parser.value(QStringLiteral("output"));
        if (compare && parser.isSet(QStringLiteral("onnx")))
            throw UsageError("--onnx goes with one plan, not with --compare");
        if (compare)
            return exportComparison(parser, output, format, width, height);
        if (!all && !charts::findChart(parser.value(QStringLiteral("chart"))))
            throw PlanError(
                QStringLiteral(
                    "there is no chart '%1'. 'planscope export-chart --list' lists them.")
                    .arg(parser.value(QStringLiteral("chart"))));

        const PlanAnalysis& analysis = analysisFromArguments(parser);
        if (!all) {
            const Chart chart = charts::buildChart(analysis, parser.value(QStringLiteral("chart")));
            writeChart(chart, output, sizeFor(chart, width, height));
            return 0;
        }
        const auto& catalog = charts::chartCatalog();
        writeCharts(
            catalog.size(),
            [&](std::size_t i) { return charts::buildChart(analysis, catalog[i].id); },
            [&](std::size_t i) { return catalog[i].id; }, output, format, width, height);
        return 0;
    });
}

} // namespace planscope
