#pragma once

#include "report/Report.h"

#include <QString>
#include <functional>

class QWidget;

namespace planscope {

// Asks where to save a report (HTML or PDF, by the name or the chosen filter), then builds and
// writes it on a worker thread under a wait cursor. `build` runs on that thread, so it must own
// or share what it reads. Failures are shown; a main window's status bar says where it went.
void exportReportWithDialog(QWidget* parent, const QString& planName,
                            std::function<report::Report()> build);

} // namespace planscope
