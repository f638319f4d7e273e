#pragma once

#include "plan/EnginePlan.h"

#include <vector>

namespace planscope {

// Which layers write the tensors a layer reads (producers) and read the tensors it writes
// (consumers), found through the names of the graph's tensors (NoOps folded), as the plan
// graph connects them.
class LayerConnections {
  public:
    explicit LayerConnections(const EnginePlan& plan);

    const std::vector<int>& producers(int layer) const { return m_producers.at(layer); }
    const std::vector<int>& consumers(int layer) const { return m_consumers.at(layer); }

  private:
    std::vector<std::vector<int>> m_producers;
    std::vector<std::vector<int>> m_consumers;
};

} // namespace planscope
