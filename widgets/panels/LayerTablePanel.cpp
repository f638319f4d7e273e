#include "panels/LayerTablePanel.h"

#include "dialogs/ExportDialog.h"
#include "document/PlanDocument.h"
#include "itemmodels/LayerFilterModel.h"
#include "itemmodels/LayerTableModel.h"
#include "itemviews/ItemViewSetup.h"
#include "metrics/LayerGroups.h"
#include "metrics/PlanJson.h"
#include "roofline/Roofline.h"
#include "table/LayerTableView.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>

namespace planscope {

LayerTablePanel::LayerTablePanel(PlanDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new LayerTableModel(this)),
      m_filter(new LayerFilterModel(this)), m_types(new QComboBox(this)),
      m_search(new QLineEdit(this)), m_status(new QLabel(this)),
      m_view(new LayerTableView(document->selection(), this)) {
    setUpTableView(m_view, m_model, m_filter, SortColumn{LayerTableModel::IndexColumn},
                   {m_view->copyRowsAction()});
    m_types->setToolTip(tr("Show one layer type, with its own attribute columns"));
    m_types->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_search->setPlaceholderText(tr("Search names, types, tactics, metadata (Ctrl+F)"));
    m_search->setToolTip(
        tr("Every term must match (case-insensitive):\n"
           "  word: the name, type, tactic or metadata contains it\n"
           "  /regex/: one of them matches the regular expression\n"
           "  type:T  name:N  tactic:K  precision:P: that field contains the value "
           "(or matches a /regex/)\n"
           "e.g.  type:Convolution precision:FP32   tactic:/sm80.*simt/"));
    m_search->setClearButtonEnabled(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* exportButton = new QPushButton(tr("Export CSV..."), this);
    exportButton->setToolTip(tr("Save the visible rows as CSV"));

    auto* tools = new QHBoxLayout;
    tools->addWidget(new QLabel(tr("Type:"), this));
    tools->addWidget(m_types);
    tools->addWidget(m_search, 1);
    tools->addWidget(exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(tools);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);

    connect(m_types, &QComboBox::currentIndexChanged, this, &LayerTablePanel::applyTypeFilter);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_filter->setSearchText(text);
        updateStatus();
    });
    connect(exportButton, &QPushButton::clicked, this, &LayerTablePanel::exportCsvWithDialog);
    connect(document, &PlanDocument::planChanged, this, &LayerTablePanel::reload);
    connect(document, &PlanDocument::accuracyChanged, this, &LayerTablePanel::showAccuracy);
    connect(document, &PlanDocument::analysisChanged, this, &LayerTablePanel::showSpeedOfLight);
    connect(document, &PlanDocument::rooflineChanged, this, &LayerTablePanel::showSpeedOfLight);
    connect(document, &PlanDocument::modelChanged, this, &LayerTablePanel::showWeights);
}

// The ONNX model's weights of each layer after its time (and SOL %), where any screen shows
// them; hidden without a model.
void LayerTablePanel::showWeights() {
    std::shared_ptr<const ModelWeights> weights = m_document->modelWeights();
    const bool shown = weights != nullptr;
    m_model->setModelWeights(std::move(weights));
    QHeaderView* header = m_view->horizontalHeader();
    for (int c = LayerTableModel::ParamsColumn; c <= LayerTableModel::RangeRatioColumn; ++c) {
        header->moveSection(header->visualIndex(c),
                            header->visualIndex(LayerTableModel::SolPercentColumn) + 1 +
                                (c - LayerTableModel::ParamsColumn));
        m_view->setColumnHidden(c, !shown);
        if (shown)
            m_view->resizeColumnToContents(c);
    }
}

// Each layer's speed-of-light percentage, once the worker has made the plan's roofline (on the
// GPU chosen, PlanDocument::setGpu).
void LayerTablePanel::showSpeedOfLight() {
    const PlanAnalysis* analysis = m_document->analysis();
    const bool made = analysis && !m_document->isAnalysing();
    std::vector<std::optional<double>> percents;
    if (made) {
        const Roofline& roofline = analysis->roofline();
        percents.reserve(roofline.size());
        for (std::size_t i = 0; i < roofline.size(); ++i)
            percents.push_back(roofline.layer(i).solPercent);
    }
    m_model->setSolPercents(std::move(percents));
    QHeaderView* header = m_view->horizontalHeader();
    header->moveSection(header->visualIndex(LayerTableModel::SolPercentColumn),
                        header->visualIndex(LayerTableModel::LatencyShareColumn) + 1);
    if (made)
        m_view->resizeColumnToContents(LayerTableModel::SolPercentColumn);
}

// The largest relative error of each layer's tensors in the open polygraphy log, beside the
// latency; the column hides without a log.
void LayerTablePanel::showAccuracy() {
    const std::shared_ptr<const AccuracyLog> log = m_document->accuracyLog();
    const EnginePlan* plan = m_document->plan();
    m_model->setAccuracy(*m_document->accuracyOnPlan().layerErrors);
    QHeaderView* header = m_view->horizontalHeader();
    header->moveSection(header->visualIndex(LayerTableModel::AccuracyColumn),
                        header->visualIndex(LayerTableModel::LatencyShareColumn) + 1);
    m_view->setColumnHidden(LayerTableModel::AccuracyColumn, !log || !plan);
    if (log && plan)
        m_view->resizeColumnToContents(LayerTableModel::AccuracyColumn);
}

void LayerTablePanel::reload() {
    const EnginePlan* plan = m_document->plan();
    m_model->setPlan(plan);
    const QSignalBlocker blocker(m_types);
    m_types->clear();
    m_types->addItem(tr("All types"), QString());
    if (plan)
        for (const LayerGroup& g : groupLayers(plan->layers, layerTypeKey))
            m_types->addItem(QStringLiteral("%1 (%2)").arg(g.key).arg(g.count), g.key);
    m_filter->setTypeFilter({});
    // The long texts get set widths; the other columns fit what they show.
    for (int c = 0; c < LayerTableModel::FixedColumnCount; ++c)
        if (c != LayerTableModel::NameColumn && c != LayerTableModel::TacticColumn &&
            c != LayerTableModel::AccuracyColumn &&   // fitted when a log shows it
            c != LayerTableModel::SolPercentColumn && // and when the analysis gives it
            !LayerTableModel::isWeightColumn(c))      // and when a model gives them
            m_view->resizeColumnToContents(c);
    m_view->setColumnWidth(LayerTableModel::NameColumn, 360);
    m_view->setColumnWidth(LayerTableModel::TacticColumn, 220);
    showAccuracy();
    showWeights();
    updateStatus();
}

void LayerTablePanel::applyTypeFilter() {
    const QString type = m_types->currentData().toString();
    m_filter->setTypeFilter(type);
    const EnginePlan* plan = m_document->plan();
    m_model->setAttributeColumns(plan && !type.isEmpty()
                                     ? LayerTableModel::attributeKeysOfType(*plan, type)
                                     : QStringList());
    for (int c = LayerTableModel::FixedColumnCount; c < m_model->columnCount(); ++c)
        m_view->resizeColumnToContents(c);
    m_view->showLayer(m_document->selection()->current());
    updateStatus();
}

QString LayerTablePanel::statusText() const {
    if (!m_document->plan())
        return tr("No plan is open.");
    const LayerFilterModel::Totals totals = m_filter->visibleTotals();
    const QString type = m_filter->typeFilter();
    const QString matching = m_filter->searchText().isEmpty()
                                 ? QString()
                                 : tr(" matching \"%1\"").arg(m_filter->searchText());
    if (!m_filter->searchError().isEmpty())
        return tr("The search is not valid: %1").arg(m_filter->searchError());
    // trex's sentence, with one layer in the singular.
    const bool one = totals.layers == 1;
    const QString layers = QStringLiteral("%1 %2%3%4")
                               .arg(totals.layers)
                               .arg(type.isEmpty() ? QString() : type + ' ')
                               .arg(one ? tr("layer") : tr("layers"))
                               .arg(matching);
    if (!m_document->plan()->hasProfile)
        return tr("%1 %2; the plan has no per-layer timings.")
            .arg(one ? tr("There is") : tr("There are"), layers);
    if (!totals.latencyMs)
        return tr("%1 %2, none of them timed by the profile.")
            .arg(one ? tr("There is") : tr("There are"), layers);
    return tr("%1 %2 which %3 for %4% (%5 ms) of the overall latency.")
        .arg(one ? tr("There is") : tr("There are"), layers, one ? tr("accounts") : tr("account"))
        .arg(*totals.latencyPct, 0, 'f', 1)
        .arg(*totals.latencyMs, 0, 'f', 3);
}

void LayerTablePanel::updateStatus() {
    m_status->setText(statusText());
}

void LayerTablePanel::focusSearch() {
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

bool LayerTablePanel::exportCsv(const QString& path, QString* error) const {
    std::vector<const Layer*> layers;
    for (int index : m_filter->visibleLayers())
        layers.push_back(&m_document->plan()->layers[static_cast<std::size_t>(index)]);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(layersCsv(layers)) < 0) {
        *error = tr("%1: cannot write (%2). Choose another folder.").arg(path, file.errorString());
        return false;
    }
    return true;
}

void LayerTablePanel::exportCsvWithDialog() {
    if (!m_document->plan())
        return;
    const QString file =
        askExportFile(this, tr("Export visible layers"),
                      m_document->plan()->name.section('.', 0, 0) + QStringLiteral("-layers.csv"),
                      tr("CSV (*.csv)"), QStringLiteral("csv"));
    QString error;
    if (!file.isEmpty() && !exportCsv(file, &error))
        showExportError(this, error);
}

} // namespace planscope
