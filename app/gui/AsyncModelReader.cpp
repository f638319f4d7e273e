#include "gui/AsyncModelReader.h"

#include "onnxread/OnnxModelReader.h"
#include "plan/PlanError.h"

#include <QtConcurrent/QtConcurrentRun>

namespace planscope {

// Exceptions stay on the worker, as the plan loader's do.
AsyncModelReader::Outcome AsyncModelReader::readOutcome(const QString& path,
                                                        const EnginePlan& plan) {
    Outcome outcome;
    try {
        auto model = std::make_shared<const OnnxGraph>(readOnnxModel(path));
        if (QString unmatched = unmatchedModelText(*model, plan); !unmatched.isEmpty()) {
            outcome.error = std::move(unmatched);
            return outcome;
        }
        auto weights = std::make_shared<const ModelWeights>(weighModel(plan, *model));
        if (model->wasCut())
            throw cutShort(path);
        outcome.model = std::move(model);
        outcome.weights = std::move(weights);
    } catch (const PlanError& e) {
        outcome.error = e.message();
    } catch (const std::exception& e) {
        outcome.error = tr("%1 could not be read (%2). Check that it is an ONNX model, or export "
                           "it again.")
                            .arg(path, QString::fromUtf8(e.what()));
    }
    return outcome;
}

AsyncModelReader::AsyncModelReader(QObject* parent) : QObject(parent) {}

AsyncModelReader::~AsyncModelReader() {
    m_job = 0; // said to no one: the window is going
    // The worker holds no pointer to us, but ends first. (Its continuation, queued to this
    // thread, is dropped with this object: waiting for that would never end.)
    m_work.waitForFinished();
}

void AsyncModelReader::read(const QString& path, const std::shared_ptr<const EnginePlan>& plan) {
    const quint64 job = ++m_requests;
    m_job = job;
    m_path = path;
    QFuture<Outcome> work = QtConcurrent::run([path, plan] { return readOutcome(path, *plan); });
    m_work = work;
    work.then(this, [this, job, path, plan](const Outcome& outcome) {
        if (m_job != job)
            return;
        m_job = 0;
        if (outcome.error.isEmpty())
            emit modelRead(path, plan, outcome.model, outcome.weights);
        else
            emit failed(path, outcome.error);
    });
}

void AsyncModelReader::cancel() {
    if (!m_job)
        return;
    m_job = 0;
    emit cancelled(m_path);
}

} // namespace planscope
