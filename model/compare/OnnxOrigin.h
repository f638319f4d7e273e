#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace planscope {

// The ONNX nodes a layer implements, as its Metadata names them (engines built with
// --profilingVerbosity=detailed): "[ONNX Layer: /features/features.0/Conv]", several joined by
// the record separators \x1f or \x1e (the loader reads both as '+'). Each node once, in the order
// named; empty when the Metadata names none. A node's name runs to the last ']' before the next
// "[ONNX Layer: ", so names holding ']' or '+' stay whole.
QStringList onnxNodes(QStringView metadata);

// The layer a Reformatting CopyNode was inserted for: T in "Reformatting CopyNode for Input
// Tensor 0 to T" (a layer name, maybe of a fused layer "A + B"); empty for any other name.
QString reformatCopyTarget(const QString& layerName);

} // namespace planscope
