#pragma once

#include <QString>

class QWidget;

namespace planscope {

// Asks where to save an export, starting in the folder of the last export (remembered). A name
// typed without a suffix gets the chosen filter's, else `defaultSuffix`. Returns an empty string
// when cancelled.
QString askExportFile(QWidget* parent, const QString& title, const QString& suggestedName,
                      const QString& filter, const QString& defaultSuffix = {});

// Shows why an export failed.
void showExportError(QWidget* parent, const QString& error);

} // namespace planscope
