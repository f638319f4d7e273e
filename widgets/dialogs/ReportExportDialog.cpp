#include "dialogs/ReportExportDialog.h"

#include "dialogs/ExportDialog.h"
#include "report/ReportExport.h"

#include <QApplication>
#include <QMainWindow>
#include <QPointer>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

namespace planscope {

void exportReportWithDialog(QWidget* parent, const QString& planName,
                            std::function<report::Report()> build) {
    const QString suggested =
        QString(planName).remove(QStringLiteral(".graph.json")) + QStringLiteral("-report.html");
    const QString file = askExportFile(parent, QObject::tr("Export report"), suggested,
                                       QObject::tr("HTML report (*.html);;PDF document (*.pdf)"),
                                       QStringLiteral("html"));
    if (file.isEmpty())
        return;
    if (!report::isReportFile(file)) {
        showExportError(parent, QObject::tr("%1: a report is written as .html or .pdf.").arg(file));
        return;
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QPointer<QWidget> window(parent);
    QtConcurrent::run([build = std::move(build), file] {
        QString error;
        try {
            report::exportReport(build(), file, &error);
        } catch (const std::exception& e) {
            error = QStringLiteral("%1: %2").arg(file, QString::fromUtf8(e.what()));
        }
        return error;
    }).then(qApp, [window, file](const QString& error) {
        QApplication::restoreOverrideCursor();
        if (!window)
            return;
        if (!error.isEmpty())
            showExportError(window, error);
        else if (auto* main = qobject_cast<QMainWindow*>(window.data()))
            main->statusBar()->showMessage(QObject::tr("Report written to %1").arg(file), 5000);
    });
}

} // namespace planscope
