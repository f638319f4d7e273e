#include "panels/ChartsPanel.h"

#include "charts/ChartCatalog.h"
#include "chartview/ChartExport.h"
#include "chartview/ChartView.h"
#include "dialogs/ExportDialog.h"
#include "document/PlanDocument.h"

#include <QAction>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTreeWidget>

namespace planscope {
namespace {

const QString kCurrentChart = QStringLiteral("charts/current");
constexpr int kIdRole = Qt::UserRole + 1;

} // namespace

ChartsPanel::ChartsPanel(PlanDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_list(new QTreeWidget(this)),
      m_view(new charts::ChartView(document->selection(), this)) {
    m_list->setHeaderHidden(true);
    m_list->setRootIsDecorated(true);
    QTreeWidgetItem* group = nullptr;
    for (const charts::ChartDefinition& d : charts::chartCatalog()) {
        if (!group || group->text(0) != d.group) {
            group = new QTreeWidgetItem(m_list, {d.group});
            group->setFlags(Qt::ItemIsEnabled);
        }
        auto* item = new QTreeWidgetItem(group, {d.description});
        item->setData(0, kIdRole, d.id);
        item->setToolTip(
            0, QStringLiteral("%1\n(planscope export-chart --chart %2)").arg(d.description, d.id));
    }
    m_list->expandAll();

    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* png = new QAction(tr("Export Chart as &PNG..."), m_view);
    auto* svg = new QAction(tr("Export Chart as &SVG..."), m_view);
    connect(png, &QAction::triggered, this, [this] { exportWithDialog(QStringLiteral("png")); });
    connect(svg, &QAction::triggered, this, [this] { exportWithDialog(QStringLiteral("svg")); });
    m_view->addActions({png, svg});
    m_view->setToolTip({});

    // The chart gets the room, and a chart of many panels scrolls down rather than squeezing
    // them. A name too long for the list loses its middle, whole in its tooltip: seven start
    // "Latency per convolution (color =" and differ at their ends.
    m_list->setMinimumWidth(150);
    m_list->setTextElideMode(Qt::ElideMiddle);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(m_view);
    m_view->setGrowToFit(true);
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_list);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 1000});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item && !item->data(0, kIdRole).toString().isEmpty())
            showChart(item->data(0, kIdRole).toString());
    });
    connect(document, &PlanDocument::planChanged, this, &ChartsPanel::rebuildWhenShown);
    connect(document, &PlanDocument::rooflineChanged, this, &ChartsPanel::rebuildWhenShown);
    showChart(QSettings().value(kCurrentChart, QStringLiteral("latency-sunburst")).toString());
}

bool ChartsPanel::showChart(const QString& id) {
    if (!charts::findChart(id))
        return false;
    m_current = id;
    QSettings().setValue(kCurrentChart, id);
    const QSignalBlocker blocker(m_list);
    for (QTreeWidgetItemIterator it(m_list); *it; ++it)
        if ((*it)->data(0, kIdRole).toString() == id)
            m_list->setCurrentItem(*it);
    rebuild();
    return true;
}

void ChartsPanel::rebuildWhenShown() {
    if (isVisible())
        rebuild();
    else
        m_stale = true;
}

void ChartsPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale)
        rebuild();
}

void ChartsPanel::rebuild() {
    m_stale = false;
    if (!m_document->plan()) {
        charts::Chart empty;
        empty.title = tr("No plan is open");
        m_view->setChart(std::move(empty));
        return;
    }
    m_view->setChart(charts::buildChart(*m_document->analysis(), m_current));
}

bool ChartsPanel::exportCurrent(const QString& file, QString* error) {
    if (m_stale)
        rebuild();
    return charts::exportChart(m_view->chart(), file, m_view->size(), error,
                               m_document->selection()->current());
}

void ChartsPanel::exportWithDialog(const QString& format) {
    if (!m_document->plan())
        return;
    const QString filter =
        format == QLatin1String("png") ? tr("PNG image (*.png)") : tr("SVG drawing (*.svg)");
    const QString file = askExportFile(this, tr("Export chart"),
                                       m_current + QLatin1Char('.') + format, filter, format);
    QString error;
    if (!file.isEmpty() && !exportCurrent(file, &error))
        showExportError(this, error);
}

} // namespace planscope
