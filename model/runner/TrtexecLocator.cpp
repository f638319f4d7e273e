#include "runner/TrtexecLocator.h"

#include <QFileInfo>
#include <QStandardPaths>

namespace planscope {
namespace {

const QString kPackagedTrtexec = QStringLiteral("/usr/src/tensorrt/bin/trtexec");

bool isExecutableFile(const QString& path) {
    const QFileInfo info(path);
    return info.isFile() && info.isExecutable();
}

} // namespace

TrtexecLocation locateTrtexec(const QString& explicitPath) {
    if (!explicitPath.isEmpty()) {
        if (isExecutableFile(explicitPath))
            return {explicitPath, {}};
        return {{},
                QStringLiteral("trtexec %1: %2. Give the path of TensorRT's trtexec executable.")
                    .arg(explicitPath, QFileInfo::exists(explicitPath)
                                           ? QStringLiteral("is not an executable file")
                                           : QStringLiteral("does not exist"))};
    }
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("trtexec"));
    if (!onPath.isEmpty())
        return {onPath, {}};
    if (isExecutableFile(kPackagedTrtexec))
        return {kPackagedTrtexec, {}};
    return {{},
            QStringLiteral("trtexec was not found on PATH nor at %1. Install NVIDIA TensorRT "
                           "(trtexec comes with it) on a machine with an NVIDIA GPU, then add its "
                           "bin folder to PATH or give its location (--trtexec PATH on the command "
                           "line, the trtexec field in the dialog).")
                .arg(kPackagedTrtexec)};
}

} // namespace planscope
