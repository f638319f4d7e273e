#include "plan/OnnxOrigin.h"

#include <QSet>
#include <algorithm>

namespace planscope {

QStringList onnxNodes(QStringView metadata) {
    QStringList nodes;
    QSet<QStringView> seen;
    forEachOnnxNode(metadata, [&](QStringView node) {
        if (!seen.contains(node)) {
            seen.insert(node);
            nodes << node.toString();
        }
    });
    return nodes;
}

qsizetype indexOfOnnxMarker(QStringView metadata, qsizetype from) {
    for (qsizetype at = metadata.indexOf(u'[', from); at >= 0; at = metadata.indexOf(u'[', at + 1))
        if (metadata.sliced(at).startsWith(kOnnxMarker))
            return at;
    return -1;
}

QStringView onnxOperatorOf(QStringView node) {
    node = node.mid(node.lastIndexOf(u'/') + 1);
    const qsizetype counter = node.lastIndexOf(u'_');
    if (counter > 0 &&
        std::all_of(node.begin() + counter + 1, node.end(), [](QChar c) { return c.isDigit(); }))
        node = node.left(counter);
    return node;
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
