#pragma once

#include <QByteArrayView>
#include <QString>

namespace planscope {

// The files trtexec and trex write, told apart by content (users rename them freely).
enum class FileKind {
    Graph,           // --exportLayerInfo: {"Layers": [...], "Bindings": [...]}
    Profile,         // --exportProfile: [{"count": N}, {"name": ..., "averageMs": ...}, ...],
                     // or an IProfiler's samples: {"layer name": [ms, ms, ...], ...}
    Timing,          // --exportTimes: [{"startEnqMs": ..., "latencyMs": ...}, ...]
    ProfileMetadata, // trex: {"performance_summary": ..., "device_information": ...}
    BuildMetadata,   // trex: {"model_options": ..., "build_options": ...}
    DeviceList,      // older trex .metadata.json: [{"Name": ..., "ComputeCapability": ...}]
    TrtexecLog,      // trtexec's console output, or TensorRT's logger output (a Python-API build)
    Unknown,
};

QString fileKindName(FileKind kind);

// Looks at the beginning of the file only, so sniffing a folder of large files stays cheap.
FileKind sniffFileKind(const QString& path);
FileKind sniffTextKind(const QByteArray& head);

// Files that are no part of a plan, told apart so a message can say what they are: a polygraphy
// run log (read by accuracy/AccuracyLogReader), or an image or document by its magic bytes
// ("a PNG image"; empty for anything else).
bool looksLikePolygraphyLog(QByteArrayView head);
QString pictureKind(QByteArrayView head);

// What one file dropped on the window is, by content: a polygraphy run log (for the Accuracy
// tab), a verbose build log (its tactics, read beside the open plan), an ONNX model (by its
// .onnx suffix: the model the open plan was built from) or else a plan.
enum class DroppedFile { AccuracyLog, BuildLog, OnnxModel, Plan };
DroppedFile sniffDroppedFile(const QString& path);

} // namespace planscope
