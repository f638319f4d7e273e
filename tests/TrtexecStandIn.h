#pragma once

#include "TestSupport.h"

#include <QFile>
#include <QStringList>
#include <cerrno>
#include <csignal>

// There is no GPU and no TensorRT where the tests run: a shell script the test writes stands in
// for trtexec (see fixtures/trtexec-stand-in.sh).
namespace planscope::test {

enum class StandIn {
    Succeeds,
    NoGpu,       // fails as trtexec does on a machine without a GPU
    Sleeps,      // runs until stopped (SIGTERM ends it)
    IgnoresTerm, // runs until killed
};

inline void announceStandIn() {
    qInfo("No GPU or TensorRT here: a stand-in shell script replaces trtexec in these tests.");
}

// Writes DIR/trtexec, which runs fixtures/trtexec-stand-in.sh with `behaviour`; the stand-in
// records its arguments in DIR/argv.txt and its process id in DIR/pid.txt.
inline QString writeStandIn(const QString& dir, StandIn behaviour) {
    static const char* const names[] = {"succeeds", "no-gpu", "sleeps", "ignores-term"};
    QString path = QDir(dir).filePath(QStringLiteral("trtexec"));
    QFile script(path);
    if (!script.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    script.write(QStringLiteral("#!/bin/sh\nexec /bin/sh '%1' %2 \"$(dirname \"$0\")\" \"$@\"\n")
                     .arg(fixturePath(QStringLiteral("trtexec-stand-in.sh")),
                          QLatin1String(names[int(behaviour)]))
                     .toUtf8());
    script.close();
    script.setPermissions(script.permissions() | QFile::ExeOwner);
    return path;
}

// The arguments of each run of the stand-in in `dir`.
inline QList<QStringList> recordedRuns(const QString& dir) {
    QFile file(QDir(dir).filePath(QStringLiteral("argv.txt")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QStringList> runs = {{}};
    for (const QString& line : QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts))
        if (line == QLatin1String("----"))
            runs << QStringList{};
        else
            runs.last() << line;
    runs.removeLast();
    return runs;
}

// Whether the last stand-in's process is gone: exited and reaped, not left as a zombie.
inline bool standInGone(const QString& dir) {
    QFile file(QDir(dir).filePath(QStringLiteral("pid.txt")));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const pid_t pid = file.readAll().trimmed().toInt();
    return pid > 0 && ::kill(pid, 0) == -1 && errno == ESRCH;
}

} // namespace planscope::test
