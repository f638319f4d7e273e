#include "panels/CheckBanner.h"

#include "document/PlanDocument.h"
#include "plan/FigureText.h"
#include "text/HtmlText.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTextDocument>
#include <QToolButton>

namespace planscope {

CheckBanner::CheckBanner(PlanDocument* document, QWidget* parent)
    : QFrame(parent), m_document(document), m_text(new QLabel(this)) {
    setObjectName(QStringLiteral("checkBanner"));
    setStyleSheet(QStringLiteral("#checkBanner { background: #fdecea; border: 1px solid #e3a19a; "
                                 "border-radius: 3px; } #checkBanner QLabel { color: #5f1410; }"));
    auto* icon = new QLabel(this);
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxCritical).pixmap(size, size));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps, never widens
    auto* details = new QPushButton(tr("&Details"), this);
    details->setToolTip(tr("Show every result of the check, with the layers each concerns"));
    auto* close = new QToolButton(this);
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Dismiss until the next plan is opened"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    layout->addWidget(details, 0, Qt::AlignTop);
    layout->addWidget(close, 0, Qt::AlignTop);
    connect(details, &QPushButton::clicked, this, &CheckBanner::detailsRequested);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    connect(document, &PlanDocument::planChanged, this, &CheckBanner::refresh);
    connect(document, &PlanDocument::analysisChanged, this, &CheckBanner::refresh);
    setVisible(false);
}

QString CheckBanner::text() const {
    QTextDocument document;
    document.setHtml(m_text->text());
    return html::withoutBreakHints(document.toPlainText());
}

void CheckBanner::refresh() {
    const PlanCheck& check = m_document->check();
    if (!m_document->plan() || !check.hasError()) {
        hide();
        return;
    }
    const CheckResult& first = check.results.front(); // errors come first
    QString text = QStringLiteral("<b>%1</b> %2 <b>%3</b> %4")
                       .arg(tr("The plan's files do not agree:"), html::breakable(first.message),
                            tr("What to do:"), html::breakable(first.fix));
    if (const int more = check.count(CheckLevel::Error) - 1; more > 0)
        text += QStringLiteral(" (%1 in the details)")
                    .arg(countText(more, QStringLiteral("more error")));
    m_text->setText(text);
    show();
}

} // namespace planscope
