#pragma once

#include "plan/NameKey.h"

#include <QHash>
#include <QString>
#include <QStringView>
#include <utility>
#include <vector>

namespace planscope {

// Layers by tensor name (the layers that read a tensor, say), held as chains through one flat
// list: a plan's tens of thousands of tensors cost one hash table and one vector, not a list
// each. Layers come back in the order they were added. The names are viewed, not copied: they
// are the plan's own tensors' names, which outlive the index (a copy would count a reference on
// every name, a write to a cache line of its own each time).
class TensorLayers {
  public:
    void reserve(qsizetype tensors, std::size_t layers) {
        m_ends.reserve(tensors);
        m_entries.reserve(layers);
    }

    void add(QStringView tensor, int layer) {
        m_entries.emplace_back(layer, 0);
        const int entry = static_cast<int>(m_entries.size());
        auto& [first, last] = m_ends[tensor]; // {0, 0} for a new tensor
        if (last)
            m_entries[static_cast<std::size_t>(last - 1)].second = entry;
        else
            first = entry;
        last = entry;
    }

    template <class Visit> void forEach(QStringView tensor, Visit&& visit) const {
        const auto it = m_ends.constFind(tensor);
        if (it == m_ends.cend())
            return;
        for (int e = it->first; e > 0; e = m_entries[static_cast<std::size_t>(e - 1)].second)
            visit(m_entries[static_cast<std::size_t>(e - 1)].first);
    }

  private:
    // Entries are counted from 1; 0 is none.
    QHash<NameKey, std::pair<int, int>> m_ends; // a tensor's first and last entry
    std::vector<std::pair<int, int>> m_entries; // a layer, and the tensor's next entry
};

} // namespace planscope
