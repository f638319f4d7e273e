#include "panels/ComparePanel.h"

#include "charts/CompareCharts.h"
#include "chartview/ChartView.h"
#include "compare/PlanLabels.h"
#include "dialogs/ExportDialog.h"
#include "document/LayerSelection.h"
#include "graphview/GraphCanvas.h"
#include "panels/CompareHighlight.h"
#include "panels/CompareSummaryTable.h"

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

// The layers within three steps of `layer`, laid out at once (small graphs lay out fast).
std::shared_ptr<GraphCanvas::Scene>
neighbourhoodScene(const std::shared_ptr<const EnginePlan>& plan, int layer) {
    auto scene = std::make_shared<GraphCanvas::Scene>();
    scene->plan = plan;
    const PlanGraph whole = PlanGraph::build(*plan);
    scene->graph = whole.neighbourhood(whole.nodeOfLayer(layer), 3);
    scene->layout =
        layoutGraph(scene->graph, GraphPainter::nodeSizes(scene->graph, *plan, scene->style));
    return scene;
}

} // namespace

ComparePanel::ComparePanel(QWidget* parent)
    : QWidget(parent), m_model(new ComparisonTableModel(this)),
      m_filter(new ComparisonFilterModel(this)), m_summary(new CompareSummaryTable(this)),
      m_speedup(new QLabel(this)), m_matching(new QComboBox(this)), m_show(new QComboBox(this)),
      m_types(new QComboBox(this)), m_threshold(new QDoubleSpinBox(this)),
      m_layers(new QTableView(this)), m_charts(new QComboBox(this)),
      m_selection(new LayerSelection(this)), m_chart(new charts::ChartView(m_selection, this)),
      m_selectionB(new LayerSelection(this)), m_graphA(new GraphCanvas(m_selection, this)),
      m_graphB(new GraphCanvas(m_selectionB, this)), m_splitter(new QSplitter(Qt::Vertical, this)),
      m_graphs(new QSplitter(Qt::Horizontal, this)), m_swap(new QAction(tr("&Swap A and B"), this)),
      m_exportCsv(new QAction(tr("Export Table as &CSV..."), this)) {
    m_swap->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    m_swap->setToolTip(tr("Compare the other way round: B becomes the reference (%1)")
                           .arg(m_swap->shortcut().toString(QKeySequence::NativeText)));
    m_swap->setEnabled(false);
    connect(m_swap, &QAction::triggered, this, &ComparePanel::swapPlans);
    m_exportCsv->setToolTip(tr("Save the rows the table shows, in its order, as CSV"));
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

    m_graphs->setObjectName(QStringLiteral("graphSplitter"));
    m_graphs->addWidget(m_graphA);
    m_graphs->addWidget(m_graphB);
    m_graphA->setToolTip(tr("Plan A around the chosen row's layer"));
    m_graphB->setToolTip(tr("Plan B around the chosen row's layer"));
    auto* tabs = new QTabWidget(this);
    tabs->addTab(layersPage(), tr("Layers"));
    tabs->addTab(chartsPage(), tr("Charts"));
    tabs->addTab(m_graphs, tr("Graphs (A | B)"));
    tabs->setTabToolTip(0, tr("Every layer of A beside its match in B (trex's layer matching)"));
    tabs->setTabToolTip(1, tr("Charts across the plans"));
    tabs->setTabToolTip(2, tr("The neighbourhoods of the chosen row's layers, zoomed together"));
    connect(m_graphA, &GraphCanvas::zoomChanged, m_graphB, &GraphCanvas::setZoom);
    connect(m_graphB, &GraphCanvas::zoomChanged, m_graphA, &GraphCanvas::setZoom);
    connect(m_graphA, &GraphCanvas::panned, m_graphB, &GraphCanvas::panBy);
    connect(m_graphB, &GraphCanvas::panned, m_graphA, &GraphCanvas::panBy);

    m_splitter->setObjectName(QStringLiteral("summarySplitter"));
    m_splitter->addWidget(m_summary);
    m_splitter->addWidget(tabs);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_splitter, 1);
}

QWidget* ComparePanel::layersPage() {
    m_filter->setSourceModel(m_model);
    m_layers->setModel(m_filter);
    m_layers->setSortingEnabled(true);
    m_layers->sortByColumn(-1, Qt::AscendingOrder);
    m_layers->setItemDelegate(new HighlightDelegate(m_layers));
    m_layers->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_layers->verticalHeader()->hide();
    m_layers->verticalHeader()->setDefaultSectionSize(m_layers->fontMetrics().height() + 6);
    m_layers->setWordWrap(false);
    m_layers->setTextElideMode(Qt::ElideMiddle); // names and tactics differ at both ends
    m_layers->horizontalHeader()->setSectionsMovable(true);
    connect(m_layers->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
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
    exportButton->setDefaultAction(m_exportCsv);
    exportButton->setText(tr("Export CSV..."));
    connect(m_matching, &QComboBox::currentIndexChanged, this, &ComparePanel::rematch);
    connect(m_show, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_filter->setShow(static_cast<ComparisonFilterModel::Show>(i)); });
    connect(m_types, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setTypeFilter(m_types->currentData().toString()); });
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, [this](double pct) {
        m_model->setThreshold(pct / 100);
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

void ComparePanel::setPlans(std::vector<std::shared_ptr<const EnginePlan>> plans) {
    if (plans.size() < 2)
        return;
    m_plans = std::move(plans);
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
    std::swap(m_plans.front(), m_plans.back());
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
    } else {
        m_graphA->clearScene();
        m_graphB->clearScene();
    }
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
    showChart(m_charts->currentData().toString());
    emit plansChanged();
}

void ComparePanel::updateSpeedup() {
    const std::optional<double> speedup = planSpeedup(*m_a, *m_b);
    const std::optional<double> slowdown = slowdownPercent(*m_a, *m_b);
    const QString value = speedup && slowdown
                              ? tr("%1x (B's average time is %2% %3 A's)")
                                    .arg(*speedup, 0, 'f', 3)
                                    .arg(std::abs(*slowdown), 0, 'f', 1)
                                    .arg(*slowdown > 0 ? tr("above") : tr("below"))
                              : tr("- (%1 has no profile)")
                                    .arg(m_a->totalAverageMs() ? m_labels.back() : m_labels.front());
    m_speedup->setText(
        tr("Speedup of B (%1) over A (%2): %3").arg(m_labels.back(), m_labels.front(), value));
    m_speedup->setToolTip(tr("A's average time over B's (sums of per-layer averages)"));
}

void ComparePanel::showPair(int row) {
    if (row < 0 || row >= static_cast<int>(m_model->rows().size()))
        return;
    const LayerPair pair = m_model->rows()[std::size_t(row)].pair;
    m_selection->select(pair.a);
    m_selectionB->select(pair.b);
    if (pair.a >= 0)
        m_graphA->setScene(neighbourhoodScene(m_a, pair.a));
    else
        m_graphA->clearScene();
    if (pair.b >= 0)
        m_graphB->setScene(neighbourhoodScene(m_b, pair.b));
    else
        m_graphB->clearScene();
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
    m_model->setRows(
        compareLayers(*m_a, *m_b, matchLayers(*m_a, *m_b, m_matching->currentIndex() == 0)));
    fillTypes();
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
