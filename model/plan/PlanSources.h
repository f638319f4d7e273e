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

} // namespace planscope
