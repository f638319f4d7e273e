#include "panels/AccuracyPanel.h"

#include "accuracy/HistogramView.h"
#include "document/PlanDocument.h"
#include "itemmodels/AccuracyTableModel.h"
#include "itemviews/ItemViewSetup.h"
#include "plan/FigureText.h"
#include "text/HtmlText.h"
#include "text/RichTextView.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <cmath>

namespace planscope {
namespace {

QString statsRow(const QString& who, const ArrayStats& s) {
    if (!s.present)
        return QStringLiteral("<tr><td>%1</td><td colspan=4>-</td></tr>").arg(html::escaped(who));
    const QString cell = QStringLiteral("<td align=right style=\"white-space:pre\">%1</td>");
    return QStringLiteral("<tr><td style=\"white-space:pre\">%1</td>%2%3%4%5</tr>")
        .arg(html::escaped(who), cell.arg(statText(s.mean)), cell.arg(statText(s.median)),
             cell.arg(QStringLiteral("%1 .. %2").arg(statText(s.min), statText(s.max))),
             cell.arg(statText(s.p99)));
}

// "12 tensors compared, 2 failed; iterations passed 0/1".
QString countsText(const AccuracyLog& log) {
    const int failed = log.failedTensors();
    QString counts = QObject::tr("%1 compared")
                         .arg(countText(qint64(log.tensors.size()), QStringLiteral("tensor")));
    if (failed > 0)
        counts += QObject::tr(", %1 failed").arg(failed);
    if (log.iterationsTotal)
        counts += QObject::tr("; iterations passed %1/%2")
                      .arg(log.iterationsPassed.value_or(0))
                      .arg(*log.iterationsTotal);
    return counts;
}

} // namespace

AccuracyPanel::AccuracyPanel(PlanDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new AccuracyTableModel(this)),
      m_filter(new AccuracyFilterModel(this)), m_header(new QLabel(this)),
      m_search(new QLineEdit(this)), m_failingFirst(new QCheckBox(tr("Failing first"), this)),
      m_table(new QTableView(this)), m_histograms(new HistogramView(this)),
      m_stats(new RichTextView(this)), m_splitter(new QSplitter(Qt::Vertical, this)) {
    setUpTableView(m_table, m_model, m_filter, SortColumn{AccuracyTableModel::OrderColumn});
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setStretchLastSection(true);
    const int digit = m_table->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    m_table->setColumnWidth(AccuracyTableModel::OrderColumn, 4 * digit);
    m_table->setColumnWidth(AccuracyTableModel::TensorColumn, 24 * digit);
    m_table->setColumnWidth(AccuracyTableModel::VerdictColumn, 9 * digit);
    m_table->setColumnWidth(AccuracyTableModel::OverflowColumn, 22 * digit);
    m_table->setColumnWidth(AccuracyTableModel::RequiredColumn, 20 * digit);
    // Eight rows in view at least (at 1366x768 three were): the histograms below get the rest.
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() +
                              8 * m_table->verticalHeader()->defaultSectionSize() +
                              m_table->horizontalScrollBar()->sizeHint().height() +
                              2 * m_table->frameWidth());
    m_header->setWordWrap(true);
    m_header->setAlignment(Qt::AlignLeft | Qt::AlignTop); // alone on a validation run's page
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_search->setPlaceholderText(tr("Filter by tensor or layer name"));
    m_search->setClearButtonEnabled(true);
    m_failingFirst->setToolTip(tr("Put the tensors that failed their check first, whatever the "
                                  "sort"));
    m_stats->setPlaceholderText(tr("Choose a tensor to see both runners' statistics."));

    auto* detail = new QWidget(this);
    auto* detailRow = new QHBoxLayout(detail);
    detailRow->setContentsMargins(0, 0, 0, 0);
    detailRow->addWidget(m_histograms, 1);
    detailRow->addWidget(m_stats, 1);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(detail);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    auto* tools = new QHBoxLayout;
    tools->addWidget(m_search, 1);
    tools->addWidget(m_failingFirst);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_header);
    layout->addLayout(tools);
    layout->addWidget(m_splitter, 1);

    connect(m_search, &QLineEdit::textChanged, m_filter, &AccuracyFilterModel::setSearch);
    connect(m_failingFirst, &QCheckBox::toggled, m_filter, &AccuracyFilterModel::setFailingFirst);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &AccuracyPanel::onChosen);
    connect(document, &PlanDocument::planChanged, this, &AccuracyPanel::reload);
    connect(document, &PlanDocument::accuracyChanged, this, &AccuracyPanel::reload);
    connect(document->selection(), &LayerSelection::changed, this, &AccuracyPanel::followLayer);
    reload();
}

QString AccuracyPanel::headerText() const {
    return m_header->text();
}

void AccuracyPanel::reload() {
    m_model->setLog(m_document->accuracyLog(), m_document->sharedPlan(),
                    m_document->accuracyOnPlan().tensors);
    m_histograms->setTensor(nullptr);
    m_stats->clear();
    const AccuracyLog* log = m_model->log();
    const bool validationOnly = log && log->validationOnly();
    for (QWidget* part : {static_cast<QWidget*>(m_search), static_cast<QWidget*>(m_failingFirst),
                          static_cast<QWidget*>(m_splitter)})
        part->setVisible(!validationOnly); // no tensor to list or chart
    if (!log) {
        m_header->setToolTip({});
        m_header->setText(tr("No polygraphy log is open: File > Open Accuracy Log... reads the "
                             "log of `polygraphy run MODEL.onnx --trt --onnxrt --trt-outputs mark "
                             "all --onnx-outputs mark all` (with --verbose for histograms)."));
        return;
    }
    // Short lines: each one less leaves the table a row more.
    QStringList lines;
    lines << tr("<b>%1</b>: %2; %3")
                 .arg(html::escaped(QFileInfo(log->path).fileName()),
                      html::escaped(log->runnersText(true)),
                      validationOnly ? tr("this is %1.").arg(html::escaped(log->validationText()))
                                     : countsText(*log));
    m_header->setToolTip(log->runnersText());
    m_table->setColumnHidden(AccuracyTableModel::OverflowColumn, log->firstOverflow() < 0);
    // "First failing: <b>NAME</b> (detail), computed by layer 3 NAME".
    const auto headline = [&](const QString& label, int tensor, const QString& detail) {
        const int layer =
            m_model->mapping().empty() ? -1 : m_model->mapping()[std::size_t(tensor)].layer;
        QString text = QStringLiteral("%1: <b>%2</b>")
                           .arg(label, html::escaped(log->tensors[std::size_t(tensor)].name));
        if (!detail.isEmpty())
            text += QStringLiteral(" (%1)").arg(html::escaped(detail));
        if (layer >= 0)
            text += tr(", computed by layer %1 %2")
                        .arg(layer)
                        .arg(html::escaped(m_document->plan()->layers[std::size_t(layer)].name));
        return text;
    };
    if (const int first = log->firstFailed(); first >= 0)
        lines << headline(tr("First failing"), first, {});
    if (const int first = log->firstOverflow(); first >= 0)
        lines << headline(tr("First FP16 overflow"), first,
                          log->tensors[std::size_t(first)].overflowText());
    if (const EnginePlan* plan = m_document->plan(); plan && !log->tensors.empty()) {
        const QString unmatched = unmatchedPlanText(*log, *plan, m_model->mapping());
        lines << (unmatched.isEmpty() ? tr("Layers from this plan's fusions: `mark all` builds "
                                           "another engine than the one profiled.")
                                      : QStringLiteral("<b>%1</b>").arg(html::escaped(unmatched)));
    }
    for (const OutputValidation& v : log->validations)
        lines << tr("Validation of %1: %2%3")
                     .arg(html::escaped(v.output),
                          v.passed == true    ? tr("valid")
                          : v.passed == false ? tr("FAILED")
                                              : QStringLiteral("?"),
                          v.findingsText().isEmpty()
                              ? QString()
                              : QStringLiteral(" (%1)").arg(html::escaped(v.findingsText())));
    for (const QString& w : log->warnings)
        lines << html::escaped(w);
    m_header->setTextFormat(Qt::RichText);
    m_header->setText(lines.join(QStringLiteral("<br>")));
    if (!log->tensors.empty()) { // shown, not chosen for the window: no layer selected
        m_following = true;
        chooseRow(
            m_filter->mapFromSource(m_model->index(std::max(log->firstFailed(), 0), 0)).row());
        m_following = false;
    }
}

bool AccuracyPanel::chooseRow(int row) {
    if (row < 0 || row >= m_filter->rowCount())
        return false;
    m_table->selectRow(row);
    m_table->scrollTo(m_filter->index(row, 0));
    return true;
}

QString AccuracyPanel::statsHtml(int tensor) const {
    const ComparedTensor& t = m_model->log()->tensors[std::size_t(tensor)];
    QString html =
        QStringLiteral("<p><b>%1</b> %2 %3<br>%4</p>")
            .arg(html::escaped(t.name), html::escaped(t.dtype), html::escaped(t.shape),
                 tr("Checked: %1 error, abs %2, rel %3; %4")
                     .arg(t.check.isEmpty() ? QStringLiteral("?") : t.check, statText(t.absTol),
                          statText(t.relTol),
                          !t.passed   ? tr("no verdict")
                          : *t.passed ? tr("passed")
                                      : tr("<b>failed</b>") +
                                            (t.failure.isEmpty() ? QString()
                                                                 : QStringLiteral(": ") +
                                                                       html::escaped(t.failure))));
    if (const QString overflow = t.overflowText(); !overflow.isEmpty())
        html += tr("<p><b>FP16 overflow</b>: %1</p>").arg(html::escaped(overflow));
    html += QStringLiteral("<table cellspacing=4><tr><th></th><th>mean</th><th>median</th>"
                           "<th>range</th><th>p99</th></tr>");
    for (const RunnerStats& r : t.runners)
        html += statsRow(shortRunnerName(r.runner), r.stats);
    html += statsRow(tr("absolute error"), t.absError);
    html += statsRow(tr("relative error"), t.relError);
    html += QStringLiteral("</table>");
    if (t.requiredAbs || t.requiredRel)
        html += tr("<p>Minimum required tolerance: abs %1 OR rel %2</p>")
                    .arg(statText(t.requiredAbs), statText(t.requiredRel));
    return html;
}

void AccuracyPanel::onChosen() {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty() || !m_model->log())
        return;
    const int tensor = rows.first().data(AccuracyTableModel::TensorRole).toInt();
    m_histograms->setTensor(&m_model->log()->tensors[std::size_t(tensor)]);
    m_stats->setHtml(statsHtml(tensor));
    if (m_following)
        return;
    if (const int layer = rows.first().data(AccuracyTableModel::LayerRole).toInt(); layer >= 0)
        m_document->selection()->select(layer);
}

void AccuracyPanel::followLayer(int layer) {
    const int row = m_model->rowOfLayer(layer);
    if (row < 0)
        return;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (!rows.isEmpty() && rows.first().data(AccuracyTableModel::LayerRole).toInt() == layer)
        return;
    m_following = true;
    chooseRow(m_filter->mapFromSource(m_model->index(row, 0)).row());
    m_following = false;
}

} // namespace planscope
