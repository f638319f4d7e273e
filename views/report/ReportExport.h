#pragma once

#include "report/Report.h"

#include <QString>

namespace planscope::report {

// Whether `file` names a format exportReport writes: .html (or .htm) and .pdf.
bool isReportFile(const QString& file);

// Writes the report to FILE.html (one self-contained file) or FILE.pdf, by the suffix.
// False with `error` set.
bool exportReport(const Report& report, const QString& file, QString* error);

} // namespace planscope::report
