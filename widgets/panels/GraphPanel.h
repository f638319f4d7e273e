#pragma once

#include "graphview/GraphCanvas.h"

#include <QFutureWatcher>
#include <QHash>
#include <QThreadPool>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace planscope {

class PlanDocument;

// The plan graph: trex's graph options, the whole graph or a layer's neighbourhood, laid out
// by Graphviz on a worker thread (one layout at a time, newer requests win, results cached),
// drawn on a GraphCanvas, and exported to SVG, PNG or DOT.
class GraphPanel : public QWidget {
    Q_OBJECT
  public:
    explicit GraphPanel(PlanDocument* document, QWidget* parent = nullptr);

    GraphCanvas* canvas() const { return m_canvas; }
    bool isLayingOut() const { return m_pending > 0; }
    bool showsNeighbourhood() const;
    void setNeighbourhood(bool around, int radius);

    // Writes what the canvas shows to FILE.svg, FILE.png or FILE.dot.
    bool exportView(const QString& file, QString* error) const;

  signals:
    void layoutFinished(); // a new scene is on the canvas

  public slots:
    void exportWithDialog();
    void findLayer();

  private:
    void planChanged();
    void relayout();
    GraphStyle currentStyle() const;
    GraphOptions currentOptions() const;
    QString cacheKey(int centre) const;
    void updateLegend();

    PlanDocument* m_document;
    GraphCanvas* m_canvas;
    QComboBox* m_mode;
    QSpinBox* m_radius;
    QComboBox* m_color;
    QComboBox* m_detail;
    QComboBox* m_latency;
    QLineEdit* m_find;
    QLabel* m_status;
    QLabel* m_legend;
    QPushButton* m_cancel;
    QHash<QString, QAction*> m_checks; // the options of the Show menu
    QThreadPool m_graphviz;            // one thread: cgraph is not thread safe
    QHash<QString, std::shared_ptr<GraphCanvas::Scene>> m_cache;
    std::shared_ptr<const EnginePlan> m_plan;
    QString m_wanted; // key of the newest request
    int m_pending = 0;
};

} // namespace planscope
