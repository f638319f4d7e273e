#include "panels/ComparePanel.h"

#include "charts/CompareCharts.h"
#include "chartview/ChartView.h"
#include "compare/PlanLabels.h"
#include "dialogs/ExportDialog.h"
#include "document/LayerSelection.h"
#include "graphview/GraphCanvas.h"
#include "itemviews/ItemViewSetup.h"
#include "panels/CompareHighlight.h"
#include "panels/CompareSummaryTable.h"
#include "panels/OnnxGraphCanvas.h"
#include "panels/OnnxPanel.h"
#include "plan/FigureText.h"
#include "roofline/Roofline.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>

namespace planscope {
namespace {

// Bump when the table's columns change: a saved column layout of other columns is dropped.
constexpr int kColumnsVersion = 2;

// The layers within three steps of `layers` (a pair's layer, an ONNX group's layers), fewer
// around a larger group: small graphs lay out fast enough to do at once.
std::shared_ptr<GraphCanvas::Scene>
neighbourhoodScene(const std::shared_ptr<const EnginePlan>& plan, const std::vector<int>& layers) {
    auto scene = std::make_shared<GraphCanvas::Scene>();
    scene->plan = plan;
    scene->centre = layers.front();
    const std::size_t n = layers.size();
    const int radius = n <= 2 ? 3 : n <= 8 ? 2 : n <= 32 ? 1 : 0;
    scene->graph = PlanGraph::around(*plan, layers, radius);
    scene->layout =
        layoutGraph(scene->graph, GraphPainter::nodeSizes(scene->graph, *plan, scene->style));
    return scene;
}

// A layer as a list of layers; none for -1 (a side without the layer).
std::vector<int> oneLayer(int layer) {
    return layer >= 0 ? std::vector<int>{layer} : std::vector<int>{};
}

// "/a/Conv, /a/Relu and 3 more".
QString someNodes(const QStringList& nodes) {
    constexpr qsizetype kShown = 3;
    const QString shown = nodes.mid(0, kShown).join(QStringLiteral(", "));
    return nodes.size() <= kShown
               ? shown
               : ComparePanel::tr("%1 and %2 more").arg(shown).arg(nodes.size() - kShown);
}

} // namespace

ComparePanel::ComparePanel(QWidget* parent)
    : QWidget(parent), m_model(new ComparisonTableModel(this)),
      m_filter(new ComparisonFilterModel(this)), m_summary(new CompareSummaryTable(this)),
      m_speedup(new QLabel(this)), m_matching(new QComboBox(this)), m_show(new QComboBox(this)),
      m_types(new QComboBox(this)), m_threshold(new QDoubleSpinBox(this)),
      m_layers(new QTableView(this)), m_charts(new QComboBox(this)),
      m_selection(new LayerSelection(this)), m_chart(new charts::ChartView(m_selection, this)),
      m_selectionB(new LayerSelection(this)), m_graphA(new OnnxGraphCanvas(m_selection, this)),
      m_graphB(new OnnxGraphCanvas(m_selectionB, this)), m_graphCaption(new QLabel(this)),
      m_onnx(new OnnxPanel(this)), m_tabs(new QTabWidget(this)), m_graphsPage(nullptr),
      m_splitter(new QSplitter(Qt::Vertical, this)), m_graphs(new QSplitter(Qt::Horizontal, this)),
      m_swap(new QAction(tr("&Swap A and B"), this)),
      m_exportCsv(new QAction(tr("Export Table as &CSV..."), this)) {
    m_swap->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    m_swap->setToolTip(tr("Compare the other way round: B becomes the reference (%1)")
                           .arg(m_swap->shortcut().toString(QKeySequence::NativeText)));
    m_swap->setEnabled(false);
    connect(m_swap, &QAction::triggered, this, &ComparePanel::swapPlans);
    m_exportCsv->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_exportCsv->setToolTip(tr("Save the rows the layer table shows, in its order, as CSV (%1)")
                                .arg(m_exportCsv->shortcut().toString(QKeySequence::NativeText)));
    m_exportCsv->setIconText(tr("Export CSV..."));
    m_exportCsv->setEnabled(false);
    connect(m_exportCsv, &QAction::triggered, this, &ComparePanel::exportCsvWithDialog);

    m_speedup->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_speedup->setWordWrap(true); // long plan names must not widen the window
    QFont big = m_speedup->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_speedup->setFont(big);
    auto* swapButton = new QToolButton(this);
    swapButton->setDefaultAction(m_swap);
    swapButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* top = new QHBoxLayout;
    top->addWidget(m_speedup, 1);
    top->addWidget(swapButton);

    m_tabs->addTab(layersPage(), tr("Layers"));
    m_tabs->addTab(m_onnx, tr("ONNX ops"));
    m_tabs->addTab(chartsPage(), tr("Charts"));
    m_tabs->addTab(graphsPage(), tr("Graphs (A | B)"));
    m_tabs->setTabToolTip(0, tr("Every layer of A beside its match in B (trex's layer matching)"));
    m_tabs->setTabToolTip(1, tr("A and B compared by the ONNX nodes their layers implement: "
                                "which part of the model got faster or slower when the engines "
                                "fuse differently"));
    m_tabs->setTabToolTip(2, tr("Charts across the plans"));
    m_tabs->setTabToolTip(3, tr("The layers of the row chosen in the Layers or ONNX ops tab and "
                                "their neighbourhoods, zoomed together"));
    connect(m_onnx, &OnnxPanel::groupChosen, this, &ComparePanel::showGroup);
    connect(m_onnx, &OnnxPanel::unattributedChosen, this, &ComparePanel::showUnattributed);
    connect(m_onnx, &OnnxPanel::graphsRequested, this,
            [this] { m_tabs->setCurrentWidget(m_graphsPage); });
    connect(m_onnx, &OnnxPanel::computed, this, [this] {
        if (m_graphsShow != GraphsShow::OnnxRow)
            return;
        if (m_onnx->chosenGroup() >= 0)
            showGroup(m_onnx->chosenGroup());
        else
            clearGraphs();
    });
    connect(m_graphA, &GraphCanvas::zoomChanged, m_graphB, &GraphCanvas::setZoom);
    connect(m_graphB, &GraphCanvas::zoomChanged, m_graphA, &GraphCanvas::setZoom);
    connect(m_graphA, &GraphCanvas::panned, m_graphB, &GraphCanvas::panBy);
    connect(m_graphB, &GraphCanvas::panned, m_graphA, &GraphCanvas::panBy);

    m_splitter->setObjectName(QStringLiteral("summarySplitter"));
    m_splitter->addWidget(m_summary);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_splitter, 1);
}

QWidget* ComparePanel::layersPage() {
    setUpTableView(m_layers, m_model, m_filter, kModelOrder);
    m_layers->setItemDelegate(new HighlightDelegate(m_layers));
    m_layers->setWordWrap(false);
    m_layers->setTextElideMode(Qt::ElideMiddle); // names and tactics differ at both ends
    m_layers->horizontalHeader()->setSectionsMovable(true);
    connect(m_layers->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid() && !(m_restoringPair && m_graphsShow != GraphsShow::Pair))
                    showPair(m_filter->mapToSource(current).row());
            });

    m_matching->addItems({tr("Exact matching"), tr("Inexact matching")});
    m_matching->setToolTip(
        tr("Exact: all tensors' dimensions must agree; inexact: first input and output"));
    m_show->addItems({tr("All layers"), tr("Precision mismatch"), tr("Tactic mismatch")});
    m_show->setToolTip(tr("Show every pair, or only pairs whose precisions or tactics differ"));
    m_types->setToolTip(tr("Show one layer type"));
    m_types->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_threshold->setRange(0, 50);
    m_threshold->setValue(3);
    m_threshold->setSuffix(QStringLiteral(" %"));
    m_threshold->setToolTip(tr("Speedups within this margin of 1x are not colored"));
    auto* exportButton = new QToolButton(this);
    exportButton->setDefaultAction(m_exportCsv); // its icon text: "Export CSV..."
    connect(m_matching, &QComboBox::currentIndexChanged, this, &ComparePanel::rematch);
    connect(m_show, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_filter->setShow(static_cast<ComparisonFilterModel::Show>(i)); });
    connect(m_types, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setTypeFilter(m_types->currentData().toString()); });
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, [this](double pct) {
        m_model->setThreshold(pct / 100);
        m_onnx->setThreshold(pct / 100);
        m_summary->setThreshold(pct / 100);
        m_layers->viewport()->update();
    });

    auto* tools = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{
             m_matching, m_show, m_types, new QLabel(tr("Threshold:"), this), m_threshold})
        tools->addWidget(w);
    tools->addStretch(1);
    tools->addWidget(exportButton);
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(tools);
    layout->addWidget(m_layers);
    return page;
}

QWidget* ComparePanel::graphsPage() {
    m_graphs->setObjectName(QStringLiteral("graphSplitter"));
    m_graphs->addWidget(m_graphA);
    m_graphs->addWidget(m_graphB);
    m_graphA->setToolTip(tr("Plan A around the chosen row's layers"));
    m_graphB->setToolTip(tr("Plan B around the chosen row's layers"));
    m_graphCaption->setWordWrap(true);
    m_graphCaption->setTextFormat(Qt::RichText);
    m_graphCaption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_graphsPage = new QWidget(this);
    auto* layout = new QVBoxLayout(m_graphsPage);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_graphCaption);
    layout->addWidget(m_graphs, 1);
    clearGraphs();
    return m_graphsPage;
}

QWidget* ComparePanel::chartsPage() {
    for (const charts::CompareChartDefinition& d : charts::compareChartCatalog())
        m_charts->addItem(d.description, d.id);
    m_charts->setToolTip(tr("The chart to show"));
    connect(m_charts, &QComboBox::currentIndexChanged, this,
            [this] { showChart(m_charts->currentData().toString()); });
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_charts);
    layout->addWidget(m_chart, 1);
    return page;
}

void ComparePanel::setPlans(std::vector<std::shared_ptr<const EnginePlan>> plans,
                            std::vector<std::shared_ptr<const Roofline>> rooflines) {
    if (plans.size() < 2)
        return;
    m_plans = std::move(plans);
    m_rooflines = std::move(rooflines);
    m_rooflines.resize(m_plans.size());
    showPlans();
    if (!m_layoutRestored)
        applyDefaultLayout();
    m_swap->setEnabled(true);
    m_exportCsv->setEnabled(true);
}

void ComparePanel::swapPlans() {
    if (m_plans.size() < 2)
        return;
    // Keep the chosen pair chosen: after the swap it is (b, a).
    const QModelIndex current = m_filter->mapToSource(m_layers->currentIndex());
    const LayerPair chosen =
        current.isValid() ? m_model->rows()[std::size_t(current.row())].pair : LayerPair{};
    // The graphs keep showing what they showed, in the swapped plans: an ONNX group once the
    // comparison of the swapped plans has chosen it again (maybe at once, in showPlans).
    const GraphsShow shown = m_graphsShow;
    if (shown == GraphsShow::OnnxRow)
        clearGraphs();
    std::swap(m_plans.front(), m_plans.back());
    std::swap(m_rooflines.front(), m_rooflines.back());
    m_restoringPair = true;
    showPlans();
    const auto& rows = m_model->rows();
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const LayerComparison& r) {
        return r.pair == LayerPair{chosen.b, chosen.a};
    });
    const QModelIndex row =
        it == rows.end() || (chosen.a < 0 && chosen.b < 0)
            ? QModelIndex()
            : m_filter->mapFromSource(m_model->index(int(it - rows.begin()), 0));
    if (row.isValid()) {
        m_layers->setCurrentIndex(row);
        m_layers->scrollTo(row);
    } else if (shown == GraphsShow::Pair) {
        clearGraphs();
    }
    m_restoringPair = false;
}

// Shows m_plans everywhere: labels, summary, speedup, table, chart.
void ComparePanel::showPlans() {
    m_a = m_plans.front();
    m_b = m_plans.back();
    std::vector<const EnginePlan*> plain;
    for (const auto& p : m_plans)
        plain.push_back(p.get());
    m_labels = planscope::planLabels(plain);
    m_model->setPlanLabels(m_labels.front(), m_labels.back());
    m_summary->setPlans(plain, m_labels);
    updateSpeedup();
    rematch();
    m_onnx->setPlans(m_a, m_b, m_labels.front(), m_labels.back());
    showChart(m_charts->currentData().toString());
    emit plansChanged();
}

void ComparePanel::updateSpeedup() {
    const std::optional<double> speedup = planSpeedup(*m_a, *m_b);
    const std::optional<double> slowdown = slowdownPercent(*m_a, *m_b);
    const QString value =
        speedup && slowdown ? tr("%1x (B's average time is %2% %3 A's)")
                                  .arg(*speedup, 0, 'f', 3)
                                  .arg(std::abs(*slowdown), 0, 'f', 1)
                                  .arg(*slowdown > 0 ? tr("above") : tr("below"))
                            : tr("- (%1 has no profile)")
                                  .arg(m_a->totalAverageMs() ? m_labels.back() : m_labels.front());
    QString text =
        tr("Speedup of B (%1) over A (%2): %3").arg(m_labels.back(), m_labels.front(), value);
    // Said first: a speedup of unrelated engines means nothing, unlike pairs' speedups little.
    const QStringList warnings = comparisonWarnings(*m_a, *m_b, m_model->rows());
    if (!warnings.isEmpty())
        text =
            tr("<span style='color:#B35900; font-weight:normal; font-size:small'>%1</span><br>%2")
                .arg(warnings.join(QLatin1Char('\n')).toHtmlEscaped().replace('\n', "<br>"),
                     text.toHtmlEscaped());
    m_speedup->setText(text);
    m_speedup->setToolTip(tr("A's average time over B's (sums of per-layer averages)"));
}

void ComparePanel::showPair(int row) {
    if (row < 0 || row >= static_cast<int>(m_model->rows().size()))
        return;
    const LayerComparison& r = m_model->rows()[std::size_t(row)];
    showInGraphs(oneLayer(r.pair.a), oneLayer(r.pair.b), {}, {}, false);
    m_graphsShow = GraphsShow::Pair;
    m_graphCaption->setText(tr("Layer pair: %1 in A, %2 in B")
                                .arg(r.nameA.isEmpty() ? tr("none") : r.nameA.toHtmlEscaped(),
                                     r.nameB.isEmpty() ? tr("none") : r.nameB.toHtmlEscaped()));
}

void ComparePanel::showGroup(int index) {
    const OnnxComparison* comparison = m_onnx->comparison();
    if (!comparison || index < 0 || index >= int(comparison->groups.size()))
        return;
    const OnnxGroup& group = comparison->groups[std::size_t(index)];
    showInGraphs(group.a.layers, group.b.layers, group.a.charged, group.b.charged, true);
    m_graphsShow = GraphsShow::OnnxRow;
    const auto layers = [](const OnnxGroupSide& side) {
        const QString drawn = side.layers.empty()
                                  ? tr("no layer")
                                  : countText(qint64(side.layers.size()), tr("layer"));
        return side.folded.isEmpty() ? drawn
                                     : tr("%1 (+%2 folded away)")
                                           .arg(drawn, countText(side.folded.size(), tr("NoOp")));
    };
    QString caption =
        tr("ONNX group %1 (%2): its layers ringed in magenta, A %3, B %4")
            .arg(index + 1)
            .arg(someNodes(group.nodes).toHtmlEscaped(), layers(group.a), layers(group.b));
    if (!group.a.charged.empty() || !group.b.charged.empty())
        caption += tr("; dashed: reformatting copies charged to it, A %1, B %2")
                       .arg(group.a.charged.size())
                       .arg(group.b.charged.size());
    m_graphCaption->setText(caption);
}

void ComparePanel::showUnattributed(int layerA, int layerB) {
    showInGraphs(oneLayer(layerA), oneLayer(layerB), {}, {}, false);
    m_graphsShow = GraphsShow::OnnxRow;
    const QString name =
        layerA >= 0 ? m_a->layers[std::size_t(layerA)].name : m_b->layers[std::size_t(layerB)].name;
    m_graphCaption->setText(tr("Layer without ONNX origin: %1 (%2)")
                                .arg(name.toHtmlEscaped(), layerA >= 0 && layerB >= 0
                                                               ? tr("in A and B")
                                                           : layerA >= 0 ? tr("in A only")
                                                                         : tr("in B only")));
}

// Focuses the first of `layersA` in A's selection (and marks them all when `mark`), draws them
// with their neighbourhood, the charged copies ringed dashed; the same for B.
void ComparePanel::showInGraphs(const std::vector<int>& layersA, const std::vector<int>& layersB,
                                const std::vector<int>& chargedA, const std::vector<int>& chargedB,
                                bool mark) {
    const auto show = [mark](LayerSelection* selection, OnnxGraphCanvas* canvas,
                             const std::shared_ptr<const EnginePlan>& plan,
                             const std::vector<int>& layers, const std::vector<int>& charged) {
        selection->mark(mark ? QList<int>(layers.begin(), layers.end()) : QList<int>{},
                        layers.empty() ? -1 : layers.front());
        canvas->setCharged(QSet<int>(charged.begin(), charged.end()));
        std::vector<int> shown = layers;
        shown.insert(shown.end(), charged.begin(), charged.end());
        if (shown.empty())
            canvas->clearScene();
        else
            canvas->setScene(neighbourhoodScene(plan, shown));
    };
    show(m_selection, m_graphA, m_a, layersA, chargedA);
    show(m_selectionB, m_graphB, m_b, layersB, chargedB);
}

void ComparePanel::clearGraphs() {
    m_graphA->clearScene();
    m_graphB->clearScene();
    m_graphA->setCharged({});
    m_graphB->setCharged({});
    m_selection->mark({}, -1);
    m_selectionB->mark({}, -1);
    m_graphCaption->setText(tr("Choose a row in the Layers or ONNX ops tab to see its layers "
                               "here."));
}

void ComparePanel::showChart(const QString& id) {
    if (!m_a || !m_b)
        return;
    const QSignalBlocker blocker(m_charts);
    m_charts->setCurrentIndex(m_charts->findData(id));
    charts::Plans plans;
    for (const auto& plan : m_plans)
        plans.push_back(plan.get());
    m_chart->setChart(charts::buildCompareChart(plans, id));
}

void ComparePanel::rematch() {
    if (!m_a || !m_b)
        return;
    m_model->setRows(compareLayers(*m_a, *m_b,
                                   matchLayers(*m_a, *m_b, m_matching->currentIndex() == 0),
                                   m_rooflines.front().get(), m_rooflines.back().get()));
    fillTypes();
    updateSpeedup(); // the headline says when no layer matches
}

// The types of the rows, keeping the chosen one when the rows still have it.
void ComparePanel::fillTypes() {
    const QString chosen = m_types->currentData().toString();
    const QSignalBlocker blocker(m_types);
    m_types->clear();
    m_types->addItem(tr("All types"), QString());
    QStringList types;
    for (const LayerComparison& r : m_model->rows())
        if (!types.contains(r.type))
            types << r.type;
    for (const QString& t : types)
        m_types->addItem(t, t);
    m_types->setCurrentIndex(std::max(0, m_types->findData(chosen)));
    m_filter->setTypeFilter(m_types->currentData().toString());
}

// Column widths and splitter sizes for a first start: the names readable, the summary's key
// rows (layers, average time, speedup) in view.
void ComparePanel::applyDefaultLayout() {
    using C = ComparisonTableModel;
    m_layers->resizeColumnsToContents();
    for (int c : {C::NameAColumn, C::NameBColumn})
        m_layers->setColumnWidth(c, 240);
    for (int c : {C::TacticAColumn, C::TacticBColumn})
        m_layers->setColumnWidth(c, 220);
    for (int c : {C::FormatsAColumn, C::FormatsBColumn})
        m_layers->setColumnWidth(c, 320);
    const int total = std::max(m_splitter->height(), 400);
    const int summary =
        std::min(m_summary->keyRowsHeight() + 4 * m_summary->fontMetrics().height(), total * 2 / 5);
    m_splitter->setSizes({summary, total - summary});
    m_graphs->setSizes({1, 1});
}

void ComparePanel::saveLayout(QSettings& settings) const {
    settings.setValue(QStringLiteral("compare/splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("compare/graphs"), m_graphs->saveState());
    settings.setValue(QStringLiteral("compare/columns"), m_layers->horizontalHeader()->saveState());
    settings.setValue(QStringLiteral("compare/columnsVersion"), kColumnsVersion);
    m_onnx->saveLayout(settings);
}

void ComparePanel::restoreLayout(const QSettings& settings) {
    const bool columns =
        settings.value(QStringLiteral("compare/columnsVersion")).toInt() == kColumnsVersion &&
        m_layers->horizontalHeader()->restoreState(
            settings.value(QStringLiteral("compare/columns")).toByteArray());
    const bool splitters =
        m_splitter->restoreState(
            settings.value(QStringLiteral("compare/splitter")).toByteArray()) &&
        m_graphs->restoreState(settings.value(QStringLiteral("compare/graphs")).toByteArray());
    m_layoutRestored = columns && splitters;
    m_onnx->restoreLayout(settings);
}

bool ComparePanel::exportCsv(const QString& path, QString* error) const {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(comparisonCsv(m_filter->visibleRows())) < 0) {
        *error = tr("%1: cannot write (%2). Choose another folder.").arg(path, file.errorString());
        return false;
    }
    return true;
}

void ComparePanel::exportCsvWithDialog() {
    if (!m_a || !m_b)
        return;
    const QString name =
        QString(m_labels.front() + QStringLiteral("-vs-") + m_labels.back()).replace('/', '-');
    const QString file =
        askExportFile(this, tr("Export the comparison table"), name + QStringLiteral(".csv"),
                      tr("CSV (*.csv)"), QStringLiteral("csv"));
    QString error;
    if (!file.isEmpty() && !exportCsv(file, &error))
        showExportError(this, error);
}

} // namespace planscope
