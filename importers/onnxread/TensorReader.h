#pragma once

#include "onnxmodel/OnnxGraph.h"
#include "onnxread/MappedFile.h"

#include <QHash>
#include <span>

namespace planscope {

// Reads one serialized TensorProto (an initializer) into an OnnxInitializer whose values point
// into the mapped file they are in: the model's raw_data, or an external data file beside the
// model (mapped once, kept in the graph's storage). Values written in typed fields (float_data
// ...) are converted into a buffer the graph keeps. Throws PlanError naming the model and the
// tensor when the bytes are damaged or an external file is missing.
class TensorReader {
  public:
    TensorReader(QString modelPath, OnnxGraph& graph);
    OnnxInitializer read(std::span<const std::byte> message);

  private:
    std::span<const std::byte> externalData(const QString& tensor, const QString& location,
                                            qint64 offset, qint64 length);
    QString m_modelPath;
    OnnxGraph& m_graph;
    QHash<QString, std::shared_ptr<const MappedFile>> m_external;
};

} // namespace planscope
