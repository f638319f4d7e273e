#include "text/RichTextView.h"

#include "text/HtmlText.h"

#include <QMimeData>

namespace planscope {

RichTextView::RichTextView(QWidget* parent) : QTextBrowser(parent) {
    setOpenLinks(false);
    setWordWrapMode(QTextOption::WordWrap);
    document()->setDefaultStyleSheet(html::styleSheet());
}

QString RichTextView::text() const {
    return html::withoutBreakHints(toPlainText());
}

QMimeData* RichTextView::createMimeDataFromSelection() const {
    QMimeData* data = QTextBrowser::createMimeDataFromSelection();
    data->setText(html::withoutBreakHints(data->text()));
    if (data->hasHtml())
        data->setHtml(html::withoutBreakHints(data->html()));
    return data;
}

} // namespace planscope
