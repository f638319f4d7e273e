#pragma once

#include <QProcess>
#include <QStringList>

namespace planscope::test {

struct CliRun {
    int status = -1; // -1 when the process crashed or timed out
    QByteArray out;
    QString err;
    QString text() const { return QString::fromUtf8(out); }
};

// Runs the real binary (or `program`) with no display at all, as a script on a build server would.
inline CliRun runPlanscope(const QStringList& arguments,
                           const QString& program = QStringLiteral(PLANSCOPE_BINARY)) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    process.setProcessEnvironment(env);
    process.start(program, arguments);
    if (!process.waitForFinished(120000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            process.readAllStandardOutput(), QString::fromUtf8(process.readAllStandardError())};
}

} // namespace planscope::test
