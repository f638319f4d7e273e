#include "document/LayerSelection.h"

namespace planscope {

void LayerSelection::select(int layer) {
    if (layer == m_current)
        return; // views echo the selection back; stop the echo here
    m_current = layer;
    emit changed(layer);
}

void LayerSelection::clear() {
    mark({}, -1);
}

void LayerSelection::mark(const QList<int>& layers, int focus) {
    select(focus);
    if (layers == m_marked)
        return;
    m_marked = layers;
    m_markedSet = QSet<int>(layers.cbegin(), layers.cend());
    emit markedChanged(m_marked);
}

} // namespace planscope
