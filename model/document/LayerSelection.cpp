#include "document/LayerSelection.h"

namespace planscope {

void LayerSelection::select(int layer) {
    if (layer == m_current)
        return; // views echo the selection back; stop the echo here
    m_current = layer;
    emit changed(layer);
}

} // namespace planscope
