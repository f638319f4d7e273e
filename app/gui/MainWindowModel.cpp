#include "dialogs/WarningBox.h"
#include "gui/AsyncModelReader.h"
#include "gui/AsyncPlanLoader.h"
#include "gui/MainWindow.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"
#include "plan/PlanError.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>

// The main window's ONNX model: File > Open Model (a dropped .onnx, --onnx), read off the UI
// thread into the document, and File > Export Overlay (overlay/NodeOverlay).

namespace planscope {
namespace {
const QString kLastModelFolder = QStringLiteral("lastModelFolder");
} // namespace

void MainWindow::openModelWithDialog() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open the ONNX model the engine was built from"),
        settings.value(kLastModelFolder, settings.value(kLastFolder)).toString(),
        tr("ONNX models (*.onnx);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(kLastModelFolder, QFileInfo(path).absolutePath());
    openModel(path);
}

void MainWindow::openModel(const QString& path) {
    m_modelPath = path;
    if (m_document->plan()) {
        readModel();
        return;
    }
    if (m_loader->isLoading())
        return; // read once the plan is there (onLoaded)
    m_modelPath.clear();
    const QString message =
        tr("%1 is the model an engine was built from: open the engine's plan first (File > "
           "Open), then the model.")
            .arg(displayName(path));
    openWarning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), message);
    emit modelFinished(false, message);
}

void MainWindow::readModel() {
    m_modelReader->read(m_modelPath, m_document->sharedPlan());
    m_loadingLabel->setText(tr("Reading %1...").arg(QFileInfo(m_modelPath).fileName()));
    m_progress->setRange(0, 0); // the reader does not say how far it is
    setLoading(true);
}

void MainWindow::onModelRead(const QString& path, const std::shared_ptr<const EnginePlan>& plan,
                             const std::shared_ptr<const OnnxGraph>& model,
                             const std::shared_ptr<const ModelWeights>& weights) {
    m_document->setModel(plan, model, weights);
    finishModel(m_document->model() == model, tr("Read %1: %2 of its %3 nodes reached a layer (%4)")
                                                  .arg(QFileInfo(path).fileName())
                                                  .arg(weights->nodesInLayers)
                                                  .arg(weights->onnxNodes)
                                                  .arg(percentText(weights->nodeSharePercent())));
}

void MainWindow::onModelFailed(const QString& path, const QString& message) {
    forgetUnreadModel();
    openWarning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), message);
    finishModel(false, message);
}

// The model to read again with the plan is the one the document holds, if any.
void MainWindow::forgetUnreadModel() {
    m_modelPath = m_document->model() ? m_document->model()->file : QString();
}

void MainWindow::finishModel(bool read, const QString& message) {
    setLoading(false);
    if (read)
        statusBar()->showMessage(message, 10000);
    emit modelFinished(read, message);
    finishLoadOnceAllIsRead();
}

void MainWindow::exportOverlayWithDialog() {
    const EnginePlan* plan = m_document->plan();
    if (!plan)
        return;
    bool chosen = false;
    const QString word = QInputDialog::getItem(this, tr("Export Overlay"),
                                               tr("What each ONNX node shows in Model Explorer:"),
                                               overlayMetricNames(), 0, false, &chosen);
    const std::optional<OverlayMetric> metric = overlayMetricNamed(word);
    if (!chosen || !metric)
        return;
    QSettings settings;
    const QString folder = settings.value(kLastFolder).toString();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the overlay for Model Explorer"),
        QDir(folder).filePath(
            QStringLiteral("%1.%2.json").arg(QFileInfo(plan->name).completeBaseName(), word)),
        tr("Model Explorer node data (*.json)"));
    QString message;
    if (!path.isEmpty() && !exportOverlay(path, *metric, &message))
        QMessageBox::warning(this, tr("Export Overlay"), message);
}

bool MainWindow::exportOverlay(const QString& path, OverlayMetric metric, QString* message) {
    const EnginePlan* plan = m_document->plan();
    if (!plan)
        return false;
    try {
        const std::shared_ptr<const OnnxGraph> model = m_document->model();
        const std::shared_ptr<const AccuracyLog> log = m_document->accuracyLog();
        if (metric == OverlayMetric::Accuracy && !log)
            throw PlanError(tr("The accuracy overlay shows what a polygraphy run log compared: "
                               "open one first (File > Open Accuracy Log)."));
        const NodeValues values = overlayValues({plan, model.get(), log.get()}, metric);
        if (values.nodes.empty())
            throw PlanError(tr("No layer of %1 names an ONNX node (by Metadata or a name holding "
                               "'/'): open the model it was built from (File > Open Model), or "
                               "build the engine with --profilingVerbosity=detailed.")
                                .arg(plan->name));
        const QByteArray json =
            QByteArray::fromStdString(
                nodeDataJson(values, metric, model ? std::optional(model->graphName) : std::nullopt)
                    .dump(2)) +
            '\n';
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            file.write(json) != json.size())
            throw PlanError(tr("Cannot write %1: %2. Choose a writable folder.")
                                .arg(displayName(path), file.errorString()));
        *message =
            tr("Wrote %1: %2 nodes.").arg(QFileInfo(path).fileName()).arg(values.nodes.size());
        if (values.unplacedMs > 0)
            *message += tr(" %1 of the plan's time is on no node (its layers name none).")
                            .arg(millisecondsText(values.unplacedMs));
        statusBar()->showMessage(*message);
        return true;
    } catch (const PlanError& e) {
        *message = e.message();
        return false;
    }
}

} // namespace planscope
