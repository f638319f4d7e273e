#include "compare/PairNames.h"

#include "compare/PlanComparison.h"
#include "plan/OnnxOrigin.h"

#include <QSet>

namespace planscope {
namespace {

QSet<QString> scopedOnnxNodes(const Layer& layer) {
    QSet<QString> nodes;
    forEachOnnxNode(layer.metadata, [&nodes](QStringView node) {
        if (node.startsWith(u'/'))
            nodes.insert(node.toString());
    });
    if (nodes.isEmpty())
        for (const QString& part : layer.fusedParts())
            if (part.startsWith(u'/'))
                nodes.insert(part);
    return nodes;
}

} // namespace

std::optional<bool> onnxNamesAgree(const Layer& a, const Layer& b) {
    const QSet<QString> nodesA = scopedOnnxNodes(a);
    const QSet<QString> nodesB = scopedOnnxNodes(b);
    if (nodesA.isEmpty() || nodesB.isEmpty())
        return std::nullopt;
    return nodesA.intersects(nodesB);
}

QString unlikePairsWarning(const std::vector<LayerComparison>& layers) {
    int compared = 0;
    int unlike = 0;
    const LayerComparison* example = nullptr;
    for (const LayerComparison& r : layers) {
        if (!r.onnxNamesAgree)
            continue;
        ++compared;
        if (*r.onnxNamesAgree)
            continue;
        ++unlike;
        if (!example)
            example = &r;
    }
    if (unlike == 0 || unlike <= kUnlikePairsShare * compared)
        return {};
    return QStringLiteral("%1 of %2 matched pairs pair layers of different ONNX nodes (as A's "
                          "`%3` with B's `%4`): the layer matching pairs layers by type and "
                          "shapes, not by name. Compare by ONNX op (--by onnx) or match by the "
                          "first input and output only (--inexact).")
        .arg(unlike)
        .arg(compared)
        .arg(example->nameA, example->nameB);
}

} // namespace planscope
