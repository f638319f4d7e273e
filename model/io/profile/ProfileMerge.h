#pragma once

#include "plan/Layer.h"
#include "plan/ProfileRecord.h"

#include <QStringList>
#include <vector>

namespace planscope {

// Puts per-layer timings on the layers as trex does: by position when the record count equals
// the layer count, else by name (with a warning). Records of `ignoredNames` are skipped first.
// Returns warnings; throws PlanError when the profile clearly belongs to another engine. Records
// named as their layers share the layers' names (the same text, kept once).
QStringList mergeProfile(std::vector<Layer>& layers, std::vector<ProfileRecord>& asRead,
                         const QStringList& ignoredNames, const QString& profilePath,
                         const QString& graphPath);

} // namespace planscope
