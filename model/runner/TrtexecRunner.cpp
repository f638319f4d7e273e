#include "runner/TrtexecRunner.h"

#include "runner/TrtexecDiagnosis.h"
#include "runner/TrtexecLocator.h"

#include <QDir>
#include <QFileInfo>
#include <QTimer>

namespace planscope {
namespace {

constexpr int kKillGraceMs = 2000; // time trtexec gets to exit on SIGTERM before SIGKILL

} // namespace

TrtexecRunner::TrtexecRunner(QObject* parent) : QObject(parent), m_killTimer(new QTimer(this)) {
    m_killTimer->setSingleShot(true);
    connect(m_killTimer, &QTimer::timeout, this, [this] {
        if (m_process)
            m_process->kill();
    });
}

TrtexecRunner::~TrtexecRunner() {
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(kKillGraceMs);
    }
}

bool TrtexecRunner::start(const TrtexecJob& job, const QString& trtexec) {
    if (m_running)
        return false;
    m_running = true;
    m_cancelled = false;
    m_job = job;
    m_outputs = trtexecOutputs(job);
    const TrtexecLocation location = locateTrtexec(trtexec);
    if (!location.problem.isEmpty()) {
        finish(false, location.problem);
        return true;
    }
    m_program = location.path;
    if (!QFileInfo(job.model).isFile()) {
        finish(
            false,
            QStringLiteral("ONNX model %1 does not exist. Choose an .onnx file.").arg(job.model));
        return true;
    }
    if (!QDir().mkpath(job.outputDir)) {
        finish(false, QStringLiteral("Cannot create the output folder %1. Choose a writable one.")
                          .arg(job.outputDir));
        return true;
    }
    // Files of an earlier run must not mix with this one's if it fails half-way.
    for (const QString& file : runFiles(m_outputs))
        QFile::remove(file);
    startStep(TrtexecStep::Build);
    return true;
}

void TrtexecRunner::cancel() {
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_cancelled = true;
    m_process->terminate();
    m_killTimer->start(kKillGraceMs);
}

void TrtexecRunner::startStep(TrtexecStep step) {
    m_step = step;
    m_problem.clear();
    m_partialLine.clear();
    m_log.close();
    m_log.setFileName(step == TrtexecStep::Build ? m_outputs.buildLog : m_outputs.profileLog);
    if (!m_log.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        finish(false, QStringLiteral("Cannot write the log %1: %2. Choose a writable folder.")
                          .arg(m_log.fileName(), m_log.errorString()));
        return;
    }
    if (m_process)
        m_process->deleteLater();
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &TrtexecRunner::readOutput);
    connect(m_process, &QProcess::finished, this, &TrtexecRunner::onStepFinished);
    connect(m_process, &QProcess::errorOccurred, this, &TrtexecRunner::onProcessError);
    const QStringList arguments = stepArguments(m_job, step);
    emit stepStarted(step, shellCommand(m_program, arguments));
    m_process->start(m_program, arguments);
}

void TrtexecRunner::readOutput() {
    const QByteArray bytes = m_process->readAllStandardOutput();
    m_log.write(bytes);
    m_partialLine += bytes;
    qsizetype start = 0;
    for (qsizetype end = m_partialLine.indexOf('\n'); end >= 0;
         end = m_partialLine.indexOf('\n', start)) {
        emitLine(m_partialLine.sliced(start, end - start));
        start = end + 1;
    }
    m_partialLine.remove(0, start);
}

void TrtexecRunner::emitLine(const QByteArray& bytes) {
    QString line = QString::fromLocal8Bit(bytes);
    if (line.endsWith(QLatin1Char('\r')))
        line.chop(1);
    if (m_problem.isEmpty())
        m_problem = environmentProblem(line);
    emit outputLine(line);
}

void TrtexecRunner::onStepFinished(int exitCode, QProcess::ExitStatus status) {
    m_killTimer->stop();
    readOutput();
    if (!m_partialLine.isEmpty())
        emitLine(m_partialLine);
    m_partialLine.clear();
    m_log.close();
    if (m_cancelled)
        return finish(false, QStringLiteral("cancelled"));
    if (status != QProcess::NormalExit || exitCode != 0)
        return finish(false, stepFailureMessage(m_step, m_problem, exitCode,
                                                status != QProcess::NormalExit, m_log.fileName()));
    if (const QString missing = missingOutput(); !missing.isEmpty())
        return finish(false, QStringLiteral("trtexec succeeded but did not write %1. See %2.")
                                 .arg(missing, m_log.fileName()));
    if (m_step == TrtexecStep::Build)
        return startStep(TrtexecStep::Profile);
    finish(true, QStringLiteral("Built and profiled %1").arg(m_outputs.engine));
}

void TrtexecRunner::onProcessError(QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart) // the others end in finished()
        return;
    m_log.close();
    finish(false, QStringLiteral("Cannot run trtexec %1: %2. Give the path of TensorRT's trtexec "
                                 "executable.")
                      .arg(m_program, m_process->errorString()));
}

QString TrtexecRunner::missingOutput() const {
    const QStringList expected =
        m_step == TrtexecStep::Build
            ? QStringList{m_outputs.engine}
            : QStringList{m_outputs.graphJson, m_outputs.profileJson, m_outputs.timingJson};
    for (const QString& file : expected)
        if (!QFileInfo::exists(file))
            return file;
    return {};
}

void TrtexecRunner::finish(bool success, const QString& message) {
    m_running = false;
    emit finished(success, message);
}

} // namespace planscope
