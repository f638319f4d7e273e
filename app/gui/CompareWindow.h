#pragma once

#include <QMainWindow>
#include <QStringList>

namespace planscope {

class ComparePanel;

// A window comparing two plans (File > Compare With..., planscope --compare A B). Its size and
// layout are kept in the settings under "compare/".
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

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    void restoreSettings();

    ComparePanel* m_panel;
    QAction* m_exportReport;
};

} // namespace planscope
