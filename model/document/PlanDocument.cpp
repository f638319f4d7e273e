#include "document/PlanDocument.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>
#include <utility>

namespace planscope {

PlanDocument::PlanDocument(QObject* parent)
    : QObject(parent), m_selection(new LayerSelection(this)) {}

std::shared_ptr<const EnginePlan> PlanDocument::sharedPlan() const {
    return m_analysis ? m_analysis->sharedPlan() : nullptr;
}

const std::vector<LintFinding>& PlanDocument::findings() const {
    static const std::vector<LintFinding> none;
    return shown() ? m_analysis->findings() : none;
}

const PlanCheck& PlanDocument::check() const {
    static const PlanCheck none;
    return shown() ? m_analysis->check() : none;
}

const PlanLeads& PlanDocument::leads() const {
    static const PlanLeads none;
    return shown() ? m_analysis->leads() : none;
}

std::vector<const LintFinding*> PlanDocument::findingsFor(int layer) const {
    std::vector<const LintFinding*> found;
    for (const LintFinding& f : findings())
        if (f.layerIndex == layer)
            found.push_back(&f);
    return found;
}

void PlanDocument::setPlan(std::shared_ptr<const EnginePlan> plan) {
    if (plan)
        setPlan(PlanAnalysis(std::move(plan), m_lintSettings));
    else
        clear();
}

void PlanDocument::setPlan(const PlanAnalysis& analysis) {
    m_selection->clear();
    const bool hadModel = dropModel();
    adopt(analysis);
    m_accuracyOnPlan.reset();
    m_analysed = m_analysisFailed = false;
    m_modulesRequested = false;
    m_rooflinePending = false;
    emit planChanged();
    if (hadModel)
        emit modelChanged();
}

void PlanDocument::clear() {
    m_selection->clear();
    const bool hadModel = dropModel();
    m_analysis.reset();
    m_accuracyOnPlan.reset();
    m_analysed = m_analysisFailed = false;
    m_modulesRequested = false;
    m_rooflinePending = false;
    emit planChanged();
    if (hadModel)
        emit modelChanged();
    emit analysisChanged();
}

bool PlanDocument::dropModel() {
    m_model.reset();
    return std::exchange(m_modelWeights, nullptr) != nullptr;
}

void PlanDocument::setModel(const std::shared_ptr<const EnginePlan>& plan,
                            std::shared_ptr<const OnnxGraph> model,
                            std::shared_ptr<const ModelWeights> weights) {
    if (!m_analysis || plan != sharedPlan())
        return;
    m_model = std::move(model);
    m_modelWeights = std::move(weights);
    m_analysis = m_analysis->withModelWeights(m_modelWeights); // its findings made when read
    emit modelChanged();
    if (shown())
        emit analysisChanged();
}

void PlanDocument::closeModel() {
    if (!dropModel())
        return;
    if (m_analysis)
        m_analysis = m_analysis->withModelWeights(nullptr);
    emit modelChanged();
    if (shown())
        emit analysisChanged();
}

const LayerConnections* PlanDocument::connections() const {
    return m_analysis ? &m_analysis->connections() : nullptr;
}

void PlanDocument::setAccuracyLog(std::shared_ptr<const AccuracyLog> log) {
    m_accuracy = std::move(log);
    m_accuracyOnPlan.reset();
    emit accuracyChanged();
}

const AccuracyOnPlan& PlanDocument::accuracyOnPlan() const {
    if (!m_accuracyOnPlan) {
        static const auto none = std::make_shared<const AccuracyOnPlan>(
            AccuracyOnPlan{{}, std::make_shared<const std::vector<std::optional<double>>>()});
        m_accuracyOnPlan = m_analysis && m_accuracy ? m_analysis->accuracy(m_accuracy) : none;
    }
    return *m_accuracyOnPlan;
}

std::shared_ptr<const ModuleTree> PlanDocument::modules() const {
    return m_analysis ? m_analysis->modules() : nullptr;
}

void PlanDocument::requestModules() {
    if (!m_analysis || m_analysis->hasModules() || m_modulesRequested)
        return;
    m_modulesRequested = true;
    QThreadPool::globalInstance()->start([analysis = *m_analysis, document = QPointer(this)] {
        try {
            analysis.modules();
        } catch (const std::exception&) { // out of memory: modules() tries again when asked
        }
        // Handed over on the application's thread, where the document lives and dies.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [document, plan = analysis.sharedPlan()] {
                if (document)
                    document->modulesMade(plan);
            },
            Qt::QueuedConnection);
    });
}

// The worker is done: the views waiting for the modules are told, even when modules() made
// them here meanwhile.
void PlanDocument::modulesMade(const std::shared_ptr<const EnginePlan>& plan) {
    if (plan != sharedPlan() || !std::exchange(m_modulesRequested, false))
        return;
    emit modulesChanged();
}

void PlanDocument::setGpu(const std::optional<GpuDevice>& gpu) {
    m_gpu = gpu;
    if (m_analysis && m_analysed)
        makeRoofline();
}

void PlanDocument::makeRoofline() {
    if (m_analysis->chosenDevice() == m_gpu) {
        m_rooflinePending = false;
        return;
    }
    m_rooflinePending = true;
    QThreadPool::globalInstance()->start(
        [analysis = *m_analysis, gpu = m_gpu, document = QPointer(this)] {
            std::optional<PlanAnalysis> made;
            try {
                made = analysis.onDevice(gpu);
            } catch (const std::exception&) { // out of memory: the files' roofline stays
            }
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [document, made = std::move(made)] {
                    if (document && made)
                        document->rooflineMade(*made);
                },
                Qt::QueuedConnection);
        });
}

// The worker's roofline is shown if it is the open plan's on the GPU still chosen.
void PlanDocument::rooflineMade(const PlanAnalysis& analysis) {
    if (!isOpen(analysis) || analysis.chosenDevice() != m_gpu)
        return;
    m_rooflinePending = false;
    m_analysis = m_analysis->withRooflineOf(analysis); // the findings made stay
    emit rooflineChanged();
}

// Linted with the document's settings: an analysis made before they last changed (the worker's,
// while the user chose other rules) is linted again here, when its findings are first read.
// So are the model's weights: a worker's analysis has none.
void PlanDocument::adopt(const PlanAnalysis& analysis) {
    m_analysis = analysis.lintSettings() == m_lintSettings
                     ? analysis
                     : analysis.withLintSettings(m_lintSettings);
    if (m_analysis->modelWeights() != m_modelWeights)
        m_analysis = m_analysis->withModelWeights(m_modelWeights);
}

bool PlanDocument::isOpen(const PlanAnalysis& analysis) const {
    return m_analysis && analysis.sharedPlan() == m_analysis->sharedPlan();
}

void PlanDocument::setAnalysis(const PlanAnalysis& analysis) {
    if (!isOpen(analysis))
        return;
    adopt(analysis);
    m_analysed = true;
    emit analysisChanged();
    makeRoofline();
}

void PlanDocument::setAnalysisFailed(const PlanAnalysis& analysis) {
    if (!isOpen(analysis))
        return;
    m_analysed = m_analysisFailed = true;
    emit analysisChanged();
}

void PlanDocument::open(const PlanAnalysis& analysis) {
    setPlan(analysis);
    setAnalysis(analysis);
}

void PlanDocument::setLintSettings(const LintSettings& settings) {
    m_lintSettings = settings;
    if (!m_analysis)
        return;
    if (!m_analysed) // the analysis in flight lints with the old settings: setAnalysis adopts it
        return;
    m_analysis = m_analysis->withLintSettings(settings);
    emit analysisChanged();
}

} // namespace planscope
