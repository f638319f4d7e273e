#pragma once

#include "report/Report.h"

#include <QString>

namespace planscope::report {

// Writes the report as an A4 PDF through QPdfWriter: a title page with the contents and their
// page numbers, every section after, pictures as vector drawings (tall ones continued over
// pages), tables paginated, page numbers in the footer. False with `error` set on failure.
bool writeReportPdf(const Report& report, const QString& file, QString* error);

} // namespace planscope::report
