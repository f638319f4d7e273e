#pragma once

#include "accuracy/AccuracyLog.h"

#include <QWidget>

namespace planscope {

// The activation statistics of one compared tensor (accuracy/AccuracyLog.h): both runners'
// histograms overlaid on one value axis (each bin's bars side by side, counts on a log scale,
// polygraphy bins both runners alike), and below the absolute and the relative error's
// histograms. Bins whose edges print alike (near FP16's 65504) are drawn in order. A log without
// --verbose has no histograms, nor has an array with inf or nan: the view says so.
class HistogramView : public QWidget {
    Q_OBJECT
  public:
    explicit HistogramView(QWidget* parent = nullptr);

    void setTensor(const ComparedTensor* tensor); // null: nothing chosen
    const ComparedTensor* tensor() const { return m_tensor; }
    QSize sizeHint() const override { return {600, 360}; }

    // Paints into `box` (the widget, or a picture).
    static void paint(QPainter& painter, const QRectF& box, const ComparedTensor* tensor,
                      const QFont& font);
    // One histogram alone, drawn as a tensor's values are (elements per bin, log scale): a
    // layer's weights (onnxmodel/WeightFigures) in the inspector and the report.
    static void paintBins(QPainter& painter, const QRectF& box, const QString& title,
                          const std::vector<HistogramBin>& bins, const QFont& font);

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    const ComparedTensor* m_tensor = nullptr;
};

} // namespace planscope
