#pragma once

#include "check/CheckCatalog.h"
#include "check/CheckFigures.h"
#include "plan/EngineMetadata.h"
#include "plan/EnginePlan.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace planscope {

// A layer a result concerns.
struct CheckLayer {
    std::optional<int> index; // in EnginePlan::layers; none for a layer trex leaves out
    QString name;             // the plan's name for it (trex's "x_2" for a repeated name)
};

// One finding of the check (each id is described in README.md, "Checking a plan's files").
struct CheckResult {
    CheckResult() = default;
    CheckResult(const CheckKind& kind, QStringList files)
        : id(kind.id), level(kind.level), files(std::move(files)) {}

    QString id; // stable, e.g. "records-without-layer"
    CheckLevel level = CheckLevel::Note;
    QStringList files; // the files it concerns, as the plan's sources name them
    std::vector<CheckLayer> layers;
    QString message;                             // what is wrong, with its figures
    QString fix;                                 // what to do
    OrderedJson details = OrderedJson::object(); // the figures behind the message
};

// The integrity of a plan's files: at most one result per id, errors first, then warnings,
// then notes.
struct PlanCheck {
    std::vector<CheckResult> results;
    CheckFigures figures;

    int count(CheckLevel level) const;
    bool hasError() const { return count(CheckLevel::Error) > 0; }
};

// Compares what the plan's files say (EnginePlan::facts, the merged layers, timing samples and
// performance summary) with each other. Reads nothing from disk.
PlanCheck checkPlan(const EnginePlan& plan);

// "1 error, 2 warnings, 3 notes" (levels without results left out); "no findings".
QString checkCountsText(const PlanCheck& check);

} // namespace planscope
