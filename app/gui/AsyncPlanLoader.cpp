#include "gui/AsyncPlanLoader.h"

#include "io/PlanLoader.h"
#include "plan/PlanError.h"

#include <QtConcurrent/QtConcurrentRun>

namespace planscope {

// Exceptions stay on the worker: QtConcurrent would wrap them and lose their type.
AsyncPlanLoader::Outcome AsyncPlanLoader::loadOutcome(const QString& path,
                                                      const LoadOptions& options) {
    Outcome outcome;
    try {
        outcome.plan = std::make_shared<const EnginePlan>(loadPlan(path, options));
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

// Makes the analysis's findings, check and leads; says what went wrong, if anything.
QString AsyncPlanLoader::analysisError(const PlanAnalysis& analysis) {
    try {
        analysis.makeFindingsCheckAndLeads();
    } catch (const std::exception& e) {
        return tr("The plan %1 could not be linted and checked (%2). Please report it with the "
                  "plan's files.")
            .arg(analysis.plan().name, QString::fromUtf8(e.what()));
    }
    return {};
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
    // The worker holds no pointer to us, but let it end first. (Its continuation, queued to
    // this thread, is dropped with this object: waiting for that would never end.)
    m_work.waitForFinished();
}

// A continuation on this thread runs at once when the worker is already done, which would emit
// inside load() (or inside the slot of loaded()), before a caller waiting for the signal
// listens: the result is handed over through the event loop instead.
template <class T, class Deliver>
void AsyncPlanLoader::deliverLater(QFuture<T> work, Deliver deliver) {
    work.then(this, [this, deliver](T result) {
        QMetaObject::invokeMethod(
            this, [deliver, result = std::move(result)]() mutable { deliver(std::move(result)); },
            Qt::QueuedConnection);
    });
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
    // Each outcome is delivered only if this job is still the current one.
    QFuture<Outcome> load =
        QtConcurrent::run([path, options] { return loadOutcome(path, options); });
    m_work = load;
    deliverLater(load, [this, job, path, profile, lint](Outcome outcome) {
        if (m_job != job)
            return;
        m_poll.stop();
        if (outcome.cancelled || !outcome.error.isEmpty()) {
            finish();
            if (outcome.cancelled)
                emit cancelled(path);
            else
                emit failed(path, outcome.error);
            return;
        }
        // The analysis starts before the window takes the plan, and is delivered after it.
        const PlanAnalysis analysis(std::move(outcome.plan), lint);
        analyse(job, analysis);
        emit loaded(path, profile, analysis);
    });
}

void AsyncPlanLoader::analyse(const PlanAnalysis& analysis) {
    cancel();
    auto job = std::make_shared<Job>();
    m_job = job;
    analyse(job, analysis);
}

void AsyncPlanLoader::analyse(const std::shared_ptr<Job>& job, const PlanAnalysis& analysis) {
    QFuture<QString> error = QtConcurrent::run([analysis] { return analysisError(analysis); });
    m_work = error;
    deliverLater(error, [this, job, analysis](const QString& done) {
        if (m_job != job)
            return;
        finish();
        emit analysed(analysis, done);
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
