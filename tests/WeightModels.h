#pragma once

#include "TestSupport.h"

#include <QProcess>
#include <QString>

namespace planscope::test {

// Writes the models of issue 46's tests into `dir` with make_weight_models.py (python3-onnx, at
// test time): mnist.onnx with the node names of the shared mnist-trt10.16-h100 plan, its planted
// weights and the figures numpy computes of them (expected.json), bad models, and the plan
// (plan/mnist.graph.json with a profile). Empty on success, else what went wrong.
inline QString makeWeightModels(const QString& dir) {
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"),
                 {QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/make_weight_models.py"), dir,
                  dataPath(QString())});
    if (!python.waitForFinished(120000))
        return QStringLiteral("make_weight_models.py did not finish");
    return python.exitCode() == 0 ? QString() : QString::fromUtf8(python.readAllStandardError());
}

} // namespace planscope::test
