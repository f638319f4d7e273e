#pragma once

#include <QMainWindow>

class QTextBrowser;

namespace planscope {

// For now a single view of the plan summary; the explorer panels replace it.
class PlanWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit PlanWindow(QWidget* parent = nullptr);
    void openPlan(const QString& path);

  private:
    void openWithDialog();
    QTextBrowser* m_summary;
};

int runGui(int argc, char** argv);

} // namespace planscope
