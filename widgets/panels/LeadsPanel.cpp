#include "panels/LeadsPanel.h"

#include "document/PlanDocument.h"
#include "itemmodels/LeadsModel.h"
#include "itemviews/ItemViewSetup.h"
#include "leads/LeadScale.h"
#include "panels/ShareBarDelegate.h"
#include "plan/FigureText.h"
#include "text/HtmlText.h"
#include "text/RichTextView.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace planscope {
namespace {

constexpr int kLayersListed = 50;

QString layerList(const EnginePlan& plan, const QList<int>& layers, int focus) {
    QStringList items;
    for (qsizetype i = 0; i < std::min<qsizetype>(layers.size(), kLayersListed); ++i) {
        const Layer& layer = plan.layers[std::size_t(layers[i])];
        QString item = QStringLiteral("%1 %2 <span class=muted>%3</span>")
                           .arg(layer.index)
                           .arg(html::layerLink(layer.index, layer.name),
                                millisecondsText(layer.timing.average(), 4));
        items << (layer.index == focus ? QStringLiteral("<b>%1</b>").arg(item) : item);
    }
    QString text = QStringLiteral("<ul><li>%1</li></ul>").arg(items.join("</li><li>"));
    if (layers.size() > kLayersListed)
        text += QStringLiteral("<p class=muted>... and %1 more, all selected in the Layers tab."
                               "</p>")
                    .arg(layers.size() - kLayersListed);
    return text;
}

} // namespace

LeadsPanel::LeadsPanel(PlanDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new LeadsModel(this)),
      m_sorted(new LeadsSortModel(this)), m_header(new QLabel(this)), m_view(new QTreeView(this)),
      m_details(new RichTextView(this)), m_clear(new QPushButton(tr("&Clear Marks"), this)),
      m_splitter(new QSplitter(Qt::Vertical, this)) {
    setUpTreeView(m_view, m_model, m_sorted,
                  SortColumn{LeadsModel::RankColumn, Qt::AscendingOrder});
    m_view->setRootIsDecorated(false);
    m_view->setItemDelegateForColumn(LeadsModel::ShareColumn,
                                     new ShareBarDelegate(LeadsModel::ShareRole, m_view));
    QHeaderView* header = m_view->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(LeadsModel::TitleColumn, QHeaderView::Stretch);
    const int digit = m_view->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    m_view->setColumnWidth(LeadsModel::RankColumn, 5 * digit);
    m_view->setColumnWidth(LeadsModel::TimeColumn, 12 * digit);
    m_view->setColumnWidth(LeadsModel::ShareColumn, 16 * digit);
    m_view->setColumnWidth(LeadsModel::LayersColumn, 9 * digit);
    header->hideSection(LeadsModel::IdColumn); // shown in the details and the tooltip
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::RichText);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setPlaceholderText(tr("Open a plan to see what to fix first."));
    m_clear->setToolTip(tr("Unmark the chosen lead's layers in every view"));
    m_clear->setEnabled(false);

    auto* top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    top->addWidget(m_clear, 0, Qt::AlignTop);
    m_splitter->addWidget(m_view);
    m_splitter->addWidget(m_details);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_splitter, 1);

    // A lead is chosen by selecting its row: the view's own current row (set when it gets the
    // focus) must not mark anything.
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &LeadsPanel::onChosen);
    connect(m_clear, &QPushButton::clicked, document->selection(), &LayerSelection::clearMarks);
    connect(m_details, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (const int layer = html::layerOfLink(url.toString()); layer >= 0)
            m_document->selection()->select(layer);
    });
    connect(document, &PlanDocument::planChanged, this, &LeadsPanel::reload);
    connect(document, &PlanDocument::analysisChanged, this, &LeadsPanel::reload);
    connect(document->selection(), &LayerSelection::markedChanged, this,
            &LeadsPanel::onMarkedChanged);
    connect(document->selection(), &LayerSelection::changed, this, &LeadsPanel::showDetails);
    reload();
}

QString LeadsPanel::headerText() const {
    return m_header->text();
}

void LeadsPanel::reload() {
    const EnginePlan* plan = m_document->plan();
    m_model->setLeads(m_document->leads()); // found on the loader's worker thread
    const PlanLeads& leads = m_model->leads();
    QStringList lines;
    if (!plan) {
        lines << tr("No plan is open.");
    } else if (m_document->isAnalysing()) {
        lines << tr("Weighing the leads...");
    } else if (leads.leads.empty()) {
        lines << tr("No lead: none of their thresholds is met on this plan (the README's Leads "
                    "section lists them).");
    } else {
        lines << tr("<b>%1</b>, most time at stake first; shares are of the engine's %2.")
                     .arg(countText(qint64(leads.leads.size()), QStringLiteral("lead")),
                          millisecondsText(leads.latencyMs));
    }
    for (std::size_t i = 0; i < leads.unjudged.size();) { // those that need the same, together
        QStringList ids;
        const UnjudgedLead& first = leads.unjudged[i];
        for (; i < leads.unjudged.size() && leads.unjudged[i].needs == first.needs; ++i)
            ids << leads.unjudged[i].id;
        lines << QStringLiteral("<span class=muted>%1</span>")
                     .arg(tr("Not judged without %1: %2. %3")
                              .arg(html::escaped(first.needs), ids.join(QStringLiteral(", ")),
                                   html::escaped(first.how)));
    }
    for (const QString& note : leads.notes)
        lines << html::escaped(note);
    m_header->setText(lines.join(QStringLiteral("<br>")));
    fitListHeight();
    onMarkedChanged(m_document->selection()->marked()); // marks kept across a re-lint
}

// The list as tall as its rows (three at least, ten at most), the details below get the rest.
void LeadsPanel::fitListHeight() {
    constexpr int kFewestRows = 3;
    constexpr int kMostRows = 10;
    const int rows = std::clamp(m_model->rowCount(), kFewestRows, kMostRows);
    const int row = std::max(m_view->sizeHintForRow(0), m_view->fontMetrics().height() + 4);
    const int list = m_view->header()->sizeHint().height() + rows * row + 2 * m_view->frameWidth() +
                     m_view->horizontalScrollBar()->sizeHint().height();
    const int total = std::max(m_splitter->height(), 2 * list);
    m_splitter->setSizes({list, total - list});
}

bool LeadsPanel::chooseLead(const QString& id) {
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    m_view->setCurrentIndex(m_sorted->mapFromSource(m_model->index(row, 0)));
    return true;
}

QModelIndex LeadsPanel::chosenRow() const {
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? QModelIndex() : rows.first();
}

void LeadsPanel::onChosen() {
    if (const QModelIndex row = chosenRow(); row.isValid()) {
        const QList<int> layers = row.data(LeadsModel::LayersRole).value<QList<int>>();
        m_document->selection()->mark(layers, row.data(LeadsModel::FocusLayerRole).toInt());
    }
    showDetails();
}

// Marks set elsewhere (or cleared): the lead of exactly those layers is current, or none.
void LeadsPanel::onMarkedChanged(const QList<int>& layers) {
    m_clear->setEnabled(!layers.isEmpty());
    const QModelIndex chosen = chosenRow();
    if (chosen.isValid() && chosen.data(LeadsModel::LayersRole).value<QList<int>>() == layers)
        return;
    QModelIndex match;
    for (int row = 0; row < m_sorted->rowCount() && !layers.isEmpty(); ++row)
        if (m_sorted->index(row, 0).data(LeadsModel::LayersRole).value<QList<int>>() == layers)
            match = m_sorted->index(row, 0);
    const QSignalBlocker blocker(m_view->selectionModel());
    if (match.isValid())
        m_view->setCurrentIndex(match);
    else
        m_view->selectionModel()->clear();
    m_view->viewport()->update();
    showDetails();
}

// Every lead's next step, before one is chosen.
QString LeadsPanel::overviewHtml() const {
    QString text;
    int rank = 0;
    for (const Lead& lead : m_model->leads().leads)
        text += QStringLiteral("<p><b>%1. %2</b> <span class=muted>%3</span><br>%4</p>")
                    .arg(++rank)
                    .arg(html::escaped(lead.title), stakeText(lead.ms, lead.percent),
                         html::escaped(lead.nextStep));
    return text.isEmpty() ? text
                          : html::section(tr("What to try, lead by lead"), text) +
                                QStringLiteral("<p class=muted>%1</p>")
                                    .arg(tr("Choose a lead above for its evidence and layers; "
                                            "its layers are then marked in every view."));
}

void LeadsPanel::showDetails() {
    const QModelIndex row = chosenRow();
    const EnginePlan* plan = m_document->plan();
    if (!row.isValid() || !plan) {
        m_details->setHtml(overviewHtml());
        return;
    }
    const QList<int> layers = row.data(LeadsModel::LayersRole).value<QList<int>>();
    const bool measured =
        row.siblingAtColumn(LeadsModel::TimeColumn).data().toString() != kMissingText;
    const QString stake =
        measured ? tr("%1 (%2 of the latency)")
                       .arg(row.siblingAtColumn(LeadsModel::TimeColumn).data().toString(),
                            row.siblingAtColumn(LeadsModel::ShareColumn).data().toString())
        : layers.isEmpty() ? tr("none the engine can save")
                           : tr("not measured (no per-layer timings)");
    QString text =
        QStringLiteral("<h3>%1</h3>")
            .arg(html::escaped(row.siblingAtColumn(LeadsModel::TitleColumn).data().toString()));
    text += html::table(html::row(tr("Lead"), row.data(LeadsModel::LeadIdRole).toString()) +
                        html::row(tr("At stake"), stake) +
                        html::row(tr("Evidence"), row.data(LeadsModel::EvidenceRole).toString()) +
                        html::row(tr("Next step"), row.data(LeadsModel::NextStepRole).toString()));
    text += layers.isEmpty()
                ? html::section(tr("Layers"),
                                QStringLiteral("<p class=muted>%1</p>")
                                    .arg(tr("None: the lead is about the engine as a whole.")))
                : html::section(tr("Layers (%1, slowest first)").arg(layers.size()),
                                layerList(*plan, layers, m_document->selection()->current()));
    m_details->setHtml(text);
}

} // namespace planscope
