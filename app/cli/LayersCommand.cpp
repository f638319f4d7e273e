#include "cli/CliSupport.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "metrics/LayerGroups.h"
#include "metrics/PlanJson.h"
#include "plan/FigureText.h"

#include <algorithm>

namespace planscope {
namespace {

// Short names for the sort columns users type most; any key of `layers --json` works too.
const std::pair<const char*, const char*> kSortAliases[] = {{"latency", "latency_avg_ms"},
                                                            {"avg", "latency_avg_ms"},
                                                            {"median", "latency_median_ms"},
                                                            {"total", "latency_total_ms"},
                                                            {"share", "latency_pct"},
                                                            {"weights", "weights_bytes"},
                                                            {"io", "io_bytes"},
                                                            {"footprint", "footprint_bytes"}};

struct Row {
    const Layer* layer;
    OrderedJson json;
};

QString sortKey(const QString& column) {
    for (const auto& [alias, key] : kSortAliases)
        if (column.compare(QLatin1String(alias), Qt::CaseInsensitive) == 0)
            return QString::fromLatin1(key);
    const OrderedJson header = layerJson(Layer{});
    for (const auto& item : header.items()) {
        QString key = QString::fromStdString(item.key());
        if (column.compare(key, Qt::CaseInsensitive) == 0 && !item.value().is_array())
            return key;
    }
    throw UsageError(("--sort: no column '" + column +
                      "'; use latency, median, total, share, weights, io, footprint, or a key of "
                      "layers --json such as name, type, macs")
                         .toStdString());
}

// Numbers largest first, text A to Z (reversed with --reverse); missing values always last,
// equal ones in engine order.
void sortRows(std::vector<Row>& rows, const std::string& key, bool reverse) {
    std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
        const OrderedJson& x = a.json[key];
        const OrderedJson& y = b.json[key];
        if (x.is_null() || y.is_null())
            return !x.is_null() && y.is_null();
        const bool before = x.is_number() ? x.get<double>() > y.get<double>() : x < y;
        const bool after = x.is_number() ? y.get<double>() > x.get<double>() : y < x;
        return reverse ? after : before;
    });
}

void printTable(const std::vector<Row>& rows) {
    int typeWidth = 16; // wider when a type is longer (a runner's name, e.g. CaskGemmConvolution)
    for (const Row& r : rows)
        typeWidth = std::max(typeWidth, static_cast<int>(r.layer->type.size()));
    out() << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                 .arg(QStringLiteral("#"), 4)
                 .arg(QStringLiteral("type"), -typeWidth)
                 .arg(QStringLiteral("precision"), -9)
                 .arg(QStringLiteral("avg ms"), 9)
                 .arg(QStringLiteral("%"), 6)
                 .arg(QStringLiteral("name"));
    const auto figure = [](std::optional<double> value, int decimals) {
        return value ? QString::number(*value, 'f', decimals) : kMissingText;
    };
    for (const Row& r : rows) {
        const Layer* l = r.layer;
        out() << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                     .arg(l->index, 4)
                     .arg(l->type, -typeWidth)
                     .arg(l->precision, -9)
                     .arg(figure(l->timing.average(), 4), 9)
                     .arg(figure(l->timing.share(), 2), 6)
                     .arg(l->name);
    }
}

// The layers of the --type asked for; an unknown type is a usage error listing the plan's types.
std::vector<const Layer*> layersOfType(const EnginePlan& plan, const QString& type) {
    std::vector<const Layer*> layers;
    for (const Layer& l : plan.layers)
        if (type.isEmpty() || l.type.compare(type, Qt::CaseInsensitive) == 0)
            layers.push_back(&l);
    if (layers.empty() && !type.isEmpty()) {
        QStringList types;
        for (const LayerGroup& g : groupLayers(plan.layers, layerTypeKey))
            types << QStringLiteral("%1 (%2)").arg(g.key).arg(g.count);
        throw UsageError(("--type " + type + ": " + plan.name +
                          " has no layer of that type; its "
                          "types are " +
                          types.join(QStringLiteral(", ")))
                             .toStdString());
    }
    return layers;
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
        const QCommandLineOption sort(
            QStringLiteral("sort"),
            QStringLiteral("Sort by COLUMN: latency, median, total, share, weights, io, footprint, "
                           "or a key of --json (name, type, macs ...). Numbers largest first, "
                           "text A to Z, missing values last."),
            QStringLiteral("COLUMN"));
        const QCommandLineOption reverse(QStringLiteral("reverse"),
                                         QStringLiteral("Reverse the --sort order."));
        const QCommandLineOption top(QStringLiteral("top"),
                                     QStringLiteral("Only the first N rows (after --sort)."),
                                     QStringLiteral("N"));
        parser.addOptions({type, sort, reverse, top});
        const OutputFormatOption output(parser, OutputFormatOption::JsonAndCsv);
        if (!parseArguments(parser, arguments))
            return 0;
        const OutputFormat format = output.format();
        bool ok = true;
        const int count = parser.isSet(top) ? parser.value(top).toInt(&ok) : -1;
        if (!ok || (parser.isSet(top) && count < 1))
            throw UsageError("--top takes a number from 1");
        if (parser.isSet(reverse) && !parser.isSet(sort))
            throw UsageError("--reverse reverses --sort: give --sort COLUMN");
        const QString key = parser.isSet(sort) ? sortKey(parser.value(sort)) : QString();
        const EnginePlan& plan = loadPlanFromArguments(parser);
        std::vector<Row> rows;
        for (const Layer* l : layersOfType(plan, parser.value(type)))
            rows.push_back({l, layerJson(*l)});
        if (!key.isEmpty())
            sortRows(rows, key.toStdString(), parser.isSet(reverse));
        if (count > 0 && static_cast<std::size_t>(count) < rows.size())
            rows.resize(static_cast<std::size_t>(count));
        if (format == OutputFormat::Json) {
            OrderedJson list = OrderedJson::array();
            for (Row& r : rows)
                list.push_back(std::move(r.json));
            out() << QString::fromStdString(list.dump(2)) << '\n';
        } else if (format == OutputFormat::Csv) {
            std::vector<const Layer*> layers;
            layers.reserve(rows.size());
            for (const Row& r : rows)
                layers.push_back(r.layer);
            out() << QString::fromUtf8(layersCsv(layers));
        } else {
            printTable(rows);
        }
        return 0;
    });
}

} // namespace planscope
