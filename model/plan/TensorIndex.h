#pragma once

#include "plan/Layer.h"
#include "plan/TensorLayers.h"

#include <QStringView>
#include <array>
#include <memory>
#include <mutex>
#include <vector>

namespace planscope {

// Which layers write and which read each tensor of a plan, by name, as the layers export them
// (Layer::inputs and outputs: what the lint reads). Layers come back in plan order. The two
// halves of a large plan are indexed side by side. Names are viewed in the layers, which must
// outlive the index and not change.
class TensorIndex {
  public:
    explicit TensorIndex(const std::vector<Layer>& layers);

    template <class Visit> void forEachWriter(QStringView tensor, Visit&& visit) const {
        for (const Half& half : m_halves)
            half.writers.forEach(tensor, visit);
    }
    template <class Visit> void forEachReader(QStringView tensor, Visit&& visit) const {
        for (const Half& half : m_halves)
            half.readers.forEach(tensor, visit);
    }
    int lastWriter(QStringView tensor) const; // -1 when no layer writes it

    // True when a layer's graph view differs (NoOps folded into it): the plan graph then reads
    // tensors this index does not hold.
    bool graphViewDiffers() const { return m_graphViewDiffers; }

  private:
    struct Half {
        TensorLayers writers;
        TensorLayers readers;
    };
    std::array<Half, 2> m_halves;
    bool m_graphViewDiffers = false;
};

// A plan's TensorIndex, made on first use by whichever thread asks first. A copied plan's slot
// starts empty (its layers may be changed before it asks), and a moved one's both; a layer list
// that moved or changed size since is indexed again.
class TensorIndexSlot {
  public:
    TensorIndexSlot() = default;
    TensorIndexSlot(const TensorIndexSlot&) {}
    TensorIndexSlot(TensorIndexSlot&& other) noexcept { other.clear(); }
    TensorIndexSlot& operator=(const TensorIndexSlot& other) {
        if (this != &other)
            clear();
        return *this;
    }
    TensorIndexSlot& operator=(TensorIndexSlot&& other) noexcept {
        if (this != &other) {
            other.clear();
            clear();
        }
        return *this;
    }
    ~TensorIndexSlot() = default;

    const TensorIndex& get(const std::vector<Layer>& layers) const;

  private:
    void clear();

    mutable std::mutex m_mutex;
    mutable std::unique_ptr<const TensorIndex> m_index;
    mutable const Layer* m_indexedData = nullptr; // the layer list it was made from
    mutable std::size_t m_indexedSize = 0;
};

} // namespace planscope
