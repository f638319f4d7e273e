#pragma once

#include <QtGlobal>

namespace planscope {

// One bin of a histogram: the values from `low` to `high` (polygraphy's, a weight tensor's).
struct HistogramBin {
    double low = 0;
    double high = 0;
    qint64 count = 0;
};

} // namespace planscope
