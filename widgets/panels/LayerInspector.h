#pragma once

#include "text/RichTextView.h"

namespace planscope {

class PlanDocument;
struct Layer;
class Roofline;

// Everything about the selected layer: latency, its kernel as decoded from the tactic, tensors,
// ONNX origin, lint findings, links to its producers and consumers, and every raw attribute.
// A long layer name takes at most three lines of the title; the whole name is its tooltip, and
// copying the title (or "Copy Layer Name") copies the whole name.
class LayerInspector : public RichTextView {
    Q_OBJECT
  public:
    explicit LayerInspector(PlanDocument* document, QWidget* parent = nullptr);

    static constexpr int kTitleLines = 3;

  protected:
    void resizeEvent(QResizeEvent* event) override;
    QMimeData* createMimeDataFromSelection() const override;
    void contextMenuEvent(QContextMenuEvent* event) override;

  private:
    void refresh();
    void fitTitle();
    QString overview(const Layer& layer) const;
    QString kernel(const Layer& layer) const;
    QString tensors(const Layer& layer) const;
    QString neighbours(const Layer& layer) const;
    QString findings(const Layer& layer) const;
    QString speedOfLight(const Layer& layer) const;
    QString deviceText(const Roofline& roofline) const;
    QString convolution(const Layer& layer) const;
    QString weights(const Layer& layer);
    QString tactics(const Layer& layer) const;
    QString attributes(const Layer& layer) const;

    PlanDocument* m_document;
    QString m_layerName;
    QString m_title;      // the title as laid out in full (break hints, line separators)
    QString m_shownTitle; // as shown: m_title, or its start and an ellipsis
};

} // namespace planscope
