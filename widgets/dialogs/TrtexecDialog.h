#pragma once

#include "runner/TrtexecJob.h"

#include <QDialog>
#include <QStringList>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace planscope {

class TrtexecRunner;

// "Build and profile with trtexec": asks for the ONNX model, the output folder, trtexec and its
// extra options, shows the two commands before they run, streams trtexec's output and reports
// the engine prefix to open on success. The fields are remembered.
class TrtexecDialog : public QDialog {
    Q_OBJECT
  public:
    explicit TrtexecDialog(QWidget* parent = nullptr);
    ~TrtexecDialog() override;

    void run();
    TrtexecRunner* runner() const { return m_runner; }
    // Esc and Close cancel a running job, and close the dialog otherwise.
    void reject() override;

  signals:
    void engineReady(const QString& enginePrefix);

  private:
    QWidget* pathRow(QLineEdit* edit, const QString& browseTip, void (TrtexecDialog::*browse)());
    void browseModel();
    void browseOutputDir();
    void browseTrtexec();
    TrtexecJob job() const;
    void updatePreview();
    void appendOutput(const QString& line);
    void flushOutput();
    void onFinished(bool success, const QString& message);
    void setRunning(bool running);
    void saveSettings() const;

    TrtexecRunner* m_runner;
    QLineEdit* m_model;
    QLineEdit* m_outputDir;
    QLineEdit* m_trtexec;
    QLineEdit* m_extraArguments;
    QLabel* m_problem;
    QPlainTextEdit* m_commands;
    QPlainTextEdit* m_output;
    QLabel* m_status;
    QPushButton* m_run;
    QPushButton* m_close;
    QTimer* m_outputTimer;
    QStringList m_pendingOutput; // lines not yet shown: appended in batches to keep up
};

} // namespace planscope
