#pragma once

#include "report/PdfCursor.h"
#include "report/Report.h"

namespace planscope::report {

// Draws a table across as many pages as it needs, repeating its header row on each. Columns
// get their natural width while the page allows; beyond that the widest shrink, wrapping
// columns wrap and the others are elided in the middle.
void drawTable(PdfCursor& cursor, const Table& table);

} // namespace planscope::report
