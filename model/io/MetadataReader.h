#pragma once

#include "plan/EngineMetadata.h"

#include <QString>

namespace planscope {

// trex's metadata files (written by process_engine from trtexec's output), merged into `metadata`.
// Each reader throws PlanError naming the file when it cannot be used.
void readProfileMetadata(const QString& path, EngineMetadata& metadata);
void readBuildMetadata(const QString& path, EngineMetadata& metadata);
void readDeviceList(const QString& path, EngineMetadata& metadata); // older .metadata.json

} // namespace planscope
