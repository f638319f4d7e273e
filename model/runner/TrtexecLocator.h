#pragma once

#include <QString>

namespace planscope {

// Where trtexec was found, or why it was not.
struct TrtexecLocation {
    QString path;    // empty when not found
    QString problem; // what to install or set, when not found
};

// The explicit path when given (it must be an executable file), else trtexec on PATH, else
// /usr/src/tensorrt/bin/trtexec, where NVIDIA's TensorRT packages and containers put it.
TrtexecLocation locateTrtexec(const QString& explicitPath = {});

} // namespace planscope
