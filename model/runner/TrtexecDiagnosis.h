#pragma once

#include "runner/TrtexecJob.h"

#include <QString>

namespace planscope {

// Recognises trtexec output that blames the machine rather than the model: no usable GPU
// (CUDA errors) or TensorRT's libraries missing. Returns the explanation to show, else empty.
QString environmentProblem(const QString& outputLine);

// Why a step failed, naming its log: the environment problem when one was seen, else the
// exit code (or the crash).
QString stepFailureMessage(TrtexecStep step, const QString& environmentProblem, int exitCode,
                           bool crashed, const QString& log);

} // namespace planscope
