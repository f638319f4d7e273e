#pragma once

#include <QModelIndex>
#include <QWidget>

class QLabel;
class QPushButton;
class QSplitter;
class QTreeView;

namespace planscope {

class LeadsModel;
class LeadsSortModel;
class PlanDocument;
class RichTextView;

// What to fix first: the plan's leads ranked by the time at stake (time, share with a bar,
// title), the chosen lead's evidence, next step and layers below. Choosing a lead marks its
// layers in every view (LayerSelection::mark) and selects its slowest; a layer link selects it.
// Says which leads the plan cannot be judged on and how to get what they need.
class LeadsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit LeadsPanel(PlanDocument* document, QWidget* parent = nullptr);

    QTreeView* view() const { return m_view; }
    LeadsModel* model() const { return m_model; }
    RichTextView* details() const { return m_details; }
    QString headerText() const;

    // Chooses the lead with `id` as a click would; false when the plan has none.
    bool chooseLead(const QString& id);

  private:
    void reload();
    QModelIndex chosenRow() const; // column 0 of the selected lead's row
    void onChosen();
    void onMarkedChanged(const QList<int>& layers);
    void showDetails();
    QString overviewHtml() const;
    void fitListHeight();

    PlanDocument* m_document;
    LeadsModel* m_model;
    LeadsSortModel* m_sorted;
    QLabel* m_header;
    QTreeView* m_view;
    RichTextView* m_details;
    QPushButton* m_clear;
    QSplitter* m_splitter;
};

} // namespace planscope
