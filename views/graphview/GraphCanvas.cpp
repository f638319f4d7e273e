#include "graphview/GraphCanvas.h"

#include "document/LayerSelection.h"

#include <QKeyEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>

namespace planscope {
namespace {

constexpr double kMinZoom = 0.02;
constexpr double kMaxZoom = 4;
// The overview map's longer side: a fifth of the view's shorter one, so that in a small view
// (the compare window's two graphs) it hides little, between these bounds.
constexpr double kOverviewLargest = 180;
constexpr double kOverviewSmallest = 60;
constexpr double kSceneMargin = 20; // white around the graph, in scene points

// The same nodes at the same places: a scene that only draws them otherwise (colors, latency).
bool sameGeometry(const GraphCanvas::Scene& a, const GraphCanvas::Scene& b) {
    if (a.layout.bounds != b.layout.bounds || a.layout.nodes != b.layout.nodes ||
        a.graph.nodes().size() != b.graph.nodes().size())
        return false;
    for (std::size_t n = 0; n < a.graph.nodes().size(); ++n)
        if (a.graph.nodes()[n].name != b.graph.nodes()[n].name)
            return false;
    return true;
}

} // namespace

GraphCanvas::GraphCanvas(LayerSelection* selection, QWidget* parent)
    : QWidget(parent), m_selection(selection) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(300, 200);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(selection, &LayerSelection::changed, this, [this](int layer) {
        if (!m_clicked && !m_openPending)
            showLayer(layer);
        update();
    });
    connect(selection, &LayerSelection::markedChanged, this, qOverload<>(&QWidget::update));
}

void GraphCanvas::setScene(std::shared_ptr<Scene> scene) {
    // A new look of the same graph keeps the user's view; a new graph opens readable.
    const bool keepView = m_scene && !m_openPending && sameGeometry(*m_scene, *scene);
    m_scene = std::move(scene);
    m_painter = std::make_unique<GraphPainter>(m_scene->graph, m_scene->layout, *m_scene->plan,
                                               m_scene->style, m_scene->flagged);
    m_openPending = !keepView;
    if (isVisible() && m_openPending)
        showReadable();
    update();
}

void GraphCanvas::clearScene(const QString& message) {
    m_painter.reset();
    m_scene.reset();
    m_emptyText = message;
    update();
}

QPointF GraphCanvas::toScene(const QPointF& widgetPoint) const {
    return m_origin + widgetPoint / m_zoom;
}
QPointF GraphCanvas::toWidget(const QPointF& scenePoint) const {
    return (scenePoint - m_origin) * m_zoom;
}

QRectF GraphCanvas::visibleScene() const {
    return {toScene(QPointF(0, 0)), toScene(QPointF(width(), height()))};
}

double GraphCanvas::legibleZoom() {
    return kLegibleLabelPixels / GraphPainter::labelFont().pixelSize();
}

double GraphCanvas::labelPixels() const {
    return GraphPainter::labelFont().pixelSize() * m_zoom;
}

// The zoom that shows the whole scene, never magnified past 100%.
double GraphCanvas::fitZoom() const {
    const QRectF bounds =
        m_scene->layout.bounds.adjusted(-kSceneMargin, -kSceneMargin, kSceneMargin, kSceneMargin);
    return std::clamp(std::min(width() / bounds.width(), height() / bounds.height()), kMinZoom,
                      1.0);
}

// Where a view opens: the selected layer, else the layer a neighbourhood is drawn around, else
// the first layer of the graph.
QPointF GraphCanvas::openingPoint() const {
    const PlanGraph& graph = m_scene->graph;
    int node = graph.nodeOfLayer(m_selection->current());
    if (node < 0)
        node = graph.nodeOfLayer(m_scene->centre);
    for (std::size_t n = 0; n < graph.nodes().size() && node < 0; ++n)
        if (graph.nodes()[n].layer >= 0 || graph.nodes()[n].module >= 0)
            node = static_cast<int>(n); // nodes are numbered in engine order
    return node >= 0 ? m_scene->layout.nodes[static_cast<std::size_t>(node)].center()
                     : m_scene->layout.bounds.center();
}

// Centres the view on `scenePoint` at `zoom`, then moves it as little as keeps the view on the
// scene: a scene narrower (shorter) than the view is centred across (down) it; a wider one
// fills the view, so a layer at the graph's edge shows at the view's edge, not in its middle.
void GraphCanvas::showAround(double zoom, const QPointF& scenePoint) {
    m_zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    const QSizeF view = QSizeF(width(), height()) / m_zoom;
    const QRectF bounds =
        m_scene->layout.bounds.adjusted(-kSceneMargin, -kSceneMargin, kSceneMargin, kSceneMargin);
    const auto clamped = [](double centre, double low, double high, double extent) {
        if (high - low <= extent)
            return (low + high) / 2;
        return std::clamp(centre, low + extent / 2, high - extent / 2);
    };
    const QPointF centre(clamped(scenePoint.x(), bounds.left(), bounds.right(), view.width()),
                         clamped(scenePoint.y(), bounds.top(), bounds.bottom(), view.height()));
    m_origin = centre - QPointF(view.width(), view.height()) / 2;
    update();
}

void GraphCanvas::fitToWindow() {
    if (!m_scene)
        return;
    showAround(fitZoom(), openingPoint());
    m_openPending = false;
}

void GraphCanvas::showReadable() {
    if (!m_scene)
        return;
    showAround(std::max(fitZoom(), legibleZoom()), openingPoint());
    m_openPending = false;
}

void GraphCanvas::zoomBy(double factor, const QPointF& anchor) {
    const QPointF fixed = toScene(anchor);
    m_zoom = std::clamp(m_zoom * factor, kMinZoom, kMaxZoom);
    m_origin = fixed - anchor / m_zoom;
    update();
    emit zoomChanged(m_zoom);
}

void GraphCanvas::panBy(const QPointF& sceneDelta) {
    m_origin += sceneDelta;
    update();
}

void GraphCanvas::setZoom(double zoom) {
    const QPointF centre(width() / 2.0, height() / 2.0);
    const QPointF fixed = toScene(centre);
    m_zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    m_origin = fixed - centre / m_zoom;
    update();
}

void GraphCanvas::showLayer(int layer) {
    if (!m_scene || layer < 0)
        return;
    const int node = m_scene->graph.nodeOfLayer(layer);
    if (node < 0)
        return;
    const QRectF rect = m_scene->layout.nodes[static_cast<std::size_t>(node)];
    if (m_zoom < legibleZoom())
        showAround(legibleZoom(), rect.center());
    else if (!visibleScene().contains(rect))
        showAround(m_zoom, rect.center());
}

void GraphCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), Qt::white);
    if (!m_painter) {
        painter.setPen(QColor(0x88, 0x88, 0x88));
        painter.drawText(rect().adjusted(20, 20, -20, -20), Qt::AlignCenter | Qt::TextWordWrap,
                         m_emptyText.isEmpty() ? tr("No graph to show.") : m_emptyText);
        return;
    }
    painter.save();
    painter.scale(m_zoom, m_zoom);
    painter.translate(-m_origin);
    // Edge labels (smaller) only where node labels are legible: else they are grey specks.
    m_painter->paint(painter, visibleScene(), {m_selection->current()}, m_zoom >= legibleZoom(),
                     m_selection->markedSet());
    painter.restore();
    paintOverview(painter);
}

QRectF GraphCanvas::overviewRect() const {
    const QRectF bounds = m_scene->layout.bounds;
    const double side =
        std::clamp(std::min(width(), height()) / 5.0, kOverviewSmallest, kOverviewLargest);
    const double scale = side / std::max(bounds.width(), bounds.height());
    const QSizeF size = bounds.size() * scale;
    return QRectF(QPointF(width() - size.width() - 10, height() - size.height() - 10), size);
}

// A map of the whole graph with the visible part framed, once the graph outgrows the view.
void GraphCanvas::paintOverview(QPainter& painter) {
    const QRectF bounds = m_scene->layout.bounds;
    if (bounds.width() * m_zoom <= width() && bounds.height() * m_zoom <= height())
        return;
    const QRectF map = overviewRect();
    const double scale = map.width() / bounds.width();
    painter.setPen(QColor(0xAA, 0xAA, 0xAA));
    painter.setBrush(QColor(255, 255, 255, 230));
    painter.drawRect(map.adjusted(-4, -4, 4, 4));
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0x46, 0x82, 0xB4));
    const auto mapped = [&](const QRectF& node, double least) {
        return QRectF(
            map.topLeft() + (node.topLeft() - bounds.topLeft()) * scale,
            QSizeF(std::max(least, node.width() * scale), std::max(least, node.height() * scale)));
    };
    for (const QRectF& node : m_scene->layout.nodes)
        painter.drawRect(mapped(node, 1));
    // Marked layers on top, large enough to find in a long graph.
    painter.setBrush(GraphPainter::markColor());
    const std::vector<GraphNode>& nodes = m_scene->graph.nodes();
    for (std::size_t n = 0; n < nodes.size(); ++n)
        if (nodes[n].layer >= 0 && m_selection->isMarked(nodes[n].layer))
            painter.drawRect(mapped(m_scene->layout.nodes[n], 3));
    const QRectF visible = visibleScene();
    painter.setPen(QPen(QColor(0xE4, 0x6D, 0x00), 1.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(map.topLeft() + (visible.topLeft() - bounds.topLeft()) * scale,
                            visible.size() * scale)
                         .intersected(map.adjusted(-4, -4, 4, 4)));
}

void GraphCanvas::resizeEvent(QResizeEvent*) {
    if (m_openPending && m_scene)
        showReadable();
}

void GraphCanvas::showEvent(QShowEvent*) {
    if (m_openPending && m_scene)
        showReadable();
}

void GraphCanvas::wheelEvent(QWheelEvent* event) {
    zoomBy(std::pow(1.0015, event->angleDelta().y()), event->position());
}

void GraphCanvas::mousePressEvent(QMouseEvent* event) {
    m_dragFrom = event->position();
    m_dragged = false;
    if (m_scene && event->button() == Qt::LeftButton &&
        overviewRect().contains(event->position()) &&
        (m_scene->layout.bounds.width() * m_zoom > width() ||
         m_scene->layout.bounds.height() * m_zoom > height())) {
        const QRectF map = overviewRect();
        const QPointF target =
            m_scene->layout.bounds.topLeft() +
            (event->position() - map.topLeft()) / (map.width() / m_scene->layout.bounds.width());
        m_origin = target - QPointF(width(), height()) / (2 * m_zoom);
        m_dragged = true; // not a click on a node
        update();
    }
}

void GraphCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & Qt::LeftButton) {
        const QPointF delta = event->position() - m_dragFrom;
        if (m_dragged || delta.manhattanLength() > 4) {
            m_dragged = true;
            m_origin -= delta / m_zoom;
            emit panned(-delta / m_zoom);
            m_dragFrom = event->position();
            setCursor(Qt::ClosedHandCursor);
            update();
        }
        return;
    }
    const int node = m_painter ? m_painter->nodeAt(toScene(event->position())) : -1;
    setCursor(node >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
    if (node >= 0)
        QToolTip::showText(
            event->globalPosition().toPoint(),
            nodeLabel(m_scene->graph.nodes()[std::size_t(node)], *m_scene->plan, m_scene->style)
                .join('\n'),
            this);
    else
        QToolTip::hideText();
}

void GraphCanvas::mouseReleaseEvent(QMouseEvent* event) {
    unsetCursor();
    if (m_dragged || event->button() != Qt::LeftButton || !m_painter)
        return;
    const int node = m_painter->nodeAt(toScene(event->position()));
    if (node < 0)
        return;
    const GraphNode& chosen = m_scene->graph.nodes()[std::size_t(node)];
    m_clicked = true; // the user chose what to look at: keep the view
    if (chosen.kind == GraphNode::Kind::Module && !chosen.layers.empty()) {
        // A module: its layers marked, the slowest current (as the Modules tab does).
        const auto& layers = m_scene->plan->layers;
        const int slowest =
            *std::max_element(chosen.layers.begin(), chosen.layers.end(), [&](int a, int b) {
                return layers[std::size_t(a)].timing.average().value_or(-1) <
                       layers[std::size_t(b)].timing.average().value_or(-1);
            });
        m_selection->mark(QList<int>(chosen.layers.begin(), chosen.layers.end()), slowest);
    } else if (chosen.layer >= 0) {
        m_selection->select(chosen.layer);
    }
    m_clicked = false;
}

void GraphCanvas::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_painter)
        return;
    const QPointF at = toScene(event->position());
    const int node = m_painter->nodeAt(at);
    if (node >= 0) {
        if (const int module = m_scene->graph.nodes()[std::size_t(node)].module; module >= 0)
            emit moduleToggled(module);
        return;
    }
    if (const int cluster = m_painter->clusterAt(at); cluster >= 0)
        emit moduleToggled(m_scene->graph.clusters()[std::size_t(cluster)].module);
}

void GraphCanvas::keyPressEvent(QKeyEvent* event) {
    const QPointF centre(width() / 2.0, height() / 2.0);
    const double step = 80 / m_zoom;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25, centre);
        break;
    case Qt::Key_Minus:
        zoomBy(0.8, centre);
        break;
    case Qt::Key_0:
    case Qt::Key_F:
        fitToWindow();
        break;
    case Qt::Key_Left:
        m_origin.rx() -= step;
        update();
        break;
    case Qt::Key_Right:
        m_origin.rx() += step;
        update();
        break;
    case Qt::Key_Up:
        m_origin.ry() -= step;
        update();
        break;
    case Qt::Key_Down:
        m_origin.ry() += step;
        update();
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

} // namespace planscope
