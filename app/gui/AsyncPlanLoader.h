#pragma once

#include "analysis/PlanAnalysis.h"
#include "io/PlanLoader.h"

#include <QFuture>
#include <QObject>
#include <QTimer>
#include <atomic>
#include <memory>

namespace planscope {

// Loads a plan on a worker thread (loaded()), then analyses it there: the lint, the check and the
// leads (analysed()), so the window shows the plan while the analysis is made (its modules are
// made when a view first wants them: PlanDocument::requestModules). A newer
// request cancels and drops the one before; progress is polled from the worker's shared state, so
// the worker never calls into this object.
class AsyncPlanLoader : public QObject {
    Q_OBJECT
  public:
    explicit AsyncPlanLoader(QObject* parent = nullptr);
    ~AsyncPlanLoader() override;

    // `logs`: trtexec logs to read beside the plan (verbose build logs add their tactics).
    void load(const QString& path, int profile, const LintSettings& lint = {},
              const QStringList& logs = {});
    // Analyses a plan already shown, whose analysis gave way to a load that then failed.
    void analyse(const PlanAnalysis& analysis);
    void cancel();
    bool isLoading() const { return m_job != nullptr; } // until analysed(), failed() or cancelled()

  signals:
    void progressChanged(int percent);
    // The plan, with its analysis whose findings, check and leads are being made.
    void loaded(const QString& path, int profile, const planscope::PlanAnalysis& analysis);
    // They are made; `error` names what went wrong when they could not be (empty otherwise).
    void analysed(const planscope::PlanAnalysis& analysis, const QString& error);
    void failed(const QString& path, const QString& message);
    void cancelled(const QString& path);

  private:
    struct Outcome {
        std::shared_ptr<const EnginePlan> plan;
        QString error;
        bool cancelled = false;
    };
    static Outcome loadOutcome(const QString& path, const LoadOptions& options);
    static QString analysisError(const PlanAnalysis& analysis);

    struct Job {
        std::atomic<int> percent{0};
        std::atomic<bool> cancel{false};
    };
    template <class T, class Deliver> void deliverLater(QFuture<T> work, Deliver deliver);
    void analyse(const std::shared_ptr<Job>& job, const PlanAnalysis& analysis);
    void finish();

    std::shared_ptr<Job> m_job;
    QFuture<void> m_work; // the load, then the analysis
    QTimer m_poll;
};

} // namespace planscope
