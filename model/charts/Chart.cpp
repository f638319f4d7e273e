#include "charts/Chart.h"

namespace planscope::charts {
namespace {

int countRings(const std::vector<RingNode>& nodes) {
    int count = 0;
    for (const RingNode& n : nodes)
        count += 1 + countRings(n.children);
    return count;
}

} // namespace

int Panel::markCount() const {
    int count = static_cast<int>(points.size()) + countRings(rings);
    for (const BarGroup& g : bars)
        count += static_cast<int>(g.segments.size());
    return count;
}

int Chart::markCount() const {
    int count = 0;
    for (const Panel& p : panels)
        count += p.markCount();
    return count;
}

} // namespace planscope::charts
