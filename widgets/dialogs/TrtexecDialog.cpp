#include "dialogs/TrtexecDialog.h"

#include "runner/TrtexecLocator.h"
#include "runner/TrtexecRunner.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace planscope {
namespace {

constexpr int kMaxOutputLines = 5000;
const QString kModelKey = QStringLiteral("trtexec/model");
const QString kOutputDirKey = QStringLiteral("trtexec/outputDir");
const QString kTrtexecKey = QStringLiteral("trtexec/executable");
const QString kExtraArgumentsKey = QStringLiteral("trtexec/extraArguments");

QPlainTextEdit* monospacePane(QWidget* parent) {
    auto* pane = new QPlainTextEdit(parent);
    pane->setReadOnly(true);
    pane->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return pane;
}

} // namespace

TrtexecDialog::TrtexecDialog(QWidget* parent)
    : QDialog(parent), m_runner(new TrtexecRunner(this)), m_model(new QLineEdit(this)),
      m_outputDir(new QLineEdit(this)), m_trtexec(new QLineEdit(this)),
      m_extraArguments(new QLineEdit(this)), m_problem(new QLabel(this)),
      m_commands(monospacePane(this)), m_output(monospacePane(this)), m_status(new QLabel(this)),
      m_run(new QPushButton(tr("&Run"), this)), m_close(new QPushButton(tr("Close"), this)),
      m_outputTimer(new QTimer(this)) {
    setWindowTitle(tr("Build and Profile with trtexec"));
    m_model->setObjectName(QStringLiteral("model"));
    m_model->setToolTip(tr("The ONNX model trtexec builds the engine from"));
    m_outputDir->setObjectName(QStringLiteral("outputDir"));
    m_outputDir->setToolTip(tr("Where MODEL.onnx.engine, its JSON exports and the two logs go"));
    m_trtexec->setObjectName(QStringLiteral("trtexec"));
    m_trtexec->setToolTip(tr("TensorRT's trtexec; leave empty to use the one on PATH or in "
                             "/usr/src/tensorrt/bin"));
    m_extraArguments->setObjectName(QStringLiteral("extraArguments"));
    m_extraArguments->setPlaceholderText(QStringLiteral("--fp16 --shapes=input:1x3x224x224"));
    m_extraArguments->setToolTip(
        tr("More trtexec options, as on a shell command line. All go to the build; build-only "
           "ones (--fp16, --int8, --best, --minShapes/--optShapes/--maxShapes, --memPoolSize ...) "
           "are left out of the profile run"));
    m_problem->setObjectName(QStringLiteral("trtexecProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_commands->setObjectName(QStringLiteral("commands"));
    m_commands->setToolTip(tr("The two commands Run executes, build first, then profile"));
    m_commands->setFixedHeight(m_commands->fontMetrics().lineSpacing() * 10);
    m_output->setObjectName(QStringLiteral("output"));
    m_output->setToolTip(tr("trtexec's output; the full text is in the .build.log and "
                            ".profile.log files"));
    m_output->setMaximumBlockCount(kMaxOutputLines);
    m_output->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setText(tr("Needs TensorRT's trtexec and an NVIDIA GPU."));
    m_run->setObjectName(QStringLiteral("run"));
    m_run->setDefault(true);
    m_run->setToolTip(tr("Build the engine, then profile it; the result opens when both succeed"));
    m_close->setObjectName(QStringLiteral("close"));
    m_outputTimer->setSingleShot(true);
    m_outputTimer->setInterval(50);

    auto* form = new QFormLayout;
    form->addRow(tr("ONNX &model:"),
                 pathRow(m_model, tr("Choose the ONNX model"), &TrtexecDialog::browseModel));
    form->addRow(tr("&Output folder:"), pathRow(m_outputDir, tr("Choose the output folder"),
                                                &TrtexecDialog::browseOutputDir));
    form->addRow(tr("&trtexec:"), pathRow(m_trtexec, tr("Choose the trtexec executable"),
                                          &TrtexecDialog::browseTrtexec));
    form->addRow(tr("&Extra arguments:"), m_extraArguments);
    auto* buttons = new QDialogButtonBox(this);
    buttons->addButton(m_run, QDialogButtonBox::ActionRole);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(new QLabel(tr("Commands:"), this));
    layout->addWidget(m_commands);
    layout->addWidget(new QLabel(tr("Output:"), this));
    layout->addWidget(m_output, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(900, 640);

    const QSettings settings;
    m_model->setText(settings.value(kModelKey).toString());
    m_outputDir->setText(settings.value(kOutputDirKey).toString());
    m_trtexec->setText(settings.value(kTrtexecKey).toString());
    m_extraArguments->setText(settings.value(kExtraArgumentsKey).toString());
    for (QLineEdit* edit : {m_model, m_outputDir, m_trtexec, m_extraArguments})
        connect(edit, &QLineEdit::textChanged, this, &TrtexecDialog::updatePreview);
    connect(m_run, &QPushButton::clicked, this, &TrtexecDialog::run);
    connect(m_close, &QPushButton::clicked, this, &TrtexecDialog::reject);
    connect(m_outputTimer, &QTimer::timeout, this, &TrtexecDialog::flushOutput);
    connect(m_runner, &TrtexecRunner::stepStarted, this,
            [this](TrtexecStep step, const QString& command) {
                m_status->setText(step == TrtexecStep::Build ? tr("Building the engine...")
                                                             : tr("Profiling the engine..."));
                appendOutput(QStringLiteral("$ ") + command);
            });
    connect(m_runner, &TrtexecRunner::outputLine, this, &TrtexecDialog::appendOutput);
    connect(m_runner, &TrtexecRunner::finished, this, &TrtexecDialog::onFinished);
    updatePreview();
}

TrtexecDialog::~TrtexecDialog() = default;

QWidget* TrtexecDialog::pathRow(QLineEdit* edit, const QString& browseTip,
                                void (TrtexecDialog::*browse)()) {
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* button = new QToolButton(row);
    button->setText(tr("Browse..."));
    button->setToolTip(browseTip);
    connect(button, &QToolButton::clicked, this, browse);
    layout->addWidget(edit, 1);
    layout->addWidget(button);
    return row;
}

void TrtexecDialog::browseModel() {
    const QString model = QFileDialog::getOpenFileName(this, tr("ONNX model"),
                                                       QFileInfo(m_model->text()).absolutePath(),
                                                       tr("ONNX models (*.onnx);;All files (*)"));
    if (model.isEmpty())
        return;
    m_model->setText(model);
    if (m_outputDir->text().isEmpty())
        m_outputDir->setText(QFileInfo(model).absolutePath());
}

void TrtexecDialog::browseOutputDir() {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Output folder"), m_outputDir->text());
    if (!dir.isEmpty())
        m_outputDir->setText(dir);
}

void TrtexecDialog::browseTrtexec() {
    const QString trtexec =
        QFileDialog::getOpenFileName(this, tr("trtexec executable"), m_trtexec->text());
    if (!trtexec.isEmpty())
        m_trtexec->setText(trtexec);
}

TrtexecJob TrtexecDialog::job() const {
    return {m_model->text().trimmed(), m_outputDir->text().trimmed(),
            QProcess::splitCommand(m_extraArguments->text())};
}

void TrtexecDialog::updatePreview() {
    const TrtexecLocation trtexec = locateTrtexec(m_trtexec->text().trimmed());
    m_trtexec->setPlaceholderText(trtexec.path.isEmpty() ? tr("not found")
                                                         : tr("found: %1").arg(trtexec.path));
    const TrtexecJob current = job();
    QStringList problems;
    if (!trtexec.problem.isEmpty())
        problems << trtexec.problem;
    if (!current.model.isEmpty() && !QFileInfo(current.model).isFile())
        problems << tr("The ONNX model %1 does not exist.").arg(current.model);
    m_problem->setText(problems.join(QLatin1Char('\n')));
    m_problem->setVisible(!problems.isEmpty());
    const bool complete = !current.model.isEmpty() && !current.outputDir.isEmpty();
    const QString program = trtexec.path.isEmpty() ? QStringLiteral("trtexec") : trtexec.path;
    m_commands->setPlainText(complete ? shellCommand(program, buildArguments(current)) +
                                            QStringLiteral("\n\n") +
                                            shellCommand(program, profileArguments(current))
                                      : tr("Choose the ONNX model and the output folder."));
    m_run->setEnabled(complete && problems.isEmpty() && !m_runner->isRunning());
}

void TrtexecDialog::run() {
    if (m_runner->isRunning())
        return;
    saveSettings();
    m_output->clear();
    m_pendingOutput.clear();
    setRunning(true);
    m_runner->start(job(), m_trtexec->text().trimmed());
}

void TrtexecDialog::reject() {
    if (m_runner->isRunning()) {
        m_status->setText(tr("Cancelling..."));
        m_runner->cancel();
        return;
    }
    saveSettings();
    QDialog::reject();
}

void TrtexecDialog::appendOutput(const QString& line) {
    m_pendingOutput << line;
    if (!m_outputTimer->isActive())
        m_outputTimer->start();
}

void TrtexecDialog::flushOutput() {
    m_outputTimer->stop();
    if (m_pendingOutput.isEmpty())
        return;
    m_output->appendPlainText(m_pendingOutput.join(QLatin1Char('\n')));
    m_pendingOutput.clear();
}

void TrtexecDialog::onFinished(bool success, const QString& message) {
    flushOutput();
    setRunning(false);
    m_status->setStyleSheet(success ? QString() : QStringLiteral("color: #b00020;"));
    m_status->setText(success ? tr("Done: %1").arg(m_runner->enginePrefix())
                      : message == QLatin1String("cancelled") ? tr("Cancelled.")
                                                              : message);
    if (success)
        emit engineReady(m_runner->enginePrefix());
}

void TrtexecDialog::setRunning(bool running) {
    for (QLineEdit* edit : {m_model, m_outputDir, m_trtexec, m_extraArguments})
        edit->setReadOnly(running);
    m_close->setText(running ? tr("Cancel") : tr("Close"));
    m_close->setToolTip(running ? tr("Stop trtexec (Esc)") : tr("Close this dialog (Esc)"));
    m_status->setStyleSheet({});
    updatePreview();
    if (running)
        m_run->setEnabled(false);
}

void TrtexecDialog::saveSettings() const {
    QSettings settings;
    settings.setValue(kModelKey, m_model->text());
    settings.setValue(kOutputDirKey, m_outputDir->text());
    settings.setValue(kTrtexecKey, m_trtexec->text());
    settings.setValue(kExtraArgumentsKey, m_extraArguments->text());
}

} // namespace planscope
