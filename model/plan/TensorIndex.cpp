#include "plan/TensorIndex.h"

#include "plan/SideBySide.h"

#include <future>

namespace planscope {

TensorIndex::TensorIndex(const std::vector<Layer>& layers) {
    const auto index = [&](Half& half, std::size_t from, std::size_t to) {
        const auto count = to - from;
        half.writers.reserve(qsizetype(count), count);
        half.readers.reserve(qsizetype(count), count * 2);
        bool folded = false;
        for (std::size_t i = from; i < to; ++i) {
            const Layer& layer = layers[i];
            for (const Tensor& t : layer.inputs)
                half.readers.add(t.name, layer.index);
            for (const Tensor& t : layer.outputs)
                half.writers.add(t.name, layer.index);
            folded = folded || layer.folded;
        }
        return folded;
    };
    const std::size_t half =
        layers.size() >= kLayersForTwoThreads ? layers.size() / 2 : layers.size();
    std::future<bool> second;
    if (half < layers.size())
        second = std::async(std::launch::async, index, std::ref(m_halves[1]), half, layers.size());
    m_graphViewDiffers = index(m_halves[0], 0, half);
    if (second.valid())
        m_graphViewDiffers = second.get() || m_graphViewDiffers;
}

int TensorIndex::lastWriter(QStringView tensor) const {
    int last = -1;
    forEachWriter(tensor, [&](int layer) { last = layer; });
    return last;
}

const TensorIndex& TensorIndexSlot::get(const std::vector<Layer>& layers) const {
    const std::lock_guard lock(m_mutex);
    if (!m_index || m_indexedData != layers.data() || m_indexedSize != layers.size()) {
        m_index = std::make_unique<const TensorIndex>(layers);
        m_indexedData = layers.data();
        m_indexedSize = layers.size();
    }
    return *m_index;
}

void TensorIndexSlot::clear() {
    const std::lock_guard lock(m_mutex);
    m_index.reset();
    m_indexedData = nullptr;
    m_indexedSize = 0;
}

} // namespace planscope
