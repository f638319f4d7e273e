#include "plan/OnnxOrigin.h"

#include <QSet>
#include <algorithm>
#include <string_view>

namespace planscope {
namespace {

bool isBracket(QChar c) {
    return c == u'[' || c == u']' || c == u'{' || c == u'}' || c == u'(' || c == u')';
}

// The prefixes TensorRT gives the layers it inserts around a node, before the node's name.
constexpr std::u16string_view kInsertedPrefixes[] = {u"reshape_before_", u"reshape_after_"};

} // namespace

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

QList<QStringView> nodesInName(QStringView name) {
    QList<QStringView> nodes;
    auto take = [&](QStringView piece) {
        piece = piece.trimmed();
        for (std::u16string_view prefix : kInsertedPrefixes)
            if (piece.startsWith(QStringView(prefix)))
                piece = piece.sliced(qsizetype(prefix.size()));
        if (!piece.isEmpty())
            nodes << piece;
    };
    qsizetype start = 0;
    for (qsizetype at = 0; at < name.size();) {
        qsizetype cut = 0;
        if (isBracket(name[at]))
            cut = 1;
        else if (name.sliced(at).startsWith(u" || "))
            cut = 4;
        else if (name.sliced(at).startsWith(u" + ") || name.sliced(at).startsWith(u"..."))
            cut = 3;
        else if (name.sliced(at).startsWith(u", ")) // PWN(/a/Sigmoid, /a/Mul)
            cut = 2;
        if (cut == 0) {
            ++at;
            continue;
        }
        take(name.sliced(start, at - start));
        at += cut;
        start = at;
    }
    take(name.sliced(start));
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
