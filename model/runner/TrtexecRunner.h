#pragma once

#include "runner/TrtexecJob.h"

#include <QFile>
#include <QObject>
#include <QProcess>

class QTimer;

namespace planscope {

// Runs a TrtexecJob: trtexec builds the engine, then profiles it. Each step's output (stdout
// and stderr merged) goes to its log file and, line by line, to outputLine().
class TrtexecRunner : public QObject {
    Q_OBJECT
  public:
    explicit TrtexecRunner(QObject* parent = nullptr);
    ~TrtexecRunner() override;

    // Starts a run with trtexec at `trtexec` (found as locateTrtexec() does when empty).
    // Refused, returning false without a signal, while a run is going on. Otherwise the run
    // ends with exactly one finished(), emitted before start() returns when it cannot begin
    // (no trtexec, no model, an unwritable folder).
    bool start(const TrtexecJob& job, const QString& trtexec = {});
    // Stops the running step (terminate, kill after a short grace); finished(false, "cancelled").
    void cancel();
    bool isRunning() const { return m_running; }
    // What to open after a successful run: DIR/MODEL.onnx.engine, the prefix of every export.
    QString enginePrefix() const { return m_outputs.engine; }

  signals:
    void stepStarted(planscope::TrtexecStep step, const QString& commandLine);
    void outputLine(const QString& line);
    void finished(bool success, const QString& message);

  private:
    void startStep(TrtexecStep step);
    void readOutput();
    void emitLine(const QByteArray& bytes);
    void onStepFinished(int exitCode, QProcess::ExitStatus status);
    void onProcessError(QProcess::ProcessError error);
    QString missingOutput() const;
    void finish(bool success, const QString& message);

    QProcess* m_process = nullptr;
    QTimer* m_killTimer;
    QFile m_log;
    TrtexecJob m_job;
    TrtexecOutputs m_outputs;
    QString m_program;
    TrtexecStep m_step = TrtexecStep::Build;
    QByteArray m_partialLine; // output after the last newline
    QString m_problem;        // the first GPU or library problem trtexec printed in this step
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace planscope
