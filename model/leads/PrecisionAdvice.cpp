#include "leads/PrecisionAdvice.h"

#include "plan/OnnxOrigin.h"
#include "runner/TrtexecJob.h"

namespace planscope {
namespace {

bool isMadeUpName(const QString& name) {
    return name.isEmpty() || name.startsWith(QLatin1String("__myl_")) ||
           name.startsWith(QLatin1String("(Unnamed Layer*")) ||
           name.startsWith(QLatin1String("Reformatting CopyNode")) ||
           name.startsWith(QLatin1String("{ForeignNode["));
}

} // namespace

std::optional<QString> narrowerPrecision(const QString& precision) {
    if (precision == QLatin1String("FP32") || precision == QLatin1String("TF32"))
        return QStringLiteral("fp16");
    if (precision == QLatin1String("FP16") || precision == QLatin1String("BF16"))
        return QStringLiteral("int8");
    return std::nullopt;
}

QStringList networkLayerNames(const Layer& layer) {
    QStringList names = onnxNodes(layer.metadata);
    if (names.isEmpty())
        for (const QString& part : layer.fusedParts())
            if (!isMadeUpName(part) && !names.contains(part))
                names << part;
    return names;
}

QString layerPrecisionsCommand(const Layer& layer, const QString& precision,
                               const QString& constraint) {
    QStringList names = networkLayerNames(layer);
    if (names.isEmpty())
        names << QStringLiteral("NAME");
    QStringList pairs;
    for (const QString& name : names)
        pairs << name + QLatin1Char(':') + precision;
    return shellCommand(QStringLiteral("trtexec"),
                        {QStringLiteral("--layerPrecisions=") + pairs.join(QLatin1Char(',')),
                         QStringLiteral("--precisionConstraints=") + constraint});
}

} // namespace planscope
