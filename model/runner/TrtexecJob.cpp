#include "runner/TrtexecJob.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace planscope {
namespace {

const QStringList& buildOnlyOptions() {
    static const QStringList options =
        QStringLiteral(
            "allowGPUFallback avgTiming best bf16 builderOptimizationLevel calib directIO "
            "excludeLeanRuntime fp16 fp8 hardwareCompatibilityLevel inputIOFormats int4 int8 "
            "layerDeviceTypes layerOutputTypes layerPrecisions maxAuxStreams maxShapes "
            "maxShapesCalib maxTactics memPoolSize minShapes minShapesCalib minTiming "
            "noBuilderCache noCompilationCache noTF32 optShapes optShapesCalib outputIOFormats "
            "precisionConstraints sparsity stronglyTyped tacticSources timingCacheFile "
            "versionCompatible workspace")
            .split(QLatin1Char(' '));
    return options;
}

QString optionName(const QString& argument) {
    QString name = argument;
    while (name.startsWith(QLatin1Char('-')))
        name.remove(0, 1);
    return name.section(QLatin1Char('='), 0, 0);
}

QString shellQuoted(const QString& argument) {
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(argument).hasMatch())
        return argument;
    QString quoted = argument;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

} // namespace

TrtexecOutputs trtexecOutputs(const TrtexecJob& job) {
    const QDir dir(job.outputDir);
    const QString engine =
        QDir::cleanPath(dir.filePath(QFileInfo(job.model).fileName() + QStringLiteral(".engine")));
    return {engine,
            engine + QStringLiteral(".graph.json"),
            engine + QStringLiteral(".profile.json"),
            engine + QStringLiteral(".timing.json"),
            engine + QStringLiteral(".build.log"),
            engine + QStringLiteral(".profile.log"),
            QDir::cleanPath(dir.filePath(QStringLiteral("timing.cache")))};
}

QStringList runFiles(const TrtexecOutputs& outputs) {
    return {outputs.engine,     outputs.graphJson, outputs.profileJson,
            outputs.timingJson, outputs.buildLog,  outputs.profileLog};
}

QStringList buildArguments(const TrtexecJob& job) {
    const TrtexecOutputs out = trtexecOutputs(job);
    // --buildOnly as trex: the profile step measures, so the build skips its own inference run.
    QStringList arguments = {"--buildOnly",
                             "--onnx=" + job.model,
                             "--saveEngine=" + out.engine,
                             "--exportLayerInfo=" + out.graphJson,
                             "--profilingVerbosity=detailed",
                             "--timingCacheFile=" + out.timingCache};
    if (job.verboseBuild)
        arguments.prepend(QStringLiteral("--verbose"));
    return arguments + job.extraArguments;
}

QStringList profileArguments(const TrtexecJob& job) {
    const TrtexecOutputs out = trtexecOutputs(job);
    QStringList arguments = {"--verbose",
                             "--noDataTransfers",
                             "--useCudaGraph",
                             "--separateProfileRun",
                             "--useSpinWait",
                             "--profilingVerbosity=detailed",
                             "--loadEngine=" + out.engine,
                             "--exportTimes=" + out.timingJson,
                             "--exportProfile=" + out.profileJson,
                             "--exportLayerInfo=" + out.graphJson};
    for (const QString& argument : job.extraArguments)
        if (!isBuildOnlyArgument(argument))
            arguments << argument;
    return arguments;
}

QStringList stepArguments(const TrtexecJob& job, TrtexecStep step) {
    return step == TrtexecStep::Build ? buildArguments(job) : profileArguments(job);
}

bool isBuildOnlyArgument(const QString& argument) {
    return buildOnlyOptions().contains(optionName(argument));
}

QString shellCommand(const QString& program, const QStringList& arguments) {
    QStringList words = {shellQuoted(program)};
    for (const QString& argument : arguments)
        words << shellQuoted(argument);
    return words.join(QLatin1Char(' '));
}

} // namespace planscope
