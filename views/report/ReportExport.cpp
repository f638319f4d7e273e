#include "report/ReportExport.h"

#include "report/HtmlReportWriter.h"
#include "report/PdfReportWriter.h"

#include <QFile>
#include <QFileInfo>

namespace planscope::report {
namespace {

QString suffixOf(const QString& file) {
    return QFileInfo(file).suffix().toLower();
}

bool isHtml(const QString& file) {
    return suffixOf(file) == QLatin1String("html") || suffixOf(file) == QLatin1String("htm");
}

} // namespace

bool isReportFile(const QString& file) {
    return isHtml(file) || suffixOf(file) == QLatin1String("pdf");
}

bool exportReport(const Report& report, const QString& file, QString* error) {
    if (!isReportFile(file)) {
        *error =
            QStringLiteral("%1: unknown report format; end the name with .html or .pdf.").arg(file);
        return false;
    }
    if (!isHtml(file))
        return writeReportPdf(report, file, error);
    const QByteArray html = reportHtml(report);
    QFile out(file);
    if (out.open(QIODevice::WriteOnly | QIODevice::Truncate) && out.write(html) == html.size())
        return true;
    *error = QStringLiteral("%1: cannot write the HTML. Check the folder exists and is writable.")
                 .arg(file);
    return false;
}

} // namespace planscope::report
