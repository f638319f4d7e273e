#pragma once

#include "charts/Chart.h"

#include <QSize>
#include <QString>

namespace planscope::charts {

// Writes a chart to FILE.png (at device pixel ratio 2, on white) or FILE.svg (vector, with
// size, viewBox and title). `size` is in logical pixels. Returns false with `error` set.
bool exportChart(const Chart& chart, const QString& file, QSize size, QString* error,
                 int selectedLayer = -1);

// The size a chart is exported at when none is given: charts with several panels get more room.
QSize defaultChartSize(const Chart& chart);

// The number of marks the last export on this thread painted (for checks and benchmarks).
int lastExportedMarks();

} // namespace planscope::charts
