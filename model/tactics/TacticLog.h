#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace planscope {

struct EnginePlan;

// What TensorRT's builder tried for every layer, as its verbose log records it (see "Tactics"
// in README.md). A subject is the name in a "Timing Runner: NAME (RUNNER)" line: an engine
// layer, or a reformat the optimizer considered ("Optimizer Reformat(x -> <out>)").

// One tactic the builder timed. A large log holds hundreds of thousands: the two ints sit
// together so that no padding is spent (72 bytes, not 80).
struct TacticTiming {
    QString runner; // "CaskConvolution"
    quint64 tactic = 0;
    QString tacticName; // empty when the log gives none (TensorRT 8.4, most runners)
    double timeMs = 0;  // infinity when the tactic failed
    int format = -1;    // index into TacticSubject::formats; -1 before any format line
    int build = 0;      // index into TacticLog::builds
};

// A runner, or one of its tactics, the builder did not time, and why.
struct SkippedRunner {
    QString runner;
    QString reason;
    int build = 0;
};

// ">>> Chose Runner Type: R Tactic: T": the fastest of one format combination.
struct TacticChoice {
    int format = -1;
    QString runner;
    quint64 tactic = 0;
    int build = 0;
};

// "NAME [FORMATS] got cached result: RUNNER, tactic T, X ms": taken from the timing cache.
struct CachedTactic {
    QString format;
    QString runner;
    quint64 tactic = 0;
    double timeMs = 0;
    int build = 0;
};

struct TacticSubject {
    QString name;
    QString layer;       // the engine layer of this name, when one is known
    QStringList formats; // format combinations autotuned, in log order
    std::vector<TacticTiming> timings;
    std::vector<SkippedRunner> skipped;
    std::vector<TacticChoice> chosen;
    std::vector<CachedTactic> cached;
    // The sum of its "profiling completed in S seconds" lines; unknown without any (TensorRT 8.4
    // and before print none).
    std::optional<double> autotuneSeconds;

    // The fastest finite timing, if any.
    const TacticTiming* fastest() const;
    // The choice the engine kept: the last choice of the engine's tactic when the engine's
    // tactic is known (`engineTactic`), else the last choice; nullptr without choices.
    const TacticChoice* engineChoice(std::optional<quint64> engineTactic) const;
    // The time measured for `choice` (its timing, else a cached result of the same tactic).
    std::optional<double> timeOf(const TacticChoice& choice) const;
    // The kernel the log names for `choice` (a timing of the same runner and tactic), if any.
    QString kernelOf(const TacticChoice& choice) const;
};

// One engine the builder made. TensorRT 10 builds up to three (backend strategies 4, 3, 2) and
// keeps the fastest; older versions build one.
struct BuildPass {
    int strategy = -1;                             // -1 when the log does not say
    std::optional<double> tacticSelectionSeconds;  // "Formats and tactics selection completed in"
    std::optional<double> engineGenerationSeconds; // "Engine generation completed in"
    std::vector<std::pair<QString, double>> memoryBytes; // "Total Activation Memory", ...
    bool kept = false;
};

// A layer of the built engine, from the log's "Engine Layer Information" list.
struct EngineLayerTactic {
    QString name;
    QString type;
    std::optional<quint64> tactic; // unknown for layers read without TacticValue
};

struct TacticLog {
    QString path;
    QString tensorrtVersion;
    std::vector<TacticSubject> subjects;   // in the log's order
    std::vector<TacticSubject> cachedOnly; // names met only in cached results
    std::vector<BuildPass> builds;         // at least one once anything was read
    std::optional<double> buildSeconds;    // trtexec's "Engine built in S sec."
    std::vector<EngineLayerTactic> engineLayers;

    int timingCount() const;
    const TacticSubject* subjectForLayer(const QString& layer) const;
    // The kept build's index (the last one when the log does not say).
    int keptBuild() const;
    // The engine's tactic for `layer`, from the log's layer list.
    std::optional<quint64> engineTactic(const QString& layer) const;

    // Takes `layers` (an open plan's) as the engine's layers when given, else keeps the log's
    // own layer list, and sets each subject's `layer` to the engine layer of its name. Names of a
    // second optimization profile ("X [profile 1]") match their layer with or without the suffix.
    void linkEngine(std::vector<EngineLayerTactic> layers = {});
};

// What the CLI table and the charts show of a subject: its fastest timing and the time of the
// choice the engine kept.
struct TacticSummary {
    const TacticTiming* fastest = nullptr;
    const TacticChoice* chosen = nullptr;
    std::optional<double> chosenMs;
};
TacticSummary summarizeSubject(const TacticLog& log, const TacticSubject& subject);

// A plan's layers with their tactics (TacticValue), to link a log to.
std::vector<EngineLayerTactic> engineLayersOf(const EnginePlan& plan);

// "0x00000000000003e8", as TensorRT prints tactics.
QString tacticText(quint64 tactic);

} // namespace planscope
