#pragma once

#include <QWidget>

class QComboBox;
class QStackedWidget;
class QTabBar;
class QTreeView;

namespace planscope {

class CheckPanel;
class LintFilterModel;
class LintModel;
class PlanDocument;
class RichTextView;

// All lint findings grouped by rule, with a rule filter and the selected finding's details.
// Choosing a finding selects its layer; selecting a layer elsewhere shows its first finding.
// A second tab holds the check of the plan's files (CheckPanel).
class LintPanel : public QWidget {
    Q_OBJECT
  public:
    explicit LintPanel(PlanDocument* document, QWidget* parent = nullptr);

    // Tall enough for the rule filter and six findings.
    QSize minimumSizeHint() const override;

    QTreeView* view() const { return m_view; }
    QComboBox* ruleFilter() const { return m_rules; }
    CheckPanel* checkPanel() const { return m_check; }
    QTabBar* tabs() const { return m_tabs; } // Findings, File check
    QWidget* currentPage() const;
    void showCheck(); // brings the check's tab forward

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
    QTabBar* m_tabs;
    QStackedWidget* m_pages;
    CheckPanel* m_check;
};

} // namespace planscope
