#pragma once

#include <QTextBrowser>

namespace planscope {

// The read-only rich text the summary, the inspector and the lint details show. Words never
// break inside: long names break only where html::breakable() allows (after / + _ .), and the
// break hints it inserts are taken out again when text is copied.
class RichTextView : public QTextBrowser {
    Q_OBJECT
  public:
    explicit RichTextView(QWidget* parent = nullptr);

    // The text as it reads and copies, without break hints.
    QString text() const;

  protected:
    QMimeData* createMimeDataFromSelection() const override;
};

} // namespace planscope
