#pragma once

#include <QString>
#include <QStringList>

namespace planscope {

// One "build and profile" of an ONNX model with trtexec, as trex's process_engine runs it.
struct TrtexecJob {
    QString model;              // the ONNX file
    QString outputDir;          // where the engine, its exports and the logs go
    QStringList extraArguments; // user's trtexec options, e.g. --fp16 --shapes=input:1x3x224x224
    // Build with --verbose, so the build log records every tactic timed (planscope tactics).
    bool verboseBuild = true;
};

// What a job writes, named as trex names it: for DIR and MODEL.onnx everything starts with
// DIR/MODEL.onnx.engine, which is also the prefix PlanScope opens.
struct TrtexecOutputs {
    QString engine;
    QString graphJson;
    QString profileJson;
    QString timingJson;
    QString buildLog;
    QString profileLog;
    QString timingCache; // shared by every model built into DIR, as trex shares ./timing.cache
};

enum class TrtexecStep { Build, Profile };

TrtexecOutputs trtexecOutputs(const TrtexecJob& job);
// The files a run writes anew: all of the outputs but the shared timing cache.
QStringList runFiles(const TrtexecOutputs& outputs);

// trtexec's arguments (without the program) for each step.
QStringList buildArguments(const TrtexecJob& job);
QStringList profileArguments(const TrtexecJob& job);
QStringList stepArguments(const TrtexecJob& job, TrtexecStep step);

// Options that only shape how the engine is built (precision, shape ranges, workspace ...);
// trex gives its extra arguments to both steps, but these mean nothing to --loadEngine.
bool isBuildOnlyArgument(const QString& argument);

// The command as a POSIX shell would read it back: arguments quoted only where needed.
QString shellCommand(const QString& program, const QStringList& arguments);

} // namespace planscope
