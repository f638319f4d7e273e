#pragma once

#include "report/Report.h"

#include <QByteArray>

namespace planscope::report {

// The report as one self-contained HTML file: the style sheet and every picture (inline SVG)
// are in it, and it refers to nothing outside itself.
QByteArray reportHtml(const Report& report);

} // namespace planscope::report
