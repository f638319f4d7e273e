#include "panels/CompareSummaryTable.h"

#include "compare/PlanComparison.h"
#include "compare/SummaryComparison.h"
#include "panels/CompareHighlight.h"

#include <QDir>
#include <QHeaderView>

namespace planscope {

CompareSummaryTable::CompareSummaryTable(QWidget* parent) : QTableWidget(parent) {
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(false);
    setToolTip(tr("The plans side by side: bold on yellow where a plan differs from A"));
}

void CompareSummaryTable::setPlans(const std::vector<const EnginePlan*>& plans,
                                   const QStringList& labels) {
    const std::vector<SummaryRow> rows = summaryRows(plans);
    clear();
    setRowCount(static_cast<int>(rows.size()));
    setColumnCount(static_cast<int>(plans.size()));
    for (std::size_t p = 0; p < plans.size(); ++p) {
        const QString role = p == 0                  ? QStringLiteral("A: ")
                             : p + 1 == plans.size() ? QStringLiteral("B: ")
                                                     : QString();
        auto* header = new QTableWidgetItem(role + labels[qsizetype(p)]);
        header->setToolTip(QDir::toNativeSeparators(plans[p]->sources.graph));
        setHorizontalHeaderItem(static_cast<int>(p), header);
    }
    m_keyRows = 0;
    m_speedupRow = -1;
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const SummaryRow& row = rows[std::size_t(r)];
        auto* field = new QTableWidgetItem(row.field);
        if (row.key) {
            QFont bold = field->font();
            bold.setBold(true);
            field->setFont(bold);
            m_keyRows = r + 1;
        }
        setVerticalHeaderItem(r, field);
        if (!row.compared)
            m_speedupRow = r;
        for (std::size_t p = 0; p < plans.size(); ++p) {
            auto* item = new QTableWidgetItem(row.text(p));
            if (row.compared && row.differs(p)) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
                item->setBackground(highlightColor(ComparisonTableModel::Highlight::Mismatch));
                item->setToolTip(tr("Differs from A:\n%1").arg(row.text(0)));
            } else if (row.reordered(p)) {
                item->setToolTip(tr("The same entries as A, in another order"));
            } else {
                item->setToolTip(item->text());
            }
            setItem(r, static_cast<int>(p), item);
        }
    }
    m_speedups.clear();
    for (const EnginePlan* plan : plans)
        m_speedups.push_back(planSpeedup(*plans.front(), *plan));
    colorSpeedups();
}

void CompareSummaryTable::setThreshold(double threshold) {
    m_threshold = threshold;
    colorSpeedups();
}

void CompareSummaryTable::colorSpeedups() {
    if (m_speedupRow < 0)
        return;
    for (std::size_t p = 1; p < m_speedups.size(); ++p) {
        QTableWidgetItem* cell = item(m_speedupRow, static_cast<int>(p));
        const std::optional<double> speedup = m_speedups[p];
        using H = ComparisonTableModel::Highlight;
        const H highlight = !speedup                     ? H::None
                            : *speedup > 1 + m_threshold ? H::Faster
                            : *speedup < 1 - m_threshold ? H::Slower
                                                         : H::None;
        cell->setBackground(highlight == H::None ? QBrush() : QBrush(highlightColor(highlight)));
        cell->setToolTip(speedup ? tr("A's average time over this plan's: above 1, it is faster")
                                 : tr("Not measured: A or this plan has no profile"));
    }
}

int CompareSummaryTable::keyRowsHeight() const {
    int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
    for (int r = 0; r < m_keyRows; ++r)
        height += std::max(sizeHintForRow(r), verticalHeader()->sectionSizeHint(r));
    return height;
}

} // namespace planscope
