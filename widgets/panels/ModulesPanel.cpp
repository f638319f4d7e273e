#include "panels/ModulesPanel.h"

#include "document/PlanDocument.h"
#include "itemmodels/ModuleTreeModel.h"
#include "itemviews/ItemViewSetup.h"
#include "panels/ShareBarDelegate.h"
#include "plan/FigureText.h"
#include "roofline/Roofline.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>
#include <limits>

namespace planscope {
namespace {

// Layer rows in italics, so a layer sorted among modules reads as one.
class LayerRowDelegate : public QStyledItemDelegate {
  public:
    using QStyledItemDelegate::QStyledItemDelegate;

  protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(ModuleTreeModel::LayerRole).toInt() >= 0)
            option->font.setItalic(true);
    }
};

} // namespace

ModulesPanel::ModulesPanel(PlanDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new ModuleTreeModel(this)),
      m_filter(new ModuleFilterModel(this)), m_header(new QLabel(this)),
      m_search(new QLineEdit(this)), m_view(new QTreeView(this)) {
    setUpTreeView(m_view, m_model, m_filter,
                  SortColumn{ModuleTreeModel::TimeColumn, Qt::DescendingOrder});
    m_view->setItemDelegate(new LayerRowDelegate(m_view));
    m_view->setItemDelegateForColumn(ModuleTreeModel::ShareColumn,
                                     new ShareBarDelegate(ModuleTreeModel::ShareRole, m_view));
    QHeaderView* header = m_view->header();
    header->setStretchLastSection(false);
    const int digit = m_view->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    m_view->setColumnWidth(ModuleTreeModel::NameColumn, 36 * digit);
    m_view->setColumnWidth(ModuleTreeModel::TimeColumn, 11 * digit);
    m_view->setColumnWidth(ModuleTreeModel::ShareColumn, 14 * digit);
    m_view->setColumnWidth(ModuleTreeModel::SelfColumn, 11 * digit);
    m_view->setColumnWidth(ModuleTreeModel::AboveSolColumn, 15 * digit);
    m_view->setColumnWidth(ModuleTreeModel::LayersColumn, 8 * digit);
    m_view->setColumnWidth(ModuleTreeModel::PrecisionsColumn, 20 * digit);
    m_view->setColumnWidth(ModuleTreeModel::TypesColumn, 28 * digit);
    m_view->setColumnWidth(ModuleTreeModel::FindingsColumn, 9 * digit);
    m_view->setColumnWidth(ModuleTreeModel::LeadsColumn, 20 * digit);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_search->setPlaceholderText(tr("Filter by module path or layer name"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Shows the modules whose path holds the text (and their layers), "
                            "and the layers whose name holds it"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_header);
    layout->addWidget(m_search);
    layout->addWidget(m_view, 1);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_filter->setSearch(text.trimmed());
        if (!text.trimmed().isEmpty())
            m_view->expandAll();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ModulesPanel::onChosen);
    connect(document, &PlanDocument::planChanged, this, &ModulesPanel::reload);
    connect(document, &PlanDocument::modulesChanged, this, &ModulesPanel::reload);
    connect(document, &PlanDocument::analysisChanged, this, [this] {
        if (m_stale || m_model->plan() != m_document->plan()) // not filled with this plan yet
            reload();
        else {
            m_model->setAnalysis(m_document->findings(), m_document->leads());
            showAboveSol();
        }
    });
    connect(document, &PlanDocument::rooflineChanged, this, [this] {
        if (!m_stale && m_model->plan() == m_document->plan())
            showAboveSol();
    });
    connect(document->selection(), &LayerSelection::changed, this, &ModulesPanel::followLayer);
    reload();
}

// Each module's time above its layers' speed of light, once the worker has made the roofline (on
// the GPU chosen).
void ModulesPanel::showAboveSol() {
    const PlanAnalysis* analysis = m_document->analysis();
    if (!analysis || m_document->isAnalysing())
        return;
    const Roofline& roofline = analysis->roofline();
    std::vector<double> above(roofline.size(), std::numeric_limits<double>::quiet_NaN());
    for (std::size_t i = 0; i < roofline.size(); ++i)
        if (const auto ms = roofline.layer(i).aboveSolMs)
            above[i] = *ms;
    m_model->setAboveSol(std::move(above));
}

QString ModulesPanel::headerText() {
    fillNow();
    return m_header->text();
}

void ModulesPanel::fillNow() {
    m_document->modules(); // made here if not yet
    if (m_stale || m_model->plan() != m_document->plan())
        fill();
}

bool ModulesPanel::isWaiting() const {
    return !m_stale && m_document->modulesPending();
}

void ModulesPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    fillIfStale();
}

void ModulesPanel::fillIfStale() {
    if (!m_stale)
        return;
    fill();
    followLayer(m_document->selection()->current());
}

// A hidden panel fills its tree when shown: a model with tens of thousands of modules costs a
// window opening on another tab nothing.
void ModulesPanel::reload() {
    m_stale = true;
    if (isVisible())
        fillIfStale();
}

void ModulesPanel::fill() {
    m_stale = false;
    if (m_document->plan() && !m_document->hasModules()) { // made on a worker: modulesChanged()
        m_document->requestModules();
        m_model->setPlan(nullptr);
        m_header->setText(tr("Reading the model's modules..."));
        return;
    }
    m_model->setPlan(m_document->sharedPlan(), m_document->modules());
    m_model->setAnalysis(m_document->findings(), m_document->leads());
    showAboveSol();
    const EnginePlan* plan = m_document->plan();
    const ModuleTree& tree = m_model->tree();
    if (!plan) {
        m_header->setText(tr("No plan is open."));
    } else if (!tree.hasPaths()) {
        m_header->setText(
            tr("No layer of this plan names a module path: its ONNX nodes are named like "
               "\"Conv_12\" (older exporters) or its layers carry no Metadata (build with "
               "--profilingVerbosity=detailed), so the model's modules are not known."));
    } else {
        QString text = tr("%1 in %2 modules; %3 of %4 attributed, heaviest first.")
                           .arg(countText(tree.root().layers, QStringLiteral("layer")))
                           .arg(tree.modules.size() - 1)
                           .arg(millisecondsText(tree.root().ms), millisecondsText(tree.totalMs));
        if (!tree.unattributedLayers.empty())
            text += QLatin1Char(' ') + tr("%1 name no ONNX node: they are under (unattributed).")
                                           .arg(countText(qint64(tree.unattributedLayers.size()),
                                                          QStringLiteral("layer")));
        if (!tree.totalMs)
            text += QLatin1Char(' ') + tr("No per-layer timings: times are missing (-).");
        m_header->setText(text);
    }
    expandTopLevels();
}

void ModulesPanel::expandTopLevels() {
    m_view->collapseAll();
    m_view->expandToDepth(0); // the model's root and its top-level modules
}

bool ModulesPanel::chooseModule(const QString& path) {
    fillNow();
    const int module = m_model->tree().find(path);
    if (module < 0 || !m_document->plan())
        return false;
    const QModelIndex index = m_filter->mapFromSource(m_model->indexOfModule(module));
    if (!index.isValid())
        return false;
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
    return true;
}

void ModulesPanel::onChosen() {
    if (m_following)
        return;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    const QModelIndex row = rows.first();
    if (const int layer = row.data(ModuleTreeModel::LayerRole).toInt(); layer >= 0) {
        m_document->selection()->select(layer);
        return;
    }
    // A module: mark its layers, the slowest current.
    const QList<int> layers = row.data(ModuleTreeModel::LayersRole).value<QList<int>>();
    const EnginePlan* plan = m_document->plan();
    int slowest = layers.isEmpty() ? -1 : layers.front();
    for (int l : layers)
        if (plan->layers[std::size_t(l)].timing.average().value_or(-1) >
            plan->layers[std::size_t(slowest)].timing.average().value_or(-1))
            slowest = l;
    m_document->selection()->mark(layers, slowest);
}

void ModulesPanel::followLayer(int layer) {
    if (m_stale)
        return; // followed when filled
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (layer < 0 || (!rows.isEmpty() && rows.first().data(ModuleTreeModel::LayerRole) == layer))
        return;
    // A module that holds the layer stays chosen: its marks are what the user asked for.
    if (!rows.isEmpty() && rows.first().data(ModuleTreeModel::LayerRole).toInt() < 0 &&
        m_document->selection()->isMarked(layer))
        return;
    const QModelIndex index = m_filter->mapFromSource(m_model->indexOfLayer(layer));
    if (!index.isValid())
        return;
    m_following = true;
    m_view->scrollTo(index); // expands its modules
    m_view->setCurrentIndex(index);
    m_following = false;
}

} // namespace planscope
