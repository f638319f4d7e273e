#pragma once

#include "onnxmodel/ModelWeights.h"
#include "onnxmodel/OnnxGraph.h"
#include "plan/EnginePlan.h"

#include <QFuture>
#include <QObject>
#include <memory>

namespace planscope {

// Reads the ONNX model a plan was built from on a worker thread and weighs it on the plan
// (onnxmodel/ModelWeights), for File > Open Model, a dropped .onnx and --onnx. A newer request
// replaces the one before, cancel() drops it (cancelled()): the reader cannot be stopped midway,
// its result is left unread.
class AsyncModelReader : public QObject {
    Q_OBJECT
  public:
    explicit AsyncModelReader(QObject* parent = nullptr);
    ~AsyncModelReader() override;

    void read(const QString& path, const std::shared_ptr<const EnginePlan>& plan);
    void cancel();
    bool isReading() const { return m_job != 0; }

  signals:
    // The model and its weights on `plan`, which names at least one of its nodes.
    void modelRead(const QString& path, const std::shared_ptr<const planscope::EnginePlan>& plan,
                   const std::shared_ptr<const planscope::OnnxGraph>& model,
                   const std::shared_ptr<const planscope::ModelWeights>& weights);
    // `message` names the file and the fix (a model none of whose nodes the plan names too).
    void failed(const QString& path, const QString& message);
    void cancelled(const QString& path);

  private:
    struct Outcome {
        std::shared_ptr<const OnnxGraph> model;
        std::shared_ptr<const ModelWeights> weights;
        QString error;
    };
    static Outcome readOutcome(const QString& path, const EnginePlan& plan);

    quint64 m_job = 0; // the request being read (0: none); results of others are dropped
    quint64 m_requests = 0;
    QString m_path;
    QFuture<void> m_work;
};

} // namespace planscope
