#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace planscope {

// The ONNX nodes a layer implements, as its Metadata names them (engines built with
// --profilingVerbosity=detailed): "[ONNX Layer: /features/features.0/Conv]", several joined by
// the record separators \x1f or \x1e (the loader reads both as '+'). A node's name runs to the
// last ']' before the next "[ONNX Layer: ", so names holding ']' or '+' stay whole.

inline constexpr QStringView kOnnxMarker = u"[ONNX Layer: ";

// Where the next "[ONNX Layer: " starts, from `from`; -1 when none does. Its bracket is looked
// for first (a vectorized search): the leads and charts ask every layer of a large plan.
qsizetype indexOfOnnxMarker(QStringView metadata, qsizetype from);

// Calls `use` with each node named, in order, repeats included; no copies (every layer of a
// large plan has Metadata).
template <class Use> void forEachOnnxNode(QStringView metadata, Use&& use) {
    qsizetype at = indexOfOnnxMarker(metadata, 0);
    while (at >= 0) {
        const qsizetype begin = at + kOnnxMarker.size();
        const qsizetype next = indexOfOnnxMarker(metadata, begin);
        const QStringView rest = metadata.mid(begin, next < 0 ? -1 : next - begin);
        if (const qsizetype close = rest.lastIndexOf(u']'); close > 0)
            use(rest.left(close));
        at = next;
    }
}

// Each node once, in the order named; empty when the Metadata names none.
QStringList onnxNodes(QStringView metadata);

// The ONNX operator a node name holds: its last part without a counter ("/blocks.0/Cast_1" ->
// "Cast"). Names that do not hold one ("node_linear") give a word that is no operator.
QStringView onnxOperatorOf(QStringView node);

// The pieces of a layer's name that may name ONNX nodes, in order: the name split on " + ",
// "...", " || ", ", " (a pointwise layer's nodes) and brackets, each trimmed, an inserted
// layer's prefix ("reshape_before_") dropped, empty ones left out.
// "{ForeignNode[/a/Mul.../a/b/Add]}" -> {"ForeignNode", "/a/Mul", "/a/b/Add"}.
QList<QStringView> nodesInName(QStringView name);

// The layer a Reformatting CopyNode was inserted for: T in "Reformatting CopyNode for Input
// Tensor 0 to T" (a layer name, maybe of a fused layer "A + B"); empty for any other name.
QString reformatCopyTarget(const QString& layerName);

} // namespace planscope
