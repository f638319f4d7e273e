#pragma once

#include "charts/Chart.h"
#include "chartview/ChartPainter.h"

#include <QWidget>

namespace planscope {
class LayerSelection;
}

namespace planscope::charts {

// Shows one chart; hovering shows a mark's tooltip, clicking selects its layer (or drills into
// a sunburst's layer type), and the selected layer is highlighted.
class ChartView : public QWidget {
    Q_OBJECT
  public:
    explicit ChartView(LayerSelection* selection, QWidget* parent = nullptr);

    void setChart(Chart chart);
    const Chart& chart() const { return m_chart; }
    // In a scroll area: grow as tall as the chart needs at the view's width, so every panel
    // keeps the room it reads well in (charts of many panels scroll rather than squeeze).
    void setGrowToFit(bool grow);
    ChartHit hitAt(const QPointF& point) const { return m_painter.hitAt(point); }

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

  private:
    void fitHeight();

    LayerSelection* m_selection;
    bool m_growToFit = false;
    Chart m_chart;
    ChartPainter m_painter{&m_chart};
};

} // namespace planscope::charts
