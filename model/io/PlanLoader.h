#pragma once

#include "plan/EnginePlan.h"
#include "plan/PlanError.h"

namespace planscope {

struct LoadOptions {
    int profile = 0; // optimization profile to load
    // Explicit files; each overrides what discovery found.
    QString profileJson;
    QString timingJson;
    QString profileMetadata;
    QString buildMetadata;
    QStringList logs;          // trtexec logs to read beside the plan
    ProgressCallback progress; // optional
    // A profile that names none of the graph's layers (another engine's) is refused with a
    // PlanError; or, when false, left out with a warning and kept in PlanFacts for the check.
    bool refuseForeignProfile = true;
    // A profile in which fewer than half of the plan's layers find their record (another build
    // of the model) is used all the same, with a warning, instead of refused as above.
    bool allowPartialProfile = false;
};

// Loads PLAN (engine prefix, graph JSON or folder) with its sibling files.
// Throws PlanError with a one-line message naming the file and the fix.
EnginePlan loadPlan(const QString& plan, const LoadOptions& options = {});
EnginePlan loadPlan(const PlanSources& sources, int profile = 0,
                    const ProgressCallback& progress = {});

} // namespace planscope
