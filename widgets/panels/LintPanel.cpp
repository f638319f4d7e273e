#include "panels/LintPanel.h"

#include "dialogs/LintSettingsDialog.h"
#include "document/PlanDocument.h"
#include "itemmodels/LintFilterModel.h"
#include "itemmodels/LintModel.h"
#include "itemviews/ItemViewSetup.h"
#include "panels/CheckPanel.h"
#include "text/HtmlText.h"
#include "text/RichTextView.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QTreeView>
#include <QVBoxLayout>

namespace planscope {

LintPanel::LintPanel(PlanDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new LintModel(this)),
      m_filter(new LintFilterModel(this)), m_rules(new QComboBox(this)),
      m_view(new QTreeView(this)), m_details(new RichTextView(this)), m_tabs(new QTabBar(this)),
      m_pages(new QStackedWidget(this)), m_check(new CheckPanel(document, this)) {
    setUpTreeView(m_view, m_model, m_filter);
    m_view->setColumnWidth(LintModel::RuleOrLayerColumn, 280);
    m_view->setColumnWidth(LintModel::SeverityColumn, 70);
    m_view->setColumnWidth(LintModel::HazardColumn, 300);
    m_details->setPlaceholderText(tr("Choose a finding to see why it matters and what to do."));
    m_rules->setToolTip(tr("Show the findings of one rule"));

    // The tabs (findings, file check) share their row with the rule filter, so the check costs
    // the findings no height. A tab bar over a stack: the window's only QTabWidget stays its
    // central one.
    auto* filter = new QWidget(this);
    auto* filterRow = new QHBoxLayout(filter);
    filterRow->setContentsMargins(12, 0, 0, 0);
    filterRow->addWidget(new QLabel(tr("Rule:"), filter));
    filterRow->addWidget(m_rules, 1);
    auto* configure = new QPushButton(tr("R&ules..."), filter);
    configure->setToolTip(tr("Choose which lint rules run and their thresholds"));
    filterRow->addWidget(configure);
    connect(configure, &QPushButton::clicked, this, &LintPanel::configureRules);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({2000, 1000}); // the findings get two thirds
    m_tabs->setDocumentMode(true);
    m_tabs->setDrawBase(false);
    m_tabs->addTab(tr("Findings"));
    m_tabs->addTab(tr("File check"));
    m_pages->addWidget(splitter);
    m_pages->addWidget(m_check);
    connect(m_tabs, &QTabBar::currentChanged, this, [this, filter](int tab) {
        m_pages->setCurrentIndex(tab);
        filter->setVisible(m_pages->currentWidget() != m_check);
    });
    m_tabs->setExpanding(false);
    auto* tabRow = new QHBoxLayout;
    tabRow->addWidget(m_tabs);
    tabRow->addWidget(filter, 1);
    tabRow->addStretch(); // where the filter was, on the check's tab
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(tabRow);
    layout->addWidget(m_pages);

    connect(m_rules, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setRuleFilter(m_rules->currentData().toString());
        m_view->expandAll();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &LintPanel::onCurrentChanged);
    connect(document, &PlanDocument::planChanged, this, &LintPanel::reload);
    connect(document, &PlanDocument::analysisChanged, this, &LintPanel::reload);
    connect(document->selection(), &LayerSelection::changed, this, &LintPanel::showLayer);
}

void LintPanel::reload() {
    m_model->setFindings(m_document->plan() ? &m_document->findings() : nullptr);
    const QSignalBlocker blocker(m_rules);
    m_rules->clear();
    m_rules->addItem(m_document->isAnalysing()
                         ? tr("All rules")
                         : tr("All rules (%1)").arg(m_document->findings().size()),
                     QString());
    for (const QString& rule : m_model->rules())
        m_rules->addItem(rule, rule);
    m_filter->setRuleFilter({});
    m_view->expandAll();
    m_details->clear();
    const bool open = m_document->plan() != nullptr;
    const bool analysing = m_document->isAnalysing();
    m_tabs->setTabText(0, !open       ? tr("Findings")
                          : analysing ? tr("Findings (linting...)")
                                      : tr("Findings (%1)").arg(m_document->findings().size()));
    m_tabs->setTabText(1, !open ? tr("File check")
                          : analysing
                              ? tr("File check (checking...)")
                              : tr("File check (%1)").arg(checkCountsText(m_document->check())));
    showLayer(m_document->selection()->current()); // chosen while the findings were made
}

QWidget* LintPanel::currentPage() const {
    return m_pages->currentWidget();
}

void LintPanel::showCheck() {
    m_tabs->setCurrentIndex(m_pages->indexOf(m_check));
}

void LintPanel::configureRules() {
    LintSettingsDialog dialog(m_document->lintSettings(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    saveLintSettings(dialog.settings());
    m_document->setLintSettings(dialog.settings());
}

void LintPanel::onCurrentChanged(const QModelIndex& current) {
    showDetails(current);
    const int layer = current.data(LintModel::LayerIndexRole).toInt();
    if (current.isValid() && layer >= 0)
        m_document->selection()->select(layer);
}

QSize LintPanel::minimumSizeHint() const {
    constexpr int kRows = 6;
    const int row = m_view->fontMetrics().height() + 6;
    const int tabRow = std::max(m_tabs->sizeHint().height(), m_rules->sizeHint().height());
    const int height = tabRow + m_view->header()->sizeHint().height() + kRows * row +
                       2 * m_view->frameWidth() + layout()->spacing() +
                       layout()->contentsMargins().top() + layout()->contentsMargins().bottom();
    return {QWidget::minimumSizeHint().width(), height};
}

void LintPanel::showDetails(const QModelIndex& index) {
    if (!index.isValid()) {
        m_details->clear();
        return;
    }
    const QModelIndex row = index.siblingAtColumn(0);
    QString text =
        QStringLiteral("<h3>%1</h3>").arg(html::escaped(row.data(LintModel::RuleRole).toString()));
    text += QStringLiteral("<p>%1</p>")
                .arg(html::breakable(row.data(Qt::ToolTipRole).toString()))
                .replace('\n', QStringLiteral("<br>"));
    if (row.data(LintModel::LayerIndexRole).toInt() < 0)
        text += QStringLiteral("<p class=muted>%1</p>").arg(tr("Choose a finding below the rule."));
    m_details->setHtml(text);
}

// A layer chosen elsewhere: point at its first finding, if it has one.
void LintPanel::showLayer(int layer) {
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid() && current.data(LintModel::LayerIndexRole).toInt() == layer)
        return;
    for (int r = 0; r < m_filter->rowCount(); ++r) {
        const QModelIndex rule = m_filter->index(r, 0);
        for (int f = 0; f < m_filter->rowCount(rule); ++f) {
            const QModelIndex finding = m_filter->index(f, 0, rule);
            if (finding.data(LintModel::LayerIndexRole).toInt() == layer) {
                const QSignalBlocker blocker(m_view->selectionModel());
                m_view->setCurrentIndex(finding);
                m_view->scrollTo(finding);
                m_view->viewport()->update();
                showDetails(finding);
                return;
            }
        }
    }
    const QSignalBlocker blocker(m_view->selectionModel());
    m_view->clearSelection();
    m_view->viewport()->update();
}

} // namespace planscope
