#pragma once

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
    TrtexecLog,      // trtexec's console output
    Unknown,
};

QString fileKindName(FileKind kind);

// Looks at the beginning of the file only, so sniffing a folder of large files stays cheap.
FileKind sniffFileKind(const QString& path);
FileKind sniffTextKind(const QByteArray& head);

} // namespace planscope
