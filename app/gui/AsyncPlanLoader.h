#pragma once

#include "document/PlanDocument.h"
#include "io/PlanLoader.h"

#include <QFuture>
#include <QObject>
#include <QTimer>
#include <atomic>
#include <memory>

namespace planscope {

// Loads, lints, checks and finds the leads of a plan on a worker thread. A newer request cancels
// and drops the one before; progress is polled from the worker's shared state, so the worker never
// calls into this object.
class AsyncPlanLoader : public QObject {
    Q_OBJECT
  public:
    explicit AsyncPlanLoader(QObject* parent = nullptr);
    ~AsyncPlanLoader() override;

    // `logs`: trtexec logs to read beside the plan (verbose build logs add their tactics).
    void load(const QString& path, int profile, const LintSettings& lint = {},
              const QStringList& logs = {});
    void cancel();
    bool isLoading() const { return m_job != nullptr; }

  signals:
    void progressChanged(int percent);
    void loaded(const QString& path, int profile, planscope::LoadedPlan plan);
    void failed(const QString& path, const QString& message);
    void cancelled(const QString& path);

  private:
    struct Outcome {
        LoadedPlan plan;
        QString error;
        bool cancelled = false;
    };
    static Outcome loadOutcome(const QString& path, const LoadOptions& options,
                               const LintSettings& lint);

    struct Job {
        std::atomic<int> percent{0};
        std::atomic<bool> cancel{false};
    };
    void finish();

    std::shared_ptr<Job> m_job;
    QFuture<void> m_future;
    QTimer m_poll;
};

} // namespace planscope
