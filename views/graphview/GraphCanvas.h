#pragma once

#include "graphview/GraphLayout.h"
#include "graphview/GraphPainter.h"

#include <QWidget>
#include <memory>

namespace planscope {

class LayerSelection;

// A laid-out plan graph to zoom (wheel, +/-, 0 or F to fit), pan (drag, arrows) and click: a
// click selects the node's layer in the whole window; a layer selected elsewhere is brought into
// view, legible, and highlighted; marked layers (a lead's) are haloed. Every new scene opens
// readable as soon as the canvas is shown: fitted to the view when its labels stay legible so,
// otherwise at the smallest legible zoom around the selected layer (or the neighbourhood's
// centre, or the first layer). A graph bigger than the view gets an overview map in the corner
// that frames what the view shows, marked layers drawn on it. A module's node (the graph of a
// model's modules) marks the module's layers when clicked; a double-click opens or closes it.
class GraphCanvas : public QWidget {
    Q_OBJECT
  public:
    explicit GraphCanvas(LayerSelection* selection, QWidget* parent = nullptr);

    // The canvas keeps the graph, its layout and style alive with the painter.
    struct Scene {
        std::shared_ptr<const EnginePlan> plan;
        PlanGraph graph;
        GraphLayout layout;
        GraphStyle style;
        QSet<int> flagged; // layers with lint findings
        int centre = -1;   // the layer a neighbourhood is drawn around
    };
    void setScene(std::shared_ptr<Scene> scene);
    void clearScene(const QString& message = {}); // the message shown instead
    const Scene* scene() const { return m_scene.get(); }

    // Node labels are legible from this size on screen (pixels) up.
    static constexpr double kLegibleLabelPixels = 8;
    static double legibleZoom(); // the zoom that draws labels kLegibleLabelPixels high
    double labelPixels() const;  // how high labels are drawn now

    void fitToWindow();  // the whole scene
    void showReadable(); // fitted if legible so, else legible around the selected layer
    void zoomBy(double factor, const QPointF& anchor);
    void setZoom(double zoom);             // about the centre; no signal
    void panBy(const QPointF& sceneDelta); // no signal
    // Brings the layer's node into view at a legible zoom; a legible view that shows it whole
    // stays as it is.
    void showLayer(int layer);
    double zoom() const { return m_zoom; }
    QPointF toScene(const QPointF& widgetPoint) const;
    QPointF toWidget(const QPointF& scenePoint) const;
    QRectF visibleScene() const; // the part of the scene in view

  signals:
    // A double-click on a module's node or on its frame: open it in place, or close it.
    void moduleToggled(int module);
    void zoomChanged(double zoom);          // by the user (wheel, keys, fit)
    void panned(const QPointF& sceneDelta); // by the user (drag, arrow keys)

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    double fitZoom() const;
    QPointF openingPoint() const;
    void showAround(double zoom, const QPointF& scenePoint);
    QRectF overviewRect() const;
    void paintOverview(QPainter& painter);

    LayerSelection* m_selection;
    std::shared_ptr<Scene> m_scene;
    std::unique_ptr<GraphPainter> m_painter;
    QString m_emptyText; // shown without a scene
    double m_zoom = 1;
    QPointF m_origin; // scene point at the widget's top-left
    QPointF m_dragFrom;
    bool m_dragged = false;
    bool m_clicked = false;     // the selection changes by a click here: the view stays
    bool m_openPending = false; // a new scene waits for the canvas to have its size
};

} // namespace planscope
