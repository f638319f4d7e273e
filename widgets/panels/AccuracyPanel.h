#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QTableView;

namespace planscope {

class AccuracyFilterModel;
class AccuracyTableModel;
class HistogramView;
class PlanDocument;
class RichTextView;

// Accuracy beside speed: the tensors of the polygraphy log the document holds (sortable, a
// filter, failing first on request), the first failing one, the first whose values overflow FP16
// and their layers on top (or that no tensor maps to the plan); for the chosen tensor both
// runners' histograms overlaid and the error histograms, with the statistics. A validation run
// (--validate alone) shows its heading and validations only.
// Choosing a tensor that maps to a layer selects the layer everywhere; a layer chosen elsewhere
// chooses its tensor.
class AccuracyPanel : public QWidget {
    Q_OBJECT
  public:
    explicit AccuracyPanel(PlanDocument* document, QWidget* parent = nullptr);

    QTableView* table() const { return m_table; }
    AccuracyTableModel* model() const { return m_model; }
    HistogramView* histograms() const { return m_histograms; }
    QString headerText() const;
    // Chooses the tensor of `row` (view order) as a click would.
    bool chooseRow(int row);

  private:
    void reload();
    void onChosen();
    void followLayer(int layer);
    QString statsHtml(int tensor) const;

    PlanDocument* m_document;
    AccuracyTableModel* m_model;
    AccuracyFilterModel* m_filter;
    QLabel* m_header;
    QLineEdit* m_search;
    QCheckBox* m_failingFirst;
    QTableView* m_table;
    HistogramView* m_histograms;
    RichTextView* m_stats;
    QSplitter* m_splitter;
    bool m_following = false;
};

} // namespace planscope
