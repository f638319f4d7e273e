#include "gui/AsyncPlanLoader.h"

#include "io/PlanLoader.h"
#include "plan/PlanError.h"

#include <QtConcurrent/QtConcurrentRun>

namespace planscope {

// Exceptions stay on the worker: QtConcurrent would wrap them and lose their type.
AsyncPlanLoader::Outcome AsyncPlanLoader::loadOutcome(const QString& path,
                                                      const LoadOptions& options,
                                                      const LintSettings& lint) {
    Outcome outcome;
    try {
        outcome.plan = loadAndLint(path, options, lint);
    } catch (const PlanError& e) {
        outcome.error = e.message();
    } catch (const LoadCancelled&) {
        outcome.cancelled = true;
    } catch (const std::exception& e) {
        outcome.error = tr("%1: unexpected content (%2). Re-export the file with trtexec.")
                            .arg(path, QString::fromUtf8(e.what()));
    }
    return outcome;
}

AsyncPlanLoader::AsyncPlanLoader(QObject* parent) : QObject(parent) {
    m_poll.setInterval(50);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        if (m_job)
            emit progressChanged(m_job->percent.load());
    });
}

AsyncPlanLoader::~AsyncPlanLoader() {
    cancel();
    m_future.waitForFinished(); // the worker holds no pointer to us, but let it end first
}

void AsyncPlanLoader::load(const QString& path, int profile, const LintSettings& lint,
                           const QStringList& logs) {
    cancel();
    auto job = std::make_shared<Job>();
    m_job = job;
    LoadOptions options;
    options.profile = profile;
    options.logs = logs;
    options.refuseForeignProfile = false; // opened without it; the check's banner says why
    options.progress = [job](int percent) {
        job->percent = percent;
        return !job->cancel.load();
    };
    m_poll.start();
    emit progressChanged(0);
    // Each outcome is delivered only if this job is still the current one. The continuation
    // may run at once, inside this call, when the worker is already done.
    m_future = QtConcurrent::run([path, options, lint] {
                   return loadOutcome(path, options, lint);
               }).then(this, [this, job, path, profile](Outcome outcome) {
        if (m_job != job)
            return;
        finish();
        if (outcome.cancelled)
            emit cancelled(path);
        else if (!outcome.error.isEmpty())
            emit failed(path, outcome.error);
        else
            emit loaded(path, profile, std::move(outcome.plan));
    });
}

void AsyncPlanLoader::cancel() {
    if (m_job)
        m_job->cancel = true;
}

void AsyncPlanLoader::finish() {
    m_job.reset();
    m_poll.stop();
}

} // namespace planscope
