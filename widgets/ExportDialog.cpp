#include "ExportDialog.h"

#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QSettings>

namespace planscope {

QString askExportFile(QWidget* parent, const QString& title, const QString& suggestedName,
                      const QString& filter, const QString& defaultSuffix) {
    QSettings settings;
    const QString key = QStringLiteral("lastExportFolder");
    QString file = QFileDialog::getSaveFileName(
        parent, title, QDir(settings.value(key).toString()).filePath(suggestedName), filter);
    if (file.isEmpty())
        return {};
    if (QFileInfo(file).suffix().isEmpty() && !defaultSuffix.isEmpty())
        file += QLatin1Char('.') + defaultSuffix;
    settings.setValue(key, QFileInfo(file).absolutePath());
    return file;
}

void showExportError(QWidget* parent, const QString& error) {
    QMessageBox::warning(parent, QObject::tr("Export failed"), error);
}

} // namespace planscope
