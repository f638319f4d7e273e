#pragma once

#include "plan/Layer.h"
#include "plan/ProfileRecord.h"

#include <QStringList>
#include <vector>

namespace planscope {

struct MergedProfile {
    QStringList warnings;
    bool anotherBuild = false; // fewer than half of the layers named, used as allowed
};

// Puts per-layer timings on the layers as trex does: by position when the record count equals
// the layer count, else by name (with a warning). Records of `ignoredNames` are skipped first.
// Throws PlanError when the profile belongs to another engine: it names none of the layers, or
// fewer than half of them unless `allowPartial` (another build of the model). Records named as
// their layers share the layers' names (the same text, kept once).
MergedProfile mergeProfile(std::vector<Layer>& layers, std::vector<ProfileRecord>& asRead,
                           const QStringList& ignoredNames, const QString& profilePath,
                           const QString& graphPath, bool allowPartial = false);

} // namespace planscope
