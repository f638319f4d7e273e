#include "kernels/KernelText.h"

#include <QStringList>

namespace planscope {
namespace {

QString typesText(const KernelName& k) {
    QString text = k.inputType;
    if (!k.outputType.isEmpty())
        text += (text.isEmpty() ? QStringLiteral("→ ") : QStringLiteral(" → ")) + k.outputType;
    QStringList math;
    if (!k.computeType.isEmpty() && k.computeType != k.inputType)
        math << k.computeType + QStringLiteral(" math");
    if (!k.accumulatorType.isEmpty())
        math << k.accumulatorType + QStringLiteral(" accumulate");
    if (!k.epilogueType.isEmpty() && k.epilogueType != k.accumulatorType &&
        k.epilogueType != k.outputType)
        math << k.epilogueType + QStringLiteral(" epilogue");
    if (!math.isEmpty())
        text +=
            (text.isEmpty() ? QString() : QStringLiteral(", ")) + math.join(QStringLiteral(", "));
    return text;
}

// xmma convolutions name input, filter, then output layouts: "nhwc, krsc → nhwc".
QString layoutsText(const KernelName& k) {
    if (k.layouts.size() == 3 && k.operation.contains(QLatin1String("fprop")))
        return k.layouts[0] + QStringLiteral(", ") + k.layouts[1] + QStringLiteral(" → ") +
               k.layouts[2];
    return k.layouts.join(QStringLiteral(", "));
}

} // namespace

QString mathUnitName(MathUnit unit) {
    switch (unit) {
    case MathUnit::TensorCores:
        return QStringLiteral("Tensor Cores");
    case MathUnit::CudaCores:
        return QStringLiteral("CUDA cores");
    case MathUnit::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString kernelMathText(const KernelName& k) {
    if (k.unit == MathUnit::Unknown)
        return QStringLiteral("unknown kernel (%1)").arg(k.unknownReason);
    const QString instruction = QStringList{k.math, k.mmaShape}.join(QLatin1Char(' ')).trimmed();
    if (!instruction.isEmpty())
        return mathUnitName(k.unit) + QStringLiteral(": ") + instruction;
    if (k.unit == MathUnit::CudaCores && k.mathEvidence == k.architecture)
        return QStringLiteral("CUDA cores (built for %1, which has no Tensor Cores)")
            .arg(k.architecture);
    if (k.unit == MathUnit::CudaCores && k.mathEvidence == QLatin1String("gemv"))
        return QStringLiteral("CUDA cores (a matrix-vector kernel)");
    return mathUnitName(k.unit) + QStringLiteral(" (the instruction is not named)");
}

QString kernelDetailsText(const KernelName& k) {
    if (!k.decoded)
        return {};
    QStringList parts;
    const auto add = [&parts](const QString& label, const QString& value) {
        if (!value.isEmpty())
            parts << (label.isEmpty() ? value : label + QLatin1Char(' ') + value);
    };
    add({}, k.architecture);
    add({}, k.operation);
    add({}, typesText(k));
    add({}, layoutsText(k));
    add(QStringLiteral("tile"), k.tile);
    add(QStringLiteral("warp tile"), k.warpTile);
    if (k.stages > 0)
        parts << QStringLiteral("%1 stage%2").arg(k.stages).arg(k.stages == 1 ? "" : "s");
    add(QStringLiteral("warps"), k.warps);
    add(QStringLiteral("warp groups"), k.warpGroups);
    add(QStringLiteral("cluster"), k.cluster);
    add(QStringLiteral("align"), k.alignment.join(QStringLiteral(", ")));
    add({}, k.splitK);
    add(QStringLiteral("filter"), k.filter);
    add(QStringLiteral("stride"), k.stride);
    if (k.groups > 1)
        parts << QStringLiteral("%1 groups").arg(k.groups);
    add({}, k.epilogue.join(QStringLiteral(", ")));
    add({}, k.variants.join(QStringLiteral(", ")));
    return parts.join(QStringLiteral(" · "));
}

} // namespace planscope
