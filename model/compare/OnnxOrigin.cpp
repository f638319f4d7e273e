#include "compare/OnnxOrigin.h"

#include <QSet>

namespace planscope {

QStringList onnxNodes(QStringView metadata) {
    static const QLatin1String kMarker("[ONNX Layer: ");
    QStringList nodes;
    QSet<QString> seen;
    qsizetype at = metadata.indexOf(kMarker);
    while (at >= 0) {
        const qsizetype begin = at + kMarker.size();
        const qsizetype next = metadata.indexOf(kMarker, begin);
        const QStringView rest = metadata.mid(begin, next < 0 ? -1 : next - begin);
        const qsizetype close = rest.lastIndexOf(u']');
        if (close > 0) {
            QString node = rest.left(close).toString();
            if (!seen.contains(node)) {
                seen.insert(node);
                nodes << std::move(node);
            }
        }
        at = next;
    }
    return nodes;
}

QString reformatCopyTarget(const QString& layerName) {
    static const QLatin1String kPrefix("Reformatting CopyNode for ");
    static const QLatin1String kTo(" to ");
    if (!layerName.startsWith(kPrefix))
        return {};
    const qsizetype to = layerName.indexOf(kTo, kPrefix.size());
    return to < 0 ? QString() : layerName.mid(to + kTo.size());
}

} // namespace planscope
