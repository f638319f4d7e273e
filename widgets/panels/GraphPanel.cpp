#include "panels/GraphPanel.h"

#include "dialogs/ExportDialog.h"
#include "document/PlanDocument.h"
#include "graphview/GraphExport.h"
#include "graphview/GraphFormat.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QToolBar>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace planscope {
namespace {

constexpr int kWholeGraphLimit = 800; // bigger plans open on a neighbourhood

QComboBox* combo(QWidget* parent, const QStringList& items, const QString& tip) {
    auto* box = new QComboBox(parent);
    box->addItems(items);
    box->setToolTip(tip);
    return box;
}

} // namespace

GraphPanel::GraphPanel(PlanDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_canvas(new GraphCanvas(document->selection(), this)),
      m_mode(combo(this, {tr("Whole graph"), tr("Around selected layer"), tr("Modules")},
                   tr("Show every layer, the layers near the selected one, or the modules of "
                      "the model the engine came from"))),
      m_radius(new QSpinBox(this)), m_depth(new QSpinBox(this)),
      m_color(combo(this,
                    {tr("Color by type"), tr("Color by precision"), tr("Color by accuracy"),
                     tr("Color by 2:4 readiness")},
                    tr("Node colors (accuracy: the largest relative error of the layer's tensors "
                       "in the open polygraphy log; 2:4 readiness: the share of the layer's "
                       "weights in the ONNX model in groups of four with two zeros)"))),
      m_detail(combo(this, {tr("Minimal"), tr("Standard"), tr("Detailed")},
                     tr("How much each node says"))),
      m_latency(combo(this, {tr("Average latency"), tr("Median latency"), tr("Total latency")},
                      tr("Latency shown in nodes"))),
      m_find(new QLineEdit(this)), m_status(new QLabel(this)), m_legend(new QLabel(this)) {
    m_legend->setObjectName(QStringLiteral("graphLegend"));
    m_graphviz.setMaxThreadCount(1);
    m_radius->setRange(1, 50);
    m_radius->setValue(3);
    m_radius->setPrefix(tr("radius "));
    m_radius->setToolTip(tr("Layers within this many steps of the selected layer"));
    m_depth->setRange(1, 20);
    m_depth->setValue(1);
    m_depth->setPrefix(tr("depth "));
    m_depth->setToolTip(tr("Modules down to this depth are nodes (1: the model's top-level "
                           "modules); double-click a module to open it, its frame to close it"));
    m_detail->setCurrentIndex(1);
    m_find->setPlaceholderText(tr("Find layer (Enter: next)"));
    m_find->setClearButtonEnabled(true);
    m_find->setMinimumWidth(120);

    // trex's graph options, checkable in one menu so the controls fit one row.
    auto* options = new QMenu(this);
    const std::pair<const char*, QString> checks[] = {
        {"regions", tr("Memory regions")},
        {"forking", tr("Forking regions")},
        {"reuse", tr("Region reuse")},
        {"regionNames", tr("Region names")},
        {"constants", tr("Constants")},
        {"names", tr("Layer names")},
        {"metadata", tr("ONNX names for layers")},
        {"edgeNames", tr("Edge names")},
        {"edgeDetails", tr("Edge shapes and formats")},
        {"heat", tr("Latency heat colors")}};
    for (const auto& [key, text] : checks) {
        QAction* action = options->addAction(text);
        action->setCheckable(true);
        action->setChecked(QString::fromLatin1(key) == QLatin1String("names") ||
                           QString::fromLatin1(key) == QLatin1String("edgeDetails"));
        m_checks.insert(QString::fromLatin1(key), action);
        connect(action, &QAction::toggled, this, &GraphPanel::relayout);
    }
    auto* show = new QToolButton(this);
    show->setText(tr("Show"));
    show->setToolTip(tr("What the graph shows: memory regions, constants, names, edge details"));
    show->setMenu(options);
    show->setPopupMode(QToolButton::InstantPopup);

    auto* controls = new QToolBar(this); // a toolbar: what does not fit goes behind its ">>"
    controls->setIconSize(QSize(16, 16));
    for (QWidget* w : std::initializer_list<QWidget*>{m_mode, m_radius, m_depth, m_color, m_detail,
                                                      m_latency, show, m_find}) {
        QAction* shown = controls->addWidget(w);
        if (w == m_radius)
            m_radiusShown = shown;
        else if (w == m_depth)
            m_depthShown = shown;
    }
    m_depthShown->setVisible(false); // shown with the module graph
    QAction* fit = controls->addAction(tr("Fit"), m_canvas, &GraphCanvas::fitToWindow);
    fit->setShortcut(Qt::Key_F);
    fit->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    fit->setToolTip(tr("Fit the whole graph to the view (F)"));
    QAction* exportGraph =
        controls->addAction(tr("Export..."), this, &GraphPanel::exportWithDialog);
    exportGraph->setToolTip(tr("Save the graph as SVG, PNG or DOT"));

    m_legend->setWordWrap(true);
    m_legend->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(
        tr("Stop waiting for this layout (Graphviz finishes it in the background)"));
    m_cancel->hide();
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_wanted.clear(); // the result will be dropped when it arrives
        m_exportWhenLaidOut.clear();
        m_cancel->hide();
        m_status->setText(tr("Layout cancelled"));
    });
    m_drawWide = new QPushButton(tr("Draw"), this);
    m_drawWide->setToolTip(tr("Lay out every node of this module graph (Graphviz may take a "
                              "while)"));
    m_drawWide->hide();
    auto* legendRow = new QHBoxLayout;
    legendRow->addWidget(m_legend, 1);
    legendRow->addWidget(m_status);
    legendRow->addWidget(m_cancel);
    legendRow->addWidget(m_drawWide);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 4);
    layout->setSpacing(2);
    layout->addWidget(controls);
    layout->addLayout(legendRow);
    layout->addWidget(m_canvas, 1);

    for (QComboBox* box : {m_color, m_detail, m_latency})
        connect(box, &QComboBox::currentIndexChanged, this, &GraphPanel::relayout);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        m_modeChosen = true;
        relayout();
    });
    connect(m_radius, &QSpinBox::valueChanged, this, &GraphPanel::relayout);
    connect(m_depth, &QSpinBox::valueChanged, this, &GraphPanel::showModules);
    connect(m_canvas, &GraphCanvas::moduleToggled, this, &GraphPanel::toggleModule);
    connect(m_find, &QLineEdit::returnPressed, this, &GraphPanel::findLayer);
    connect(document, &PlanDocument::planChanged, this, &GraphPanel::planChanged);
    // The graph opens once the modules are known (they decide its mode); lint findings only
    // mark its nodes, so the layouts made before them stay.
    connect(document, &PlanDocument::modulesChanged, this, [this] {
        if (m_plan && !m_modules)
            relayout();
    });
    connect(document, &PlanDocument::analysisChanged, this, &GraphPanel::markFindings);
    connect(document, &PlanDocument::accuracyChanged, this, [this] {
        m_cache.clear(); // the colors by accuracy change
        if (m_color->currentIndex() == 2)
            relayout();
    });
    connect(document, &PlanDocument::modelChanged, this, [this] {
        m_cache.clear(); // the colors by 2:4 readiness change
        if (m_color->currentIndex() == 3)
            relayout();
    });
    connect(document->selection(), &LayerSelection::changed, this, [this](int layer) {
        const GraphCanvas::Scene* scene = m_canvas->scene();
        if (showsNeighbourhood() && layer >= 0 && (!scene || scene->graph.nodeOfLayer(layer) < 0))
            relayout();
    });
}

bool GraphPanel::isLayingOut() const {
    return m_pending > 0 || (m_plan && !m_modules && !m_stale && m_document->modulesPending());
}

GraphPanel::Mode GraphPanel::mode() const {
    return static_cast<Mode>(m_mode->currentIndex());
}

void GraphPanel::setNeighbourhood(bool around, int radius) {
    m_modeChosen = true;
    const QSignalBlocker a(m_mode);
    const QSignalBlocker b(m_radius);
    m_mode->setCurrentIndex(around ? Neighbourhood : WholeGraph);
    m_radius->setValue(radius);
    relayout();
}

void GraphPanel::showModules(int depth) {
    m_modeChosen = true;
    const QSignalBlocker a(m_mode);
    const QSignalBlocker b(m_depth);
    m_mode->setCurrentIndex(Modules);
    m_depth->setValue(depth);
    m_moduleView = ModuleGraphView{depth, {}, {}};
    relayout();
}

void GraphPanel::toggleModule(int module) {
    if (mode() != Modules || !m_modules || module <= 0 ||
        std::size_t(module) >= m_modules->modules.size())
        return;
    m_moduleView.toggle(*m_modules, module);
    relayout();
}

void GraphPanel::planChanged() {
    m_cache.clear();
    m_wideAllowed.clear();
    m_plan.reset();
    m_modules.reset();
    m_modeChosen = false;
    m_moduleView = ModuleGraphView{m_depth->value(), {}, {}};
    m_canvas->clearScene();
    // The panel keeps its own references, so a layout in flight never outlives its plan.
    m_plan = std::shared_ptr<const EnginePlan>(m_document->sharedPlan());
    relayout();
}

void GraphPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale)
        relayout();
}

// The mode a plan opens in, unless the user chose one meanwhile: its modules when they fold its
// many layers (at the depth chosen, or shallower when that draws too many nodes), a
// neighbourhood when the layers are very many, else the whole graph.
void GraphPanel::chooseMode() {
    m_modules = m_document->modules();
    if (m_modeChosen)
        return;
    const std::size_t layers = m_plan->layers.size();
    const QSignalBlocker blockMode(m_mode);
    m_mode->setCurrentIndex(layers > kModuleGraphFrom && m_modules->folds() ? Modules
                            : layers > kWholeGraphLimit                     ? Neighbourhood
                                                                            : WholeGraph);
    if (mode() != Modules)
        return;
    while (m_moduleView.depth > 1 && moduleGraphNodes(*m_modules, m_moduleView) > kWideModuleGraph)
        m_moduleView = ModuleGraphView{m_moduleView.depth - 1, {}, {}};
    const QSignalBlocker blockDepth(m_depth);
    m_depth->setValue(m_moduleView.depth);
}

QSet<int> GraphPanel::layersWithFindings() const {
    QSet<int> layers;
    for (const LintFinding& f : m_document->findings())
        layers.insert(f.layerIndex);
    return layers;
}

void GraphPanel::markFindings() {
    const QSet<int> layers = layersWithFindings();
    for (const std::shared_ptr<GraphCanvas::Scene>& scene : std::as_const(m_cache))
        scene->flagged = layers;
    const auto shown = m_cache.value(m_wanted);
    if (shown && m_canvas->scene() == shown.get())
        m_canvas->setScene(shown); // the same graph: the view stays
}

GraphStyle GraphPanel::currentStyle() const {
    GraphStyle style;
    static constexpr GraphStyle::Color kColors[] = {
        GraphStyle::Color::Type, GraphStyle::Color::Precision, GraphStyle::Color::Accuracy,
        GraphStyle::Color::Sparsity};
    style.color = kColors[std::clamp(m_color->currentIndex(), 0, int(std::size(kColors)) - 1)];
    if (style.color == GraphStyle::Color::Accuracy && m_plan && m_document->accuracyLog())
        style.layerErrors = m_document->accuracyOnPlan().layerErrors;
    if (const auto weights = m_document->modelWeights();
        style.color == GraphStyle::Color::Sparsity && m_plan && weights)
        style.layerSparse24 = std::make_shared<const std::vector<std::optional<double>>>(
            weights->sparse24Percents(m_plan->layers.size()));
    style.detail = static_cast<GraphStyle::Detail>(m_detail->currentIndex());
    style.latency = static_cast<GraphStyle::Latency>(m_latency->currentIndex());
    style.layerNames = m_checks.value("names")->isChecked();
    style.metadataNames = m_checks.value("metadata")->isChecked();
    style.edgeNames = m_checks.value("edgeNames")->isChecked();
    style.edgeDetails = m_checks.value("edgeDetails")->isChecked();
    style.latencyHeat = m_checks.value("heat")->isChecked();
    style.regionNames = m_checks.value("regionNames")->isChecked();
    style.regionReuse = m_checks.value("reuse")->isChecked();
    return style;
}

GraphOptions GraphPanel::currentOptions() const {
    GraphOptions options;
    options.regions = m_checks.value("regions")->isChecked();
    options.forkingRegions = m_checks.value("forking")->isChecked();
    options.constants = m_checks.value("constants")->isChecked();
    return options;
}

QString GraphPanel::cacheKey(int centre) const {
    QStringList parts;
    for (auto it = m_checks.cbegin(); it != m_checks.cend(); ++it)
        parts << it.key() + '=' + QString::number(it.value()->isChecked());
    parts << QString::number(m_color->currentIndex()) << QString::number(m_detail->currentIndex())
          << QString::number(m_latency->currentIndex()) << QString::number(centre)
          << QString::number(m_radius->value()) << QString::number(m_mode->currentIndex());
    if (mode() == Modules) { // which modules are open
        QList<int> opened(m_moduleView.opened.cbegin(), m_moduleView.opened.cend());
        QList<int> closed(m_moduleView.closed.cbegin(), m_moduleView.closed.cend());
        std::sort(opened.begin(), opened.end());
        std::sort(closed.begin(), closed.end());
        parts << QString::number(m_moduleView.depth);
        for (int m : opened)
            parts << QStringLiteral("+%1").arg(m);
        for (int m : closed)
            parts << QStringLiteral("-%1").arg(m);
    }
    return parts.join(',');
}

void GraphPanel::updateControls() {
    m_radiusShown->setVisible(mode() != Modules);
    m_radius->setEnabled(showsNeighbourhood());
    m_depthShown->setVisible(mode() == Modules);
    m_drawWide->hide();
}

void GraphPanel::relayout() {
    updateControls();
    if (!m_plan)
        return;
    // A graph nobody sees is not laid out: showing the panel asks for it.
    if (!isVisible()) {
        m_stale = true;
        m_wanted.clear(); // a layout in flight is not shown
        return;
    }
    m_stale = false;
    if (!m_modules) {
        if (!m_document->hasModules()) { // made on a worker: modulesChanged() comes back here
            m_document->requestModules();
            m_status->setText(tr("Reading the model's modules..."));
            m_canvas->clearScene(tr("Reading the model's modules..."));
            return;
        }
        chooseMode();
        updateControls();
    }
    int centre = -1;
    if (showsNeighbourhood()) {
        centre = m_document->selection()->current();
        if (centre < 0) { // start from the slowest layer (the first without timings)
            centre = 0;
            for (const Layer& l : m_plan->layers)
                if (l.timing.measured &&
                    l.timing.averageMs > m_plan->layers[std::size_t(centre)].timing.averageMs)
                    centre = l.index;
        }
    }
    const QString key = cacheKey(centre);
    m_wanted = key;
    updateLegend();
    if (const auto cached = m_cache.value(key)) {
        m_cancel->hide();
        m_canvas->setScene(cached);
        emit layoutFinished();
        return;
    }
    if (mode() == Modules && !m_wideAllowed.contains(key))
        if (const int nodes = moduleGraphNodes(*m_modules, m_moduleView); nodes > kWideModuleGraph)
            return askBeforeDrawing(nodes, key);
    auto scene = std::make_shared<GraphCanvas::Scene>();
    scene->plan = m_plan;
    scene->centre = centre;
    scene->style = currentStyle();
    m_status->setText(tr("Laying out the graph..."));
    m_cancel->show();
    ++m_pending;
    // The graph is built on the worker too: a neighbourhood looks through every layer of the
    // plan, which on a large one would hold up the window (the label sizes are measured there
    // as the report's graphs are).
    std::shared_ptr<const ModuleTree> modules = mode() == Modules ? m_modules : nullptr;
    QtConcurrent::run(&m_graphviz, [scene, radius = m_radius->value(), options = currentOptions(),
                                    modules, view = m_moduleView] {
        const EnginePlan& plan = *scene->plan;
        scene->graph = modules ? moduleGraph(plan, *modules, view)
                       : scene->centre >= 0
                           ? PlanGraph::around(plan, {scene->centre}, radius, options)
                           : PlanGraph::build(plan, options);
        scene->layout =
            layoutGraph(scene->graph, GraphPainter::nodeSizes(scene->graph, plan, scene->style));
        return scene;
    }).then(this, [this, key](const std::shared_ptr<GraphCanvas::Scene>& done) {
        --m_pending;
        if (key != m_wanted || done->plan != m_plan)
            return; // cancelled, or a newer request or another plan took over
        m_cancel->hide();
        m_status->setText(done->layout.ok() ? tr("%1 nodes, %2 edges")
                                                  .arg(done->graph.nodes().size())
                                                  .arg(done->graph.edges().size())
                                            : done->layout.error);
        if (!done->layout.ok())
            return;
        done->flagged = layersWithFindings(); // as they are now
        m_cache.insert(key, done);
        m_canvas->setScene(done);
        emit layoutFinished();
        if (const QString file = std::exchange(m_exportWhenLaidOut, {}); !file.isEmpty())
            exportToFile(file);
    });
}

// Thousands of module nodes (a model whose layers each name a module of their own, or a
// module opened onto its many children) take Graphviz long and read as a blur: the count is
// said and the layout waits for a click.
void GraphPanel::askBeforeDrawing(int nodes, const QString& key) {
    m_cancel->hide();
    const QString count = QLocale().toString(nodes);
    m_status->setText(tr("%1 nodes").arg(count));
    m_canvas->clearScene(
        tr("This module graph has %1 nodes: laying them out takes a while, and so many are hard "
           "to read.\nChoose a smaller depth, close modules, or press Draw.")
            .arg(count));
    m_drawWide->setText(tr("Draw %1 nodes").arg(count));
    m_drawWide->show();
    disconnect(m_drawWide, &QPushButton::clicked, this, nullptr);
    connect(m_drawWide, &QPushButton::clicked, this, [this, key] {
        m_wideAllowed.insert(key);
        relayout();
    });
}

void GraphPanel::updateLegend() {
    if (!m_plan)
        return;
    if (mode() == Modules && !m_modules->hasPaths()) {
        m_legend->setText(tr("No layer of this plan names a module path: the model's modules are "
                             "not known, so each layer is its own node."));
        return;
    }
    if (mode() == Modules) {
        m_legend->setText(tr("Modules colored by their share of the time (dark: little, yellow: "
                             "the heaviest module shown). Click a module to mark its layers; "
                             "double-click it to open it in place, its frame to close it."));
        return;
    }
    if (m_color->currentIndex() == 2 && mode() != Modules) {
        m_legend->setText(
            m_document->accuracyLog()
                ? tr("Color: the largest relative error of the layer's tensors in the polygraphy "
                     "log, log scale (dark: %1 or less, yellow: 1 or more; gray: no tensor maps)")
                      .arg(kAccuracyScaleLow)
                : tr("Color by accuracy needs a polygraphy log: File > Open Accuracy Log..."));
        return;
    }
    if (m_color->currentIndex() == 3 && mode() != Modules) {
        m_legend->setText(m_document->modelWeights()
                              ? tr("Color: the share of the layer's weights in groups of four "
                                   "with two zeros (dark: 0 %, yellow: 100 %, 2:4-ready; gray: "
                                   "no such weights)")
                              : tr("Color by 2:4 readiness needs the ONNX model the engine was "
                                   "built from: File > Open Model..."));
        return;
    }
    if (m_checks.value("heat")->isChecked()) {
        m_legend->setText(tr("Color: share of latency (dark: little, yellow: 10% or more)"));
        return;
    }
    const GraphStyle style = currentStyle();
    QStringList keys;
    for (const Layer& l : m_plan->layers)
        if (const QString key = colorKey(l, style); !keys.contains(key))
            keys << key;
    QString html;
    for (const QString& key : keys)
        html += QStringLiteral("<span style='background:#%1'>&nbsp;&nbsp;&nbsp;</span>&nbsp;%2 "
                               "&nbsp; ")
                    .arg(keyColor(key, style), 6, 16, QLatin1Char('0'))
                    .arg(key.toHtmlEscaped());
    m_legend->setText(html);
}

void GraphPanel::findLayer() {
    if (!m_plan || m_find->text().isEmpty())
        return;
    const int from = m_document->selection()->current();
    const auto count = static_cast<int>(m_plan->layers.size());
    for (int step = 1; step <= count; ++step) {
        const int i = (from + step + count) % count;
        if (m_plan->layers[std::size_t(i)].name.contains(m_find->text(), Qt::CaseInsensitive)) {
            if (mode() == Modules && m_modules->moduleOfLayer[std::size_t(i)] > 0) {
                m_moduleView.reveal(*m_modules, i); // the modules on the way opened
                relayout();
            }
            m_document->selection()->select(i);
            return;
        }
    }
    m_status->setText(tr("No layer matches \"%1\"").arg(m_find->text()));
}

bool GraphPanel::exportView(const QString& file, QString* error) const {
    const GraphCanvas::Scene* scene = m_canvas->scene();
    if (!scene) {
        *error = m_drawWide->isVisible()
                     ? tr("The graph is not drawn yet: press Draw, or choose fewer nodes.")
                     : tr("There is no graph to export yet.");
        return false;
    }
    const std::optional<GraphFormat> format = chooseGraphFormat(file, kGraphViewFormats);
    if (!format) {
        *error = tr("%1: unknown format; end the name with %2.")
                     .arg(file, graphFormatWords(kGraphViewFormats, QStringLiteral(".")));
        return false;
    }
    if (*format == GraphFormat::Dot)
        return exportGraphDot(scene->graph, *scene->plan, scene->style, file, error);
    const GraphPainter painter(scene->graph, scene->layout, *scene->plan, scene->style,
                               scene->flagged);
    return exportGraphPicture(painter, scene->layout, *format, file, scene->plan->name, error);
}

// File > Export Graph shows the tab first, which starts the layout: the file is written once
// it is done.
void GraphPanel::exportWithDialog() {
    if (!m_plan)
        return;
    const QString svg = graphFormatWord(GraphFormat::Svg);
    const QString file =
        askExportFile(this, tr("Export graph"), QStringLiteral("plan-graph.") + svg,
                      graphFormatFilters(kGraphViewFormats), svg);
    if (!file.isEmpty())
        exportWhenLaidOut(file);
}

void GraphPanel::exportWhenLaidOut(const QString& file) {
    if (isLayingOut())
        m_exportWhenLaidOut = file;
    else
        exportToFile(file);
}

void GraphPanel::exportToFile(const QString& file) {
    QString error;
    if (!exportView(file, &error))
        showExportError(this, error);
}

} // namespace planscope
