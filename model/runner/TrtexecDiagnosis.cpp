#include "runner/TrtexecDiagnosis.h"

#include <QRegularExpression>

namespace planscope {
namespace {

// What CUDA and trtexec print when there is no GPU, no driver or too old a driver.
const QStringList kGpuFailures = {
    QStringLiteral("no CUDA-capable device is detected"),
    QStringLiteral("CUDA initialization failure"),
    QStringLiteral("CUDA driver version is insufficient"),
    QStringLiteral("Cuda failure"),
    QStringLiteral("cudaErrorNoDevice"),
    QStringLiteral("found no NVIDIA driver"),
};

// trtexec starts its lines with "[MM/DD/YYYY-hh:mm:ss] [E] ": noise in a one-line message.
QString withoutPrefix(const QString& line) {
    static const QRegularExpression prefix(
        QStringLiteral(R"(^(\[[0-9/:-]+\]\s*)?(\[[A-Z]\]\s*)?)"));
    return line.trimmed().remove(prefix);
}

} // namespace

QString environmentProblem(const QString& outputLine) {
    for (const QString& failure : kGpuFailures)
        if (outputLine.contains(failure, Qt::CaseInsensitive))
            return QStringLiteral("trtexec could not use a GPU: %1. Run it on a machine with an "
                                  "NVIDIA GPU and a driver that matches its CUDA version.")
                .arg(withoutPrefix(outputLine));
    if (outputLine.contains(QStringLiteral("error while loading shared libraries")))
        return QStringLiteral("trtexec could not load its libraries: %1. Add TensorRT's and "
                              "CUDA's lib folders to LD_LIBRARY_PATH.")
            .arg(withoutPrefix(outputLine));
    return {};
}

QString stepFailureMessage(TrtexecStep step, const QString& environmentProblem, int exitCode,
                           bool crashed, const QString& log) {
    const QString see = QStringLiteral(" See %1.").arg(log);
    if (!environmentProblem.isEmpty())
        return environmentProblem + see;
    const QString what = step == TrtexecStep::Build ? QStringLiteral("build the engine")
                                                    : QStringLiteral("profile the engine");
    if (crashed)
        return QStringLiteral("trtexec crashed while trying to %1.%2").arg(what, see);
    return QStringLiteral("trtexec failed to %1 (exit code %2).%3")
        .arg(what)
        .arg(exitCode)
        .arg(see);
}

} // namespace planscope
