#include "PlanWindow.h"

#include "PlanError.h"
#include "PlanLoader.h"
#include "SummaryText.h"

#include <QApplication>
#include <QFileDialog>
#include <QFontDatabase>
#include <QMenuBar>
#include <QMessageBox>
#include <QTextBrowser>
#include <cstdio>

namespace planscope {

PlanWindow::PlanWindow(QWidget* parent) : QMainWindow(parent), m_summary(new QTextBrowser(this)) {
    setWindowTitle(QStringLiteral("PlanScope"));
    m_summary->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_summary->setPlaceholderText(tr("Open an engine plan with File > Open (Ctrl+O)."));
    setCentralWidget(m_summary);
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open..."), QKeySequence::Open, this, &PlanWindow::openWithDialog);
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
    resize(1000, 700);
}

void PlanWindow::openWithDialog() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open engine plan"), QString(),
        tr("Engine graphs (*.graph.json *.json *.log);;All files (*)"));
    if (!path.isEmpty())
        openPlan(path);
}

void PlanWindow::openPlan(const QString& path) {
    try {
        const EnginePlan plan = loadPlan(path);
        m_summary->setPlainText(summaryText(plan));
        setWindowTitle(plan.name + QStringLiteral(" - PlanScope"));
    } catch (const PlanError& e) {
        QMessageBox::warning(this, tr("Cannot open plan"), e.message());
    }
}

int runGui(int argc, char** argv) {
    // Without this check Qt aborts with a platform-plugin error that names no remedy.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        std::fprintf(stderr, "planscope: no display to open the window on. Use a command such as "
                             "'planscope summary PLAN' (see planscope --help), or run under "
                             "xvfb-run.\n");
        return 2;
    }
    QApplication app(argc, argv);
    PlanWindow window;
    const QStringList arguments = QApplication::arguments();
    if (arguments.size() > 1)
        window.openPlan(arguments.at(1));
    window.show();
    return QApplication::exec();
}

} // namespace planscope
