#pragma once

#include "text/RichTextView.h"

namespace planscope {

class PlanDocument;
struct Layer;

// Everything about the selected layer: latency, tensors, ONNX origin, lint findings, links to
// its producers and consumers, and every raw attribute.
class LayerInspector : public RichTextView {
    Q_OBJECT
  public:
    explicit LayerInspector(PlanDocument* document, QWidget* parent = nullptr);

  private:
    void refresh();
    QString overview(const Layer& layer) const;
    QString tensors(const Layer& layer) const;
    QString neighbours(const Layer& layer) const;
    QString findings(const Layer& layer) const;
    QString convolution(const Layer& layer) const;
    QString tactics(const Layer& layer) const;
    QString attributes(const Layer& layer) const;

    PlanDocument* m_document;
};

} // namespace planscope
