#include "chartview/ChartView.h"

#include "chartview/ChartLayout.h"
#include "document/LayerSelection.h"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace planscope::charts {

ChartView::ChartView(LayerSelection* selection, QWidget* parent)
    : QWidget(parent), m_selection(selection) {
    setMouseTracking(true);
    setMinimumSize(400, 300);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(selection, &LayerSelection::changed, this, [this](int layer) {
        m_painter.setSelectedLayer(layer);
        update();
    });
    connect(selection, &LayerSelection::markedChanged, this, [this] {
        m_painter.setMarkedLayers(m_selection->markedSet());
        update();
    });
}

void ChartView::setChart(Chart chart) {
    m_chart = std::move(chart);
    m_painter.setDrill({});
    m_painter.setSelectedLayer(m_selection->current());
    m_painter.setMarkedLayers(m_selection->markedSet());
    fitHeight();
    update();
}

void ChartView::setGrowToFit(bool grow) {
    m_growToFit = grow;
    fitHeight();
}

void ChartView::fitHeight() {
    if (!m_growToFit)
        return;
    QFont chartFont = font();
    chartFont.setPixelSize(kChartFontPixels);
    setMinimumHeight(
        static_cast<int>(comfortableHeight(m_chart, width(), QFontMetricsF(chartFont))));
}

void ChartView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitHeight(); // the height a chart needs follows its width
}

void ChartView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    m_painter.paint(painter, rect());
}

void ChartView::mouseMoveEvent(QMouseEvent* event) {
    const ChartHit hit = m_painter.hitAt(event->position());
    setCursor(hit.layer >= 0 || !hit.ring.isEmpty() || hit.ringCenter ? Qt::PointingHandCursor
                                                                      : Qt::ArrowCursor);
    if (hit.tooltip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), hit.tooltip, this);
}

void ChartView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const ChartHit hit = m_painter.hitAt(event->position());
    if (hit.ringCenter) {
        m_painter.setDrill(parentRingKey(m_painter.drill()));
        update();
    } else if (!hit.ring.isEmpty()) {
        m_painter.setDrill(hit.ring);
        update();
    } else if (hit.layer >= 0) {
        m_selection->select(hit.layer);
    }
}

} // namespace planscope::charts
