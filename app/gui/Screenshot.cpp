#include "gui/Screenshot.h"

#include "document/PlanDocument.h"
#include "gui/CompareWindow.h"
#include "gui/MainWindow.h"
#include "panels/ChartsPanel.h"
#include "panels/ComparePanel.h"
#include "panels/GraphPanel.h"
#include "panels/LeadsPanel.h"
#include "panels/ModulesPanel.h"
#include "panels/OnnxPanel.h"
#include "picture/PngFile.h"

#include <QApplication>
#include <QTabBar>
#include <QTableView>
#include <QTimer>
#include <QWindow>
#include <cstdio>

namespace planscope {
namespace {

// A picture in another format than PNG (JPEG, BMP) is written by Qt, at this quality.
constexpr int kScreenshotQuality = 80;

// A PNG through the writer the charts and graphs use (views/picture/PngFile).
bool savePicture(const QImage& picture, const QString& file) {
    if (file.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
        return writePng(picture, file);
    return picture.save(file, nullptr, kScreenshotQuality);
}

void fail(const QString& message) {
    std::fprintf(stderr, "planscope: error: %s\n", qPrintable(message));
    QApplication::exit(2);
}

// Chooses, in every tab bar of the window (tab widgets, the Lint panel's own bar, tabbed docks),
// the tab whose title starts with `name`.
bool showTab(QWidget& window, const QString& name) {
    bool found = false;
    for (QTabBar* tabs : window.findChildren<QTabBar*>())
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i).remove('&').startsWith(name, Qt::CaseInsensitive)) {
                tabs->setCurrentIndex(i);
                found = true;
            }
    return found;
}

// Whether a shown graph is still being laid out (or waits for the modules, as a shown Modules tab
// does), or a comparison is still being computed (its rows decide what the compare window's
// graphs mark), or the roofline on a chosen GPU is being made. Hidden graphs are not waited for.
bool isBusy(const QWidget& window) {
    for (const GraphPanel* graph : window.findChildren<GraphPanel*>())
        if (graph->isVisible() && graph->isLayingOut())
            return true;
    for (const ModulesPanel* modules : window.findChildren<ModulesPanel*>())
        if (modules->isVisible() && modules->isWaiting())
            return true;
    for (const OnnxPanel* onnx : window.findChildren<OnnxPanel*>())
        if (onnx->isComputing())
            return true;
    for (const PlanDocument* document : window.findChildren<PlanDocument*>())
        if (document->rooflinePending())
            return true;
    return false;
}

// Saves the window once it is on the screen, nothing it shows waits for a worker, and the
// events that work posted (layouts, resizes, repaints) have been handled: a zero timer runs
// after the events queued before it, so two in a row also see what the first pass queued.
void saveWhenIdle(QWidget& window, const QString& file, int idlePasses = 2) {
    const QWindow* handle = window.windowHandle();
    if (isBusy(window) || !handle || !handle->isExposed()) {
        QTimer::singleShot(10, &window, [&window, file] { saveWhenIdle(window, file); });
        return;
    }
    if (idlePasses > 0) {
        QTimer::singleShot(0, &window, [&window, file, idlePasses] {
            saveWhenIdle(window, file, idlePasses - 1);
        });
        return;
    }
    if (!savePicture(window.grab().toImage(), file))
        return fail(QStringLiteral("%1: cannot write the screenshot").arg(file));
    QApplication::exit(0);
}

template <class Window>
void whenLoaded(Window& window, const ScreenshotRequest& request,
                std::function<QString(Window&)> prepare) {
    QObject::connect(&window, &Window::loadFinished, &window,
                     [&window, request, prepare](bool loaded, const QString& message) {
                         if (!loaded)
                             return fail(message);
                         if (const QString error = prepare(window); !error.isEmpty())
                             return fail(error);
                         if (!request.tab.isEmpty() && !showTab(window, request.tab))
                             return fail(QStringLiteral("no tab is called %1").arg(request.tab));
                         saveWhenIdle(window, request.file);
                     });
}

} // namespace

void screenshotWhenReady(MainWindow& window, const ScreenshotRequest& request) {
    whenLoaded<MainWindow>(window, request, [request](MainWindow& w) -> QString {
        if (!request.chart.isEmpty() && !w.chartsPanel()->showChart(request.chart))
            return QStringLiteral("no chart is called %1 (see planscope export-chart --list)")
                .arg(request.chart);
        if (!request.lead.isEmpty() && !w.leadsPanel()->chooseLead(request.lead))
            return QStringLiteral("the plan has no lead %1 (see planscope leads PLAN)")
                .arg(request.lead);
        if (request.layer.isEmpty())
            return {};
        const EnginePlan& plan = *w.document()->plan();
        bool isIndex = false;
        int layer = request.layer.toInt(&isIndex);
        if (!isIndex)
            layer = plan.findLayer(request.layer) ? plan.findLayer(request.layer)->index : -1;
        if (layer < 0 || layer >= static_cast<int>(plan.layers.size()))
            return QStringLiteral("the plan has no layer %1").arg(request.layer);
        w.document()->selection()->select(layer);
        return {};
    });
}

void screenshotWhenReady(CompareWindow& window, const ScreenshotRequest& asked) {
    // "modules": the ONNX ops tab showing the engines by module.
    const bool modules = asked.tab.startsWith(QLatin1String("module"), Qt::CaseInsensitive);
    ScreenshotRequest request = asked;
    if (modules)
        request.tab = QStringLiteral("onnx");
    whenLoaded<CompareWindow>(window, request, [request, modules](CompareWindow& w) -> QString {
        if (modules)
            w.panel()->onnxPanel()->showModules(true);
        if (request.layer.isEmpty())
            return {};
        // On the ONNX ops tab a row of its table (chosen once the comparison is done).
        if (request.tab.startsWith(QLatin1String("onnx"), Qt::CaseInsensitive))
            w.panel()->onnxPanel()->chooseRow(request.layer.toInt());
        else
            w.panel()->layers()->selectRow(request.layer.toInt());
        return {};
    });
}

} // namespace planscope
