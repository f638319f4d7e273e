#include "compare/OnnxNotes.h"

#include "plan/FigureText.h"

namespace planscope {
namespace {

// What a layer without ONNX origin is, which says why it has none.
enum class Reason { ForeignNode, MyelinReformat, Copy, Other };
constexpr std::size_t kReasons = 4;

Reason reasonOf(const Layer& layer) {
    if (layer.subtype == QLatin1String("Myelin") ||
        layer.name.startsWith(QLatin1String("{ForeignNode[")))
        return Reason::ForeignNode;
    if (layer.subtype == QLatin1String("MyelinReformat"))
        return Reason::MyelinReformat;
    if (layer.name.startsWith(QLatin1String("Reformatting CopyNode")))
        return Reason::Copy;
    return Reason::Other;
}

QString reasonText(Reason reason, int count, double ms) {
    const auto counted = [&](const char* noun, const char* plural = nullptr) {
        return QStringLiteral("%1 (%2)").arg(
            countText(count, QLatin1String(noun), plural ? QLatin1String(plural) : QString()),
            millisecondsText(ms));
    };
    switch (reason) {
    case Reason::ForeignNode:
        return counted("Myelin ForeignNode layer");
    case Reason::MyelinReformat:
        return counted("Myelin reformat");
    case Reason::Copy:
        return counted("reformatting copy", "reformatting copies") +
               QStringLiteral(" for engine inputs and outputs or layers without origin");
    case Reason::Other:
        break;
    }
    return counted("other layer");
}

void noteMissingMetadata(const EnginePlan& plan, const QString& label,
                         std::vector<OnnxNote>& notes) {
    const QString what = plan.namesOnly
                             ? QStringLiteral("%1's graph lists layer names only")
                             : QStringLiteral("%1's layers have no ONNX origin (Metadata)");
    notes.push_back(
        {QStringLiteral("no-metadata-") + label.toLower(),
         what.arg(label) + QStringLiteral(", so its time cannot be told by ONNX op. Build the "
                                          "engine with trtexec --profilingVerbosity=detailed and "
                                          "export its graph with --exportLayerInfo.")});
}

void noteUnattributed(const EnginePlan& plan, const QString& label, bool sideA,
                      const OnnxComparison& comparison, std::vector<OnnxNote>& notes) {
    const OnnxEngineTotals& totals = sideA ? comparison.a : comparison.b;
    if (!totals.totalMs || !totals.unattributedMs || *totals.totalMs <= 0)
        return;
    const double percent = 100 * *totals.unattributedMs / *totals.totalMs;
    if (percent <= kUnattributedNotePercent)
        return;
    double ms[kReasons] = {};
    int count[kReasons] = {};
    for (const OnnxUnattributed& row : comparison.unattributed) {
        const int index = sideA ? row.a : row.b;
        if (index < 0)
            continue;
        const auto reason = std::size_t(reasonOf(plan.layers[std::size_t(index)]));
        ms[reason] += (sideA ? row.aMs : row.bMs).value_or(0);
        ++count[reason];
    }
    QStringList reasons;
    for (std::size_t reason = 0; reason < kReasons; ++reason)
        if (count[reason] > 0)
            reasons << reasonText(Reason(reason), count[reason], ms[reason]);
    // TensorRT 10 names the ONNX nodes of Myelin's layers; 8.6 does not.
    const bool myelin = count[std::size_t(Reason::ForeignNode)] > 0 ||
                        count[std::size_t(Reason::MyelinReformat)] > 0;
    notes.push_back(
        {QStringLiteral("unattributed-") + label.toLower(),
         QStringLiteral("%1 of %2's time (%3 of %4) has no ONNX origin: %5.%6 These layers are "
                        "listed apart and paired with the other engine's by name.")
             .arg(percentText(percent), label, millisecondsText(totals.unattributedMs),
                  millisecondsText(totals.totalMs), reasons.join(QStringLiteral(", ")),
                  myelin ? QStringLiteral(" TensorRT 8.6 writes Myelin's layers without "
                                          "Metadata (TensorRT 10 names their ONNX nodes).")
                         : QString())});
}

} // namespace

std::vector<OnnxNote> onnxNotes(const EnginePlan& a, const EnginePlan& b,
                                const OnnxComparison& comparison) {
    std::vector<OnnxNote> notes;
    const bool originA = comparison.a.layersWithOrigin > 0;
    const bool originB = comparison.b.layersWithOrigin > 0;
    if (!originA)
        noteMissingMetadata(a, QStringLiteral("A"), notes);
    if (!originB)
        noteMissingMetadata(b, QStringLiteral("B"), notes);
    if (originA && originB && comparison.sharedNodes == 0)
        notes.push_back(
            {QStringLiteral("no-shared-nodes"),
             QStringLiteral("The engines name no ONNX node in common, so every group is in one "
                            "engine only. Exporting the model to ONNX again renames every node: "
                            "build both engines from the same ONNX file.")});
    // Without Metadata everything is unattributed: the note above says why.
    if (originA)
        noteUnattributed(a, QStringLiteral("A"), true, comparison, notes);
    if (originB)
        noteUnattributed(b, QStringLiteral("B"), false, comparison, notes);
    return notes;
}

} // namespace planscope
