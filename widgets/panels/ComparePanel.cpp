#include "panels/ComparePanel.h"

#include "charts/CompareCharts.h"
#include "chartview/ChartView.h"
#include "compare/PlanLabels.h"
#include "document/LayerSelection.h"
#include "graphview/GraphCanvas.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <functional>

namespace planscope {
namespace {

// Colors speedups (green faster, orange slower) and mismatches (yellow), as trex's tables.
class HighlightDelegate : public QStyledItemDelegate {
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override {
        using H = ComparisonTableModel::Highlight;
        const auto highlight =
            static_cast<H>(index.data(ComparisonTableModel::HighlightRole).toInt());
        if (highlight != H::None) {
            const QColor color = highlight == H::Faster   ? QColor(0xC8, 0xF0, 0xC0)
                                 : highlight == H::Slower ? QColor(0xFF, 0xD8, 0xA8)
                                                          : QColor(0xFF, 0xF4, 0xB0);
            painter->fillRect(option.rect, color);
        }
        QStyledItemDelegate::paint(painter, option, index);
    }
};

constexpr double kMegabyte = 1024.0 * 1024.0;

QString jsonValue(const OrderedJson& object, const char* key, int index = -1) {
    const auto it = object.find(key);
    if (it == object.end())
        return {};
    // index -1: the whole value; index -2: the last entry (older trtexec lists end with p99).
    const bool pick = index != -1 && it->is_array() && !it->empty();
    const std::size_t at = index == -2 ? it->size() - 1 : std::size_t(std::max(0, index));
    const OrderedJson& value = pick && at < it->size() ? (*it)[at] : *it;
    return value.is_string() ? QString::fromStdString(value.get<std::string>())
                             : QString::fromStdString(value.dump());
}

QString bindingsText(const std::vector<const Tensor*>& tensors) {
    QStringList lines;
    for (const Tensor* t : tensors)
        lines << t->description();
    return lines.join('\n');
}

} // namespace

ComparePanel::ComparePanel(QWidget* parent)
    : QWidget(parent), m_model(new ComparisonTableModel(this)),
      m_filter(new ComparisonFilterModel(this)), m_summary(new QTableWidget(this)),
      m_speedup(new QLabel(this)), m_matching(new QComboBox(this)), m_show(new QComboBox(this)),
      m_types(new QComboBox(this)), m_threshold(new QDoubleSpinBox(this)),
      m_layers(new QTableView(this)), m_charts(new QComboBox(this)),
      m_selection(new LayerSelection(this)), m_chart(new charts::ChartView(m_selection, this)),
      m_selectionB(new LayerSelection(this)), m_graphA(new GraphCanvas(m_selection, this)),
      m_graphB(new GraphCanvas(m_selectionB, this)) {
    for (const charts::CompareChartDefinition& d : charts::compareChartCatalog())
        m_charts->addItem(d.description, d.id);
    m_filter->setSourceModel(m_model);
    m_filter->setSortRole(ComparisonTableModel::SortRole);
    m_layers->setModel(m_filter);
    m_layers->setSortingEnabled(true);
    m_layers->sortByColumn(-1, Qt::AscendingOrder);
    m_layers->setItemDelegate(new HighlightDelegate(m_layers));
    m_layers->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_layers->verticalHeader()->hide();
    m_layers->setWordWrap(false);
    m_summary->setColumnCount(2);
    m_summary->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summary->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matching->addItems({tr("Exact matching"), tr("Inexact matching")});
    m_matching->setToolTip(
        tr("Exact: all tensors' dimensions must agree; inexact: first input and output"));
    m_show->addItems({tr("All layers"), tr("Precision mismatch"), tr("Tactic mismatch")});
    m_threshold->setRange(0, 50);
    m_threshold->setValue(3);
    m_threshold->setSuffix(QStringLiteral(" %"));
    m_threshold->setToolTip(tr("Speedups within this margin are not colored"));
    QFont big = m_speedup->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_speedup->setFont(big);

    auto* tools = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{
             m_matching, m_show, m_types, new QLabel(tr("Threshold:"), this), m_threshold})
        tools->addWidget(w);
    tools->addStretch(1);
    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addLayout(tools);
    bottomLayout->addWidget(m_layers);
    auto* chartPage = new QWidget(this);
    auto* chartLayout = new QVBoxLayout(chartPage);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addWidget(m_charts);
    chartLayout->addWidget(m_chart, 1);
    auto* graphs = new QSplitter(Qt::Horizontal, this);
    graphs->addWidget(m_graphA);
    graphs->addWidget(m_graphB);
    auto* tabs = new QTabWidget(this);
    tabs->addTab(bottom, tr("Layers"));
    tabs->addTab(chartPage, tr("Charts"));
    tabs->addTab(graphs, tr("Graphs (A | B)"));
    connect(m_graphA, &GraphCanvas::zoomChanged, m_graphB, &GraphCanvas::setZoom);
    connect(m_graphB, &GraphCanvas::zoomChanged, m_graphA, &GraphCanvas::setZoom);
    connect(m_graphA, &GraphCanvas::panned, m_graphB, &GraphCanvas::panBy);
    connect(m_graphB, &GraphCanvas::panned, m_graphA, &GraphCanvas::panBy);
    connect(m_layers->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    showPair(m_filter->mapToSource(current).row());
            });
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_summary);
    splitter->addWidget(tabs);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_speedup);
    layout->addWidget(splitter, 1);

    connect(m_matching, &QComboBox::currentIndexChanged, this, &ComparePanel::rematch);
    connect(m_charts, &QComboBox::currentIndexChanged, this,
            [this] { showChart(m_charts->currentData().toString()); });
    connect(m_show, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_filter->setShow(static_cast<ComparisonFilterModel::Show>(i)); });
    connect(m_types, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setTypeFilter(m_types->currentData().toString()); });
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, [this](double pct) {
        m_model->setThreshold(pct / 100);
        m_layers->viewport()->update();
    });
}

void ComparePanel::setPlans(std::vector<std::shared_ptr<const EnginePlan>> plans) {
    if (plans.size() < 2)
        return;
    m_plans = std::move(plans);
    m_a = m_plans.front();
    m_b = m_plans.back();
    std::vector<const EnginePlan*> plain;
    for (const auto& p : m_plans)
        plain.push_back(p.get());
    m_labels = planLabels(plain);
    m_model->setPlanLabels(m_labels.front(), m_labels.back());
    fillSummary();
    rematch();
    showChart(m_charts->currentData().toString());
}

namespace {

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
    const QSignalBlocker blocker(m_types);
    m_types->clear();
    m_types->addItem(tr("All types"), QString());
    QStringList types;
    for (const LayerComparison& r : m_model->rows())
        if (!types.contains(r.type))
            types << r.type;
    for (const QString& t : types)
        m_types->addItem(t, t);
    m_filter->setTypeFilter({});
    m_layers->resizeColumnsToContents();
    for (int c : {ComparisonTableModel::TacticAColumn, ComparisonTableModel::TacticBColumn,
                  ComparisonTableModel::FormatsAColumn, ComparisonTableModel::FormatsBColumn,
                  ComparisonTableModel::NameAColumn, ComparisonTableModel::NameBColumn})
        m_layers->setColumnWidth(c, 260);
}

void ComparePanel::fillSummary() {
    using Field = std::function<QString(const EnginePlan&)>;
    const std::vector<std::pair<QString, Field>> fields = {
        {tr("Inputs"), [](const EnginePlan& p) { return bindingsText(p.inputBindings()); }},
        {tr("Outputs"), [](const EnginePlan& p) { return bindingsText(p.outputBindings()); }},
        {tr("Layers"), [](const EnginePlan& p) { return QString::number(p.layers.size()); }},
        {tr("Average time (ms)"),
         [](const EnginePlan& p) {
             return QString::number(p.totalAverageMs().value_or(0.0), 'f', 3);
         }},
        {tr("Weights (MB)"),
         [](const EnginePlan& p) {
             return QString::number(p.totalWeightsBytes().value_or(0.0) / kMegabyte, 'f', 1);
         }},
        {tr("Activations (MB)"),
         [](const EnginePlan& p) {
             return QString::number(p.totalActivationBytes().value_or(0.0) / kMegabyte, 'f', 1);
         }},
        {tr("Device"), [](const EnginePlan& p) { return p.metadata.deviceName(); }},
        {tr("Precision (build)"),
         [](const EnginePlan& p) { return jsonValue(p.metadata.builder, "Precision"); }},
        {tr("Throughput (qps)"),
         [](const EnginePlan& p) { return jsonValue(p.metadata.performance, "Throughput"); }},
        {tr("Latency, mean (ms)"),
         [](const EnginePlan& p) { return jsonValue(p.metadata.performance, "Latency", 2); }},
        {tr("Latency, p99 (ms)"),
         [](const EnginePlan& p) { return jsonValue(p.metadata.performance, "Latency", -2); }},
    };
    // Then every device, builder and performance field any plan has.
    std::vector<std::pair<QString, Field>> all = fields;
    const std::pair<const char*, OrderedJson EngineMetadata::*> sections[] = {
        {"Device", &EngineMetadata::device},
        {"Builder", &EngineMetadata::builder},
        {"Performance", &EngineMetadata::performance}};
    for (const auto& [section, member] : sections) {
        QStringList keys;
        for (const auto& plan : m_plans)
            for (const auto& item : (plan->metadata.*member).items())
                if (!keys.contains(QString::fromStdString(item.key())))
                    keys << QString::fromStdString(item.key());
        for (const QString& key : keys)
            all.emplace_back(QStringLiteral("%1: %2").arg(QLatin1String(section), key),
                             [member = member, key](const EnginePlan& p) {
                                 return jsonValue(p.metadata.*member, key.toStdString().c_str());
                             });
    }
    m_summary->clear();
    m_summary->setRowCount(static_cast<int>(all.size()));
    m_summary->setColumnCount(static_cast<int>(m_plans.size()));
    for (std::size_t p = 0; p < m_plans.size(); ++p) {
        const QString role = p == 0                    ? QStringLiteral("A: ")
                             : p + 1 == m_plans.size() ? QStringLiteral("B: ")
                                                       : QString();
        auto* header = new QTableWidgetItem(role + m_labels[qsizetype(p)]);
        header->setToolTip(QDir::toNativeSeparators(m_plans[p]->sources.graph));
        m_summary->setHorizontalHeaderItem(static_cast<int>(p), header);
    }
    for (int r = 0; r < static_cast<int>(all.size()); ++r) {
        m_summary->setVerticalHeaderItem(r, new QTableWidgetItem(all[std::size_t(r)].first));
        const QString first = all[std::size_t(r)].second(*m_plans.front());
        for (int p = 0; p < static_cast<int>(m_plans.size()); ++p) {
            auto* item = new QTableWidgetItem(all[std::size_t(r)].second(*m_plans[std::size_t(p)]));
            if (p > 0 && item->text() != first) { // differences from the first plan stand out
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
                item->setBackground(QColor(0xFF, 0xF4, 0xB0));
            }
            m_summary->setItem(r, p, item);
        }
    }
    const double speedup =
        m_b->totalAverageMs().value_or(0.0) > 0
            ? m_a->totalAverageMs().value_or(0.0) / m_b->totalAverageMs().value_or(0.0)
            : 0;
    m_speedup->setText(tr("Speedup of B (%1) over A (%2): %3x (sum of per-layer averages)")
                           .arg(m_labels.back(), m_labels.front())
                           .arg(speedup, 0, 'f', 3));
}

} // namespace planscope
