#pragma once

#include "plan/EnginePlan.h"

#include <QMainWindow>
#include <memory>
#include <vector>

namespace planscope {

class ComparePanel;

// A window comparing two plans (File > Compare With..., planscope --compare A B).
class CompareWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit CompareWindow(QWidget* parent = nullptr);

    // Loads the plans (two or more) on a worker thread, then shows the comparison.
    void compare(const QStringList& plans);
    void compare(const QString& a, const QString& b) { compare(QStringList{a, b}); }
    ComparePanel* panel() const { return m_panel; }

  signals:
    void loadFinished(bool loaded, const QString& message);

  private:
    ComparePanel* m_panel;
    QAction* m_exportReport;
    std::vector<std::shared_ptr<const EnginePlan>> m_plans; // shared with reports being written
};

} // namespace planscope
