#pragma once

#include <QFrame>

class QLabel;

namespace planscope {

class PlanDocument;

// A strip above the window's tabs while the open plan's check has an error: the first error's
// message (it names the files) and what to do, a button to the details and one to dismiss it
// until the next plan.
class CheckBanner : public QFrame {
    Q_OBJECT
  public:
    explicit CheckBanner(PlanDocument* document, QWidget* parent = nullptr);

    QString text() const; // as it reads

  signals:
    void detailsRequested();

  private:
    void refresh();

    PlanDocument* m_document;
    QLabel* m_text;
};

} // namespace planscope
