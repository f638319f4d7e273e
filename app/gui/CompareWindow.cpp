#include "gui/CompareWindow.h"

#include "compare/PlanLabels.h"
#include "dialogs/ReportExportDialog.h"
#include "dialogs/WarningBox.h"
#include "gui/WindowPlacement.h"
#include "io/PlanLoader.h"
#include "panels/ComparePanel.h"
#include "panels/OnnxPanel.h"
#include "plan/PlanError.h"
#include "report/ComparisonReport.h"
#include "roofline/Roofline.h"

#include <QCloseEvent>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

namespace planscope {
namespace {

struct Loaded {
    std::vector<std::shared_ptr<const EnginePlan>> plans;
    std::vector<std::shared_ptr<const Roofline>> rooflines; // by plan: the SOL % columns
    QString error;
};

Loaded loadAll(const QStringList& paths) {
    Loaded loaded;
    try {
        for (const QString& path : paths) {
            loaded.plans.push_back(std::make_shared<EnginePlan>(loadPlan(path)));
            loaded.rooflines.push_back(
                std::make_shared<const Roofline>(rooflineFromFiles(*loaded.plans.back())));
        }
    } catch (const PlanError& e) {
        loaded.error = e.message();
    } catch (const std::exception& e) {
        loaded.error = QStringLiteral("%1: unexpected content (%2).")
                           .arg(paths.join(QStringLiteral(", ")), QString::fromUtf8(e.what()));
    }
    return loaded;
}

} // namespace

CompareWindow::CompareWindow(QWidget* parent)
    : QMainWindow(parent), m_panel(new ComparePanel(this)) {
    setCentralWidget(m_panel);
    setWindowTitle(tr("Compare plans - PlanScope"));
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_exportReport = file->addAction(tr("Export Re&port..."), this, [this] {
        const auto a = m_panel->plans().front();
        const auto b = m_panel->plans().back();
        const QStringList labels = planLabels(*a, *b);
        exportReportWithDialog(
            this, QString(labels[0] + QStringLiteral("-vs-") + labels[1]).replace('/', '-'),
            [a, b] { return report::comparisonReport(PlanAnalysis(a), PlanAnalysis(b)); });
    });
    m_exportReport->setToolTip(tr("Save the comparison of A and B as one HTML file or a PDF"));
    m_exportReport->setEnabled(false);
    file->addAction(m_panel->exportCsvAction());
    file->addAction(m_panel->onnxPanel()->exportCsvAction());
    file->addSeparator();
    file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_panel->swapAction());
    addAction(m_panel->swapAction()); // its shortcut works wherever the focus is
    connect(m_panel, &ComparePanel::plansChanged, this, [this] {
        const QStringList& labels = m_panel->labels();
        setWindowTitle(tr("%1 vs. %2 - PlanScope").arg(labels.front(), labels.back()));
    });
    restoreSettings();
}

void CompareWindow::restoreSettings() {
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("compare/geometry")).toByteArray()))
        placeOnScreen(*this);
    m_panel->restoreLayout(settings);
}

void CompareWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("compare/geometry"), saveGeometry());
    m_panel->saveLayout(settings);
    event->accept();
}

void CompareWindow::compare(const QStringList& plans) {
    statusBar()->showMessage(tr("Loading %1 plans...").arg(plans.size()));
    QtConcurrent::run([plans] { return loadAll(plans); }).then(this, [this](Loaded loaded) {
        statusBar()->clearMessage();
        if (!loaded.error.isEmpty()) {
            openWarning(this, tr("Cannot compare"), loaded.error);
            emit loadFinished(false, loaded.error);
            return;
        }
        m_exportReport->setEnabled(true);
        m_panel->setPlans(std::move(loaded.plans), std::move(loaded.rooflines));
        emit loadFinished(true, {});
    });
}

} // namespace planscope
