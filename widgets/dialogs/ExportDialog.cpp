#include "dialogs/ExportDialog.h"

#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>

namespace planscope {

QString askExportFile(QWidget* parent, const QString& title, const QString& suggestedName,
                      const QString& filter, const QString& defaultSuffix) {
    QSettings settings;
    const QString key = QStringLiteral("lastExportFolder");
    QString chosenFilter;
    QString file = QFileDialog::getSaveFileName(
        parent, title, QDir(settings.value(key).toString()).filePath(suggestedName), filter,
        &chosenFilter);
    if (file.isEmpty())
        return {};
    // A name typed without a suffix takes the chosen filter's ("PDF document (*.pdf)").
    static const QRegularExpression filterSuffix(QStringLiteral(R"(\(\*\.(\w+))"));
    QString suffix = filterSuffix.match(chosenFilter).captured(1);
    if (suffix.isEmpty())
        suffix = defaultSuffix;
    if (QFileInfo(file).suffix().isEmpty() && !suffix.isEmpty())
        file += QLatin1Char('.') + suffix;
    settings.setValue(key, QFileInfo(file).absolutePath());
    return file;
}

void showExportError(QWidget* parent, const QString& error) {
    QMessageBox::warning(parent, QObject::tr("Export failed"), error);
}

} // namespace planscope
