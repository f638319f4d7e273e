#include "panels/ModuleComparePanel.h"

#include "compare/UniformChange.h"
#include "itemmodels/ModuleComparisonModel.h"
#include "itemviews/ItemViewSetup.h"
#include "panels/CompareHighlight.h"
#include "plan/FigureText.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace planscope {
namespace {

// The speedup on the Layers tab's green (B faster) or orange (B slower).
class VerdictDelegate : public QStyledItemDelegate {
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override {
        using H = ComparisonTableModel::Highlight;
        if (const int verdict = index.data(ModuleComparisonModel::VerdictRole).toInt(); verdict)
            painter->fillRect(option.rect, highlightColor(verdict > 0 ? H::Faster : H::Slower));
        QStyledItemDelegate::paint(painter, option, index);
    }
};

} // namespace

ModuleComparePanel::ModuleComparePanel(QWidget* parent)
    : QWidget(parent), m_model(new ModuleComparisonModel(this)),
      m_sorted(new ModuleComparisonSortModel(this)), m_header(new QLabel(this)),
      m_view(new QTreeView(this)) {
    setUpTreeView(m_view, m_model, m_sorted,
                  SortColumn{ModuleComparisonModel::DeltaColumn, Qt::DescendingOrder});
    m_view->setItemDelegateForColumn(ModuleComparisonModel::SpeedupColumn,
                                     new VerdictDelegate(m_view));
    const int digit = m_view->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(ModuleComparisonModel::ModuleColumn,
                                           QHeaderView::Stretch);
    m_view->header()->setMinimumSectionSize(8 * digit);
    for (int c = ModuleComparisonModel::TimeAColumn; c < ModuleComparisonModel::ColumnCount; ++c)
        m_view->setColumnWidth(c, 12 * digit);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_header);
    layout->addWidget(m_view, 1);
}

QString ModuleComparePanel::headerText() const {
    return m_header->text();
}

void ModuleComparePanel::setThreshold(double threshold) {
    m_model->setThreshold(threshold);
}

void ModuleComparePanel::setPlans(const std::shared_ptr<const EnginePlan>& a,
                                  const std::shared_ptr<const EnginePlan>& b, const QString& labelA,
                                  const QString& labelB) {
    m_a = a;
    m_b = b;
    m_model->setPlanLabels(labelA, labelB);
    m_stale = true;
    if (isVisible())
        compare();
}

void ModuleComparePanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale)
        compare();
}

void ModuleComparePanel::compare() {
    m_stale = false;
    if (!m_a || !m_b)
        return;
    const int generation = ++m_generation;
    m_computing = true;
    m_header->setText(tr("Comparing the engines by module..."));
    QtConcurrent::run([a = m_a, b = m_b] {
        auto comparison = std::make_shared<const ModuleComparison>(compareByModule(*a, *b));
        return std::pair(comparison, modulesUniformChangeWarning(*a, *b, *comparison));
    })
        .then(this, [this, generation](
                        const std::pair<std::shared_ptr<const ModuleComparison>, QString>& made) {
            if (generation != m_generation)
                return;
            const auto& [comparison, warning] = made;
            m_computing = false;
            m_model->setComparison(comparison);
            m_view->expandToDepth(0);
            QString text = tr("Each module's time in A (%1) and in B (%2), each engine's layers "
                              "attributed by the same rule; the largest |delta| first.")
                               .arg(millisecondsText(comparison->a.totalMs),
                                    millisecondsText(comparison->b.totalMs));
            if (!comparison->a.hasPaths() || !comparison->b.hasPaths())
                text +=
                    QLatin1Char(' ') +
                    tr("%1 names no module path in its layers: its modules are not known.")
                        .arg(!comparison->a.hasPaths() ? QStringLiteral("A") : QStringLiteral("B"));
            if (!warning.isEmpty()) // said first: no block stands out from such a change
                text = tr("<span style='color:#B35900'>%1</span><br>%2")
                           .arg(warning.toHtmlEscaped(), text.toHtmlEscaped());
            m_header->setText(text);
            emit computed();
        });
}

} // namespace planscope
