#pragma once

#include <QWidget>

class QTreeWidget;

namespace planscope {

class PlanDocument;

namespace charts {
class ChartView;
}

// Every chart of the catalog for the open plan: a list grouped as trex's report card, the
// chart (linked to the layer selection), and PNG/SVG export.
class ChartsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ChartsPanel(PlanDocument* document, QWidget* parent = nullptr);

    bool showChart(const QString& id); // false when no chart has this id
    QString currentChart() const { return m_current; }
    charts::ChartView* view() const { return m_view; }

    // Saves the shown chart at the view's size; the format follows the file's suffix.
    bool exportCurrent(const QString& file, QString* error);

  public slots:
    void exportWithDialog(const QString& format); // "png" or "svg"

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    void rebuild();
    void rebuildWhenShown(); // for a new plan: charts take a pass over every layer

    PlanDocument* m_document;
    QTreeWidget* m_list;
    charts::ChartView* m_view;
    QString m_current;
    bool m_stale = false; // the chart is of an earlier plan
};

} // namespace planscope
