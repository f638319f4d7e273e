#include "cli/CliSupport.h"
#include "cli/PlanOptions.h"
#include "io/PlanJson.h"

#include <algorithm>

namespace planscope {
namespace {

void printTable(const std::vector<const Layer*>& layers) {
    int typeWidth = 16; // wider when a type is longer (a runner's name, e.g. CaskGemmConvolution)
    for (const Layer* l : layers)
        typeWidth = std::max(typeWidth, static_cast<int>(l->type.size()));
    out() << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                 .arg(QStringLiteral("#"), 4)
                 .arg(QStringLiteral("type"), -typeWidth)
                 .arg(QStringLiteral("precision"), -9)
                 .arg(QStringLiteral("avg ms"), 9)
                 .arg(QStringLiteral("%"), 6)
                 .arg(QStringLiteral("name"));
    for (const Layer* l : layers)
        out() << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                     .arg(l->index, 4)
                     .arg(l->type, -typeWidth)
                     .arg(l->precision, -9)
                     .arg(l->timing.averageMs, 9, 'f', 4)
                     .arg(l->timing.percent, 6, 'f', 2)
                     .arg(l->name);
}

} // namespace

int layersCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("List the layers of an engine plan."));
        addPlanOptions(parser);
        const QCommandLineOption type(
            QStringLiteral("type"), QStringLiteral("Only layers of this type (e.g. Convolution)."),
            QStringLiteral("T"));
        const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
        const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Print CSV."));
        parser.addOptions({type, json, csv});
        if (!parseArguments(parser, arguments))
            return 0;
        if (parser.isSet(json) && parser.isSet(csv))
            throw UsageError("choose one of --json and --csv");
        const EnginePlan plan = loadPlanFromArguments(parser);
        std::vector<const Layer*> layers;
        for (const Layer& l : plan.layers)
            if (!parser.isSet(type) || l.type.compare(parser.value(type), Qt::CaseInsensitive) == 0)
                layers.push_back(&l);
        if (parser.isSet(json)) {
            OrderedJson list = OrderedJson::array();
            for (const Layer* l : layers)
                list.push_back(layerJson(*l));
            out() << QString::fromStdString(list.dump(2)) << '\n';
        } else if (parser.isSet(csv)) {
            out() << QString::fromUtf8(layersCsv(layers));
        } else {
            printTable(layers);
        }
        return 0;
    });
}

} // namespace planscope
