#pragma once

#include <QString>
#include <QStringList>

namespace planscope {

// The files that make up one plan. Only the graph is required.
struct PlanSources {
    QString graph;
    QString profile;
    QString profileMetadata;
    QString buildMetadata;
    QString timing;
    QString deviceMetadata; // older trex .metadata.json
    QStringList logs;       // trtexec logs: metadata, and per-layer timings if no profile JSON
    QStringList notes;      // what discovery decided, for warnings
};

// Resolves PLAN as given on a command line: an engine prefix (x.onnx.engine), a graph JSON
// under any name, a folder holding exactly one plan, or a trtexec log (then `graph` is the
// log); finds the sibling files.
// Throws PlanError naming the path and the fix.
PlanSources discoverPlanSources(const QString& plan);

} // namespace planscope
