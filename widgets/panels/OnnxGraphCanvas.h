#pragma once

#include "graphview/GraphCanvas.h"

namespace planscope {

// The compare window's graph of one plan: a GraphCanvas that also rings, dashed in the mark
// colour, the reformatting copies charged to the chosen ONNX group (OnnxGroupSide::charged),
// apart from the group's own layers, which the selection marks.
class OnnxGraphCanvas : public GraphCanvas {
    Q_OBJECT
  public:
    using GraphCanvas::GraphCanvas;

    void setCharged(QSet<int> layers);
    const QSet<int>& charged() const { return m_charged; }

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    QSet<int> m_charged;
};

} // namespace planscope
