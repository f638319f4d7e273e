#include "panels/OnnxPanel.h"

#include "compare/OnnxComparisonJson.h"
#include "dialogs/ExportDialog.h"
#include "itemmodels/OnnxGroupModel.h"
#include "itemmodels/OnnxUnattributedModel.h"
#include "itemviews/ItemViewSetup.h"
#include "panels/ModuleComparePanel.h"
#include "panels/OnnxGroupDelegate.h"
#include "plan/FigureText.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>

namespace planscope {
namespace {

// Bump when the table's columns change: a saved column layout of other columns is dropped.
constexpr int kColumnsVersion = 1;

// Both tables: one row chosen at a time, names on one line.
void setUpTable(QTableView* table, QAbstractItemModel* model, QSortFilterProxyModel* proxy,
                SortColumn sortedBy, bool stretchLast) {
    setUpTableView(table, model, proxy, sortedBy);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setWordWrap(false);
    table->setTextElideMode(Qt::ElideMiddle); // names differ at both ends
    table->horizontalHeader()->setSectionsMovable(true);
    table->horizontalHeader()->setStretchLastSection(stretchLast);
}

// "3 groups 1.234 ms", "no unattributed layer", "2 groups (not measured)".
QString partText(qint64 count, const QString& noun, std::optional<double> ms) {
    if (count == 0)
        return OnnxPanel::tr("no %1").arg(noun);
    return countText(count, noun) + ' ' +
           (ms ? millisecondsText(ms) : OnnxPanel::tr("(not measured)"));
}

// "A: 11 groups 1.234 ms + 2 unattributed layers 0.100 ms = 1.334 ms".
QString totalsText(const QString& engine, const OnnxComparison& c, bool sideA) {
    const OnnxEngineTotals& totals = sideA ? c.a : c.b;
    if (!totals.totalMs)
        return OnnxPanel::tr("%1: not measured (no per-layer profile)").arg(engine);
    const auto groups = std::count_if(c.groups.begin(), c.groups.end(), [&](const OnnxGroup& g) {
        return sideA ? g.a.present() : g.b.present();
    });
    const auto unattributed =
        std::count_if(c.unattributed.begin(), c.unattributed.end(),
                      [&](const OnnxUnattributed& u) { return (sideA ? u.a : u.b) >= 0; });
    return OnnxPanel::tr("%1: %2 + %3 = <b>%4</b>")
        .arg(engine, partText(groups, OnnxPanel::tr("group"), totals.groupedMs),
             partText(unattributed, OnnxPanel::tr("unattributed layer"), totals.unattributedMs),
             millisecondsText(totals.totalMs));
}

} // namespace

OnnxPanel::OnnxPanel(QWidget* parent)
    : QWidget(parent), m_model(new OnnxGroupModel(this)), m_filter(new OnnxGroupFilterModel(this)),
      m_unattributedModel(new OnnxUnattributedModel(this)),
      m_unattributedSorted(new OnnxUnattributedSortModel(this)), m_search(new QLineEdit(this)),
      m_fusionDiffers(new QCheckBox(tr("Fusion differs"), this)), m_notes(new QLabel(this)),
      m_groups(new QTableView(this)), m_unattributedTitle(new QLabel(this)),
      m_unattributed(new QTableView(this)), m_unattributedBox(nullptr), m_totals(new QLabel(this)),
      m_splitter(new QSplitter(Qt::Vertical, this)), m_by(new QComboBox(this)),
      m_pages(new QStackedWidget(this)), m_modules(new ModuleComparePanel(this)),
      m_exportCsv(new QAction(tr("Export ONNX Ops as CSV..."), this)),
      m_showGraphs(new QAction(tr("Show in Graphs"), this)) {
    m_groups->setItemDelegate(new OnnxGroupDelegate(m_groups));
    setUpTable(m_groups, m_model, m_filter, {OnnxGroupModel::DeltaColumn, Qt::DescendingOrder},
               true);
    m_groups->setToolTip(tr("Each row a group: the fewest ONNX nodes both engines' fusions keep "
                            "whole. Double-click shows its layers in the Graphs tab."));
    setUpTable(m_unattributed, m_unattributedModel, m_unattributedSorted,
               {OnnxUnattributedModel::DeltaColumn, Qt::DescendingOrder}, false);
    applyDefaultColumns();

    m_search->setPlaceholderText(tr("Search ONNX nodes, e.g. /features/features.0/Conv"));
    m_search->setToolTip(tr("Shows the groups with an ONNX node whose name (as Netron shows it) "
                            "contains this text, case-insensitive"));
    m_search->setClearButtonEnabled(true);
    m_fusionDiffers->setToolTip(tr("Only groups the engines fuse differently: shape not 1:1, "
                                   "other layer types, or the nodes split into layers otherwise"));
    m_exportCsv->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_exportCsv->setToolTip(tr("Save the groups the table shows, in its order, as CSV (%1)")
                                .arg(m_exportCsv->shortcut().toString(QKeySequence::NativeText)));
    m_exportCsv->setIconText(tr("Export CSV..."));
    m_exportCsv->setEnabled(false);
    m_showGraphs->setToolTip(tr("Show the chosen row's layers of A and B side by side in the "
                                "Graphs tab (or double-click the row)"));
    m_showGraphs->setEnabled(false);
    auto* exportButton = new QToolButton(this);
    exportButton->setDefaultAction(m_exportCsv); // its icon text: "Export CSV..."
    auto* graphsButton = new QToolButton(this);
    graphsButton->setDefaultAction(m_showGraphs);

    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::RichText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setStyleSheet(QStringLiteral(
        "QLabel { background: #FFF6D5; border: 1px solid #E0C870; padding: 3px 6px; }"));
    m_notes->hide();
    m_totals->setTextFormat(Qt::RichText);
    m_totals->setWordWrap(true);
    m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_totals->setToolTip(tr("Each engine's time (sum of per-layer averages) is its groups' time "
                            "plus the time of its layers without ONNX origin"));

    m_splitter->setObjectName(QStringLiteral("onnxSplitter"));
    m_splitter->addWidget(m_groups);
    m_splitter->addWidget(unattributedBox());
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);

    m_by->addItems({tr("By ONNX op"), tr("By module")});
    m_by->setToolTip(tr("Compare the groups of ONNX nodes both engines' fusions keep whole, or "
                        "the modules of the model (the ONNX nodes' paths) as a tree"));
    auto* ops = new QWidget(this);
    auto* opsLayout = new QVBoxLayout(ops);
    opsLayout->setContentsMargins(0, 0, 0, 0);
    opsLayout->addWidget(m_notes);
    opsLayout->addWidget(m_splitter, 1);
    opsLayout->addWidget(m_totals);
    m_pages->addWidget(ops);
    m_pages->addWidget(m_modules);

    // What filters and exports the groups, hidden with them.
    m_opsTools = new QWidget(this);
    auto* opsTools = new QHBoxLayout(m_opsTools);
    opsTools->setContentsMargins(0, 0, 0, 0);
    opsTools->addWidget(m_search, 1);
    opsTools->addWidget(m_fusionDiffers);
    opsTools->addWidget(graphsButton);
    opsTools->addWidget(exportButton);
    m_by->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    auto* tools = new QHBoxLayout;
    tools->addWidget(m_by);
    tools->addWidget(m_opsTools, 1);
    tools->addStretch(0);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(tools);
    layout->addWidget(m_pages, 1);

    connect(m_search, &QLineEdit::textChanged, m_filter, &OnnxGroupFilterModel::setSearch);
    connect(m_fusionDiffers, &QCheckBox::toggled, m_filter,
            &OnnxGroupFilterModel::setFusionDiffersOnly);
    connect(m_exportCsv, &QAction::triggered, this, &OnnxPanel::exportCsvWithDialog);
    connect(m_showGraphs, &QAction::triggered, this, &OnnxPanel::graphsRequested);
    connect(m_groups, &QTableView::doubleClicked, this, &OnnxPanel::graphsRequested);
    connect(m_unattributed, &QTableView::doubleClicked, this, &OnnxPanel::graphsRequested);
    connect(m_groups->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid())
                    return;
                m_showGraphs->setEnabled(true);
                if (!m_restoring)
                    emit groupChosen(current.data(OnnxGroupModel::GroupRole).toInt());
            });
    connect(m_unattributed->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid())
                    return;
                m_showGraphs->setEnabled(true);
                emit unattributedChosen(current.data(OnnxUnattributedModel::LayerARole).toInt(),
                                        current.data(OnnxUnattributedModel::LayerBRole).toInt());
            });
    connect(m_by, &QComboBox::currentIndexChanged, this,
            [this](int index) { showModules(index == 1); });
}

bool OnnxPanel::isComputing() const {
    return m_computing || (m_pages->currentIndex() == 1 && m_modules->isComputing());
}

void OnnxPanel::showModules(bool modules) {
    const QSignalBlocker blocker(m_by);
    m_by->setCurrentIndex(modules ? 1 : 0);
    m_pages->setCurrentIndex(modules ? 1 : 0);
    m_opsTools->setVisible(!modules);
}

QWidget* OnnxPanel::unattributedBox() {
    m_unattributedBox = new QWidget(this);
    m_unattributedTitle->setWordWrap(true);
    m_unattributedTitle->setToolTip(
        tr("Layers whose Metadata names no ONNX node and that are no reformatting copy for a "
           "layer that does (Myelin ForeignNodes of TensorRT 8.6, shape calls, reformats of "
           "bindings), paired with the other engine's layer of the same name"));
    m_unattributed->setToolTip(tr("Choosing a row shows the layer of each engine in the Graphs "
                                  "tab"));
    auto* layout = new QVBoxLayout(m_unattributedBox);
    layout->setContentsMargins(0, 2, 0, 0);
    layout->addWidget(m_unattributedTitle);
    layout->addWidget(m_unattributed, 1);
    m_unattributedBox->hide();
    return m_unattributedBox;
}

const OnnxComparison* OnnxPanel::comparison() const {
    return m_model->comparison();
}

void OnnxPanel::setThreshold(double threshold) {
    m_model->setThreshold(threshold);
    m_modules->setThreshold(threshold);
}

void OnnxPanel::setPlans(const std::shared_ptr<const EnginePlan>& a,
                         const std::shared_ptr<const EnginePlan>& b, const QString& labelA,
                         const QString& labelB) {
    m_labelA = labelA;
    m_labelB = labelB;
    m_model->setPlanLabels(labelA, labelB);
    m_modules->setPlans(a, b, labelA, labelB);
    const int generation = ++m_generation;
    m_computing = true;
    m_exportCsv->setEnabled(false);
    m_notes->setText(tr("Comparing the engines by ONNX op..."));
    m_notes->show();
    QtConcurrent::run(
        [a, b] { return std::make_shared<const OnnxComparison>(compareByOnnx(*a, *b)); })
        .then(this,
              [this, a, b, generation](std::shared_ptr<const OnnxComparison> comparison) {
                  if (generation == m_generation)
                      showComparison(a, b, std::move(comparison));
              })
        .onFailed(this, [this, generation] {
            if (generation != m_generation)
                return;
            m_computing = false;
            m_notes->setText(tr("The engines could not be compared by ONNX op."));
        });
}

void OnnxPanel::showComparison(const std::shared_ptr<const EnginePlan>& a,
                               const std::shared_ptr<const EnginePlan>& b,
                               const std::shared_ptr<const OnnxComparison>& comparison) {
    // The group chosen before, by a node of it (the groups' order changes with a swap).
    const int chosen = chosenGroup();
    const QString chosenNode =
        chosen >= 0 ? m_model->comparison()->groups[std::size_t(chosen)].nodes.value(0) : QString();
    m_model->setComparison(std::move(a), std::move(b), comparison);
    m_unattributedModel->setComparison(comparison);
    m_computing = false;
    m_exportCsv->setEnabled(true);
    m_showGraphs->setEnabled(false);
    showNotes();
    showTotals();
    if (m_pendingRow >= 0)
        chooseRow(std::exchange(m_pendingRow, -1));
    else if (!chosenNode.isEmpty()) {
        m_restoring = true;
        chooseGroupWithNode(chosenNode);
        m_restoring = false;
    }
    emit computed();
}

void OnnxPanel::showNotes() {
    const OnnxComparison& c = *comparison();
    QStringList paragraphs;
    for (const OnnxNote& note : c.notes)
        paragraphs << note.text.toHtmlEscaped();
    if (c.groups.empty() && c.notes.empty())
        paragraphs << tr("Neither engine names an ONNX node.");
    m_notes->setText(paragraphs.join(QStringLiteral("<br>")));
    m_notes->setVisible(!paragraphs.isEmpty());
}

void OnnxPanel::showTotals() {
    const OnnxComparison& c = *comparison();
    const auto pairedCount =
        std::count_if(c.unattributed.begin(), c.unattributed.end(),
                      [](const OnnxUnattributed& u) { return u.a >= 0 && u.b >= 0; });
    m_unattributedTitle->setText(
        tr("Layers without ONNX origin, paired by name (%1 in both): A %2, B %3")
            .arg(pairedCount)
            .arg(millisecondsText(c.a.unattributedMs), millisecondsText(c.b.unattributedMs)));
    m_unattributedBox->setVisible(!c.unattributed.empty());
    m_totals->setText(tr("%1 &nbsp;&nbsp;&middot;&nbsp;&nbsp; %2")
                          .arg(totalsText(tr("A"), c, true), totalsText(tr("B"), c, false)));
}

bool OnnxPanel::chooseRow(int row) {
    if (m_computing) {
        m_pendingRow = row;
        return true;
    }
    const QModelIndex index = m_filter->index(row, 0);
    if (!index.isValid())
        return false;
    m_groups->setCurrentIndex(index);
    m_groups->scrollTo(index);
    return true;
}

void OnnxPanel::chooseGroupWithNode(const QString& node) {
    const int row = m_model->rowOfNode(node);
    const QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return;
    m_groups->setCurrentIndex(index);
    m_groups->scrollTo(index);
}

int OnnxPanel::chosenGroup() const {
    const QModelIndex current = m_groups->currentIndex();
    return current.isValid() && comparison() ? current.data(OnnxGroupModel::GroupRole).toInt() : -1;
}

bool OnnxPanel::exportCsv(const QString& path, QString* error) const {
    const OnnxComparison* c = comparison();
    QFile file(path);
    if (!c || !file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(onnxGroupsCsv(*m_model->planA(), *m_model->planB(), *c,
                                 m_filter->visibleGroups())) < 0) {
        *error =
            c ? tr("%1: cannot write (%2). Choose another folder.").arg(path, file.errorString())
              : tr("The engines are still being compared by ONNX op.");
        return false;
    }
    return true;
}

void OnnxPanel::exportCsvWithDialog() {
    if (!comparison())
        return;
    const QString name =
        QString(m_labelA + QStringLiteral("-vs-") + m_labelB + QStringLiteral("-onnx"))
            .replace('/', '-');
    const QString file =
        askExportFile(this, tr("Export the ONNX ops table"), name + QStringLiteral(".csv"),
                      tr("CSV (*.csv)"), QStringLiteral("csv"));
    QString error;
    if (!file.isEmpty() && !exportCsv(file, &error))
        showExportError(this, error);
}

// Widths for a first start: node and layer names readable, every figure and title whole
// (with the sort indicator beside it).
void OnnxPanel::applyDefaultColumns() {
    const auto fit = [](QTableView* table, int column, int chars) {
        const QHeaderView* header = table->horizontalHeader();
        const QString title = table->model()->headerData(column, Qt::Horizontal).toString();
        table->setColumnWidth(column,
                              std::max(chars * table->fontMetrics().averageCharWidth(),
                                       header->fontMetrics().horizontalAdvance(title) + 28));
    };
    using M = OnnxGroupModel;
    const std::pair<int, int> widths[] = {
        {M::GroupColumn, 4},    {M::NodesColumn, 46},  {M::OnlyInColumn, 10},
        {M::ShapeColumn, 5},    {M::TimeAColumn, 8},   {M::TimeBColumn, 8},
        {M::DeltaColumn, 8},    {M::SpeedupColumn, 7}, {M::LayersAColumn, 46},
        {M::LayersBColumn, 46}, {M::TypesAColumn, 24}, {M::TypesBColumn, 24}};
    for (const auto& [column, chars] : widths)
        fit(m_groups, column, chars);
    fit(m_unattributed, OnnxUnattributedModel::NameColumn, 72);
    for (int c = OnnxUnattributedModel::TimeAColumn; c < OnnxUnattributedModel::ColumnCount; ++c)
        fit(m_unattributed, c, 8);
}

void OnnxPanel::saveLayout(QSettings& settings) const {
    settings.setValue(QStringLiteral("compare/onnxColumns"),
                      m_groups->horizontalHeader()->saveState());
    settings.setValue(QStringLiteral("compare/onnxUnattributedColumns"),
                      m_unattributed->horizontalHeader()->saveState());
    settings.setValue(QStringLiteral("compare/onnxColumnsVersion"), kColumnsVersion);
    settings.setValue(QStringLiteral("compare/onnxSplitter"), m_splitter->saveState());
}

void OnnxPanel::restoreLayout(const QSettings& settings) {
    if (settings.value(QStringLiteral("compare/onnxColumnsVersion")).toInt() == kColumnsVersion)
        for (QTableView* table : {m_groups, m_unattributed}) {
            QHeaderView* header = table->horizontalHeader();
            const QString key = table == m_groups
                                    ? QStringLiteral("compare/onnxColumns")
                                    : QStringLiteral("compare/onnxUnattributedColumns");
            if (header->restoreState(settings.value(key).toByteArray()))
                table->sortByColumn(header->sortIndicatorSection(), header->sortIndicatorOrder());
        }
    m_splitter->restoreState(settings.value(QStringLiteral("compare/onnxSplitter")).toByteArray());
}

} // namespace planscope
