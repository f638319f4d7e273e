#pragma once

#include "text/RichTextView.h"

namespace planscope {

class Roofline;

class PlanDocument;

// The plan at a glance: bindings, size, latency, device, build, performance, warnings, and the
// selected layer's share.
class SummaryPanel : public RichTextView {
    Q_OBJECT
  public:
    explicit SummaryPanel(PlanDocument* document, QWidget* parent = nullptr);

  private:
    void refresh();
    QString planRows() const;
    QString workRows(const Roofline& roofline) const;
    QString modelSection() const;
    QString selectedLayerSection() const;
    QString onnxModelSection() const;
    QString performanceSection() const;
    QString buildRouteSection() const;

    PlanDocument* m_document;
    QString m_planRows; // of the open plan
};

} // namespace planscope
