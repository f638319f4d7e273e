#pragma once

#include <QWidget>

class QTreeView;

namespace planscope {

class CheckModel;
class PlanDocument;
class RichTextView;

// The check of the plan's files: each result with the layers it concerns, and the chosen
// result's message, what to do and its files. Choosing a layer selects it everywhere; a layer
// selected elsewhere points at the first result that names it.
class CheckPanel : public QWidget {
    Q_OBJECT
  public:
    explicit CheckPanel(PlanDocument* document, QWidget* parent = nullptr);

    QTreeView* view() const { return m_view; }
    RichTextView* details() const { return m_details; }

  private:
    void reload();
    void onCurrentChanged(const QModelIndex& current);
    void showLayer(int layer);
    void showDetails(const QModelIndex& index);

    PlanDocument* m_document;
    CheckModel* m_model;
    QTreeView* m_view;
    RichTextView* m_details;
};

} // namespace planscope
