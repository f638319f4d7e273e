#pragma once

#include <QWidget>

class QComboBox;
class QTreeView;

namespace planscope {

class LintFilterModel;
class LintModel;
class PlanDocument;
class RichTextView;

// All lint findings grouped by rule, with a rule filter and the selected finding's details.
// Choosing a finding selects its layer; selecting a layer elsewhere shows its first finding.
class LintPanel : public QWidget {
    Q_OBJECT
  public:
    explicit LintPanel(PlanDocument* document, QWidget* parent = nullptr);

    // Tall enough for the rule filter and six findings.
    QSize minimumSizeHint() const override;

    QTreeView* view() const { return m_view; }
    QComboBox* ruleFilter() const { return m_rules; }

  private:
    void reload();
    void configureRules();
    void onCurrentChanged(const QModelIndex& current);
    void showLayer(int layer);
    void showDetails(const QModelIndex& index);

    PlanDocument* m_document;
    LintModel* m_model;
    LintFilterModel* m_filter;
    QComboBox* m_rules;
    QTreeView* m_view;
    RichTextView* m_details;
};

} // namespace planscope
