#include "cli/CliSupport.h"
#include "cli/OutputFormat.h"
#include "cli/PlanOptions.h"
#include "plan/FigureText.h"
#include "roofline/GpuTable.h"
#include "roofline/RateTable.h"
#include "roofline/RooflineJson.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace planscope {
namespace {

const QString kList = QStringLiteral("list");

// `--gpu list`: the built-in table with its sources.
QString gpuTableText() {
    QString text;
    QTextStream stream(&text);
    stream << "GPUs for --gpu NAME (name, compute capability, SMs, boost clock, memory bus and "
              "clock, bandwidth, L2; source):\n";
    for (const GpuTableEntry& entry : gpuTable()) {
        const GpuDevice gpu = deviceOf(entry);
        stream << "  " << gpu.name << ": " << gpu.computeCapability() << ", " << gpu.sms << " SMs, "
               << QString::number(gpu.clockGhz, 'f', 3) << " GHz, " << gpu.memoryBusBits
               << "-bit at " << QString::number(gpu.memoryClockGhz, 'f', 3) << " GHz, "
               << QString::number(gpu.bandwidthGbs(), 'f', 1) << " GB/s, L2 "
               << (gpu.l2Bytes ? bytesText(gpu.l2Bytes) : kMissingText) << "\n      "
               << gpu.tableSource << '\n';
    }
    stream << "\nDense rates per SM per clock (FLOPs; ops for int8) by compute capability:\n";
    for (const RateRow& row : rateTable()) {
        stream << "  " << row.major << '.' << row.minor << ':';
        for (MathClass math : kMathClasses)
            stream << ' ' << mathClassName(math) << ' '
                   << (row.rate(math) > 0 ? QString::number(row.rate(math)) : kMissingText);
        stream << (row.geforceHalves ? " (GeForce: FP32-accumulate rates halved)" : "")
               << "\n      " << row.source << '\n';
    }
    stream.flush();
    return text;
}

// The device of --gpu NAME; throws UsageError naming the GPUs NAME could mean.
GpuDevice chosenGpu(const QString& name) {
    const GpuLookup lookup = findGpu(name);
    if (lookup.device)
        return *lookup.device;
    if (lookup.matches.isEmpty())
        throw UsageError(("--gpu " + name +
                          ": no such GPU in the built-in table (planscope roofline --gpu list "
                          "shows it)")
                             .toStdString());
    throw UsageError(
        ("--gpu " + name + " could be any of: " + lookup.matches.join(", ")).toStdString());
}

QString figure(std::optional<double> value, int decimals, const QString& suffix = {}) {
    return numberText(value, decimals, suffix);
}

QString rooflineText(const EnginePlan& plan, const Roofline& roofline) {
    QString text;
    QTextStream stream(&text);
    const RooflineTotal& total = roofline.total;
    if (const auto& gpu = roofline.device) {
        stream << "Device: " << gpu->name << " (compute capability " << gpu->computeCapability()
               << ", " << gpu->sms << " SMs at " << QString::number(gpu->clockGhz, 'f', 3)
               << " GHz; " << gpu->memoryBusBits << "-bit memory at "
               << QString::number(gpu->memoryClockGhz, 'f', 3) << " GHz), from "
               << (gpu->source == DeviceSource::Files ? QStringLiteral("the plan's files")
                                                      : QStringLiteral("--gpu"))
               << '\n'
               << "\tBandwidth: " << QString::number(gpu->bandwidthGbs(), 'f', 1) << " GB/s, L2 "
               << (gpu->l2Bytes ? bytesText(gpu->l2Bytes) : kMissingText) << '\n'
               << "\tPeaks (TFLOP/s; TOP/s for int8):";
        for (MathClass math : kMathClasses)
            stream << ' ' << mathClassName(math) << ' ' << figure(gpu->peakTflops(math), 1);
        stream << '\n';
        if (!rateRow(gpu->major, gpu->minor))
            stream << "\tThe rate table has no compute capability " << gpu->computeCapability()
                   << ": layers with FLOPs have no speed of light, the others are judged by their "
                      "bytes\n";
    } else {
        stream << "Device: " << kMissingText
               << " (the files describe no GPU: name one with --gpu NAME, --gpu list shows them)\n";
    }
    stream << "Total: " << figure(total.flops ? std::optional(*total.flops / 1e9) : std::nullopt, 2)
           << " GFLOPs, "
           << figure(total.params ? std::optional(*total.params / 1e6) : std::nullopt, 2)
           << " M parameters, " << bytesText(total.bytes) << " moved; measured "
           << millisecondsText(total.ms) << ", speed of light " << millisecondsText(total.solMs)
           << " (" << percentText(total.solPercent) << ")\n";

    std::vector<double> aboveSolMs(roofline.size());
    for (std::size_t i = 0; i < roofline.size(); ++i)
        aboveSolMs[i] = roofline.layer(i).aboveSolMs.value_or(-1e300);
    std::vector<std::size_t> order(roofline.size());
    std::iota(order.begin(), order.end(), 0);
    const auto above = [&](std::size_t i) { return aboveSolMs[i]; };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return above(a) > above(b); });
    stream << "\nLayers by time above the speed of light:\n"
           << QStringLiteral("  %1 %2 %3 %4  %5 %6 %7\n")
                  .arg(QStringLiteral("above ms"), 10)
                  .arg(QStringLiteral("ms"), 10)
                  .arg(QStringLiteral("SOL ms"), 10)
                  .arg(QStringLiteral("SOL %"), 7)
                  .arg(QStringLiteral("bound"), -8)
                  .arg(QStringLiteral("math"), -11)
                  .arg(QStringLiteral("layer"));
    for (std::size_t i : order) {
        const LayerRoofline r = roofline.layer(i);
        stream << QStringLiteral("  %1 %2 %3 %4  %5 %6 %7\n")
                      .arg(figure(r.aboveSolMs, 4), 10)
                      .arg(figure(r.ms, 4), 10)
                      .arg(figure(r.solMs, 4), 10)
                      .arg(figure(r.solPercent, 1), 7)
                      .arg(r.bound ? QLatin1String(boundName(*r.bound)) : kMissingText, -8)
                      .arg(r.math ? QLatin1String(mathClassName(*r.math)) : kMissingText, -11)
                      .arg(plan.layers[i].name);
        if (!r.note.isEmpty())
            stream << "      note: " << r.note << '\n';
    }
    stream.flush();
    return text;
}

} // namespace

int rooflineCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "How far each layer is from what its GPU can do: its FLOPs and bytes, the roof of "
            "its math, its speed-of-light time, and the time above it, most first."));
        addPlanOptions(parser);
        const QCommandLineOption gpu(
            QStringLiteral("gpu"),
            QStringLiteral("The GPU to judge the plan on, from the built-in table (where the "
                           "files describe none, or another); 'list' shows the table."),
            QStringLiteral("NAME"));
        parser.addOption(gpu);
        const OutputFormatOption output(parser, OutputFormatOption::JsonAndCsv);
        if (!parseArguments(parser, arguments))
            return 0;
        const OutputFormat format = output.format();
        if (parser.value(gpu) == kList) {
            out() << gpuTableText();
            return 0;
        }
        const std::optional<GpuDevice> chosen =
            parser.isSet(gpu) ? std::optional(chosenGpu(parser.value(gpu))) : std::nullopt;
        const PlanAnalysis& analysis = analysisFromArguments(parser);
        const EnginePlan& plan = analysis.plan();
        std::shared_ptr<const Roofline> held;
        const Roofline* roofline = &analysis.roofline();
        if (chosen) {
            if (const auto& files = roofline->device)
                err() << "planscope roofline: using --gpu's " << chosen->name << ", not the files' "
                      << files->name << Qt::endl;
            held = analysis.rooflineOn(*chosen);
            roofline = held.get();
        }
        if (format == OutputFormat::Json) { // large for a large plan: written as made
            out().flush();
            writeRooflineJson(plan, *roofline, [](std::string_view piece) {
                std::fwrite(piece.data(), 1, piece.size(), stdout);
            });
        } else if (format == OutputFormat::Csv) {
            out() << QString::fromUtf8(rooflineCsv(plan, *roofline));
        } else {
            out() << rooflineText(plan, *roofline);
        }
        return 0;
    });
}

} // namespace planscope
