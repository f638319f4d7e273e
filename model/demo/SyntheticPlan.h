#pragma once

#include <QString>

namespace planscope {

// Writes a synthetic but realistic QAT ResNet-style engine plan, as trtexec and trex would:
// PREFIX.graph.json, .profile.json, .timing.json, .profile.metadata.json, .build.metadata.json.
// ResNet-50's bottleneck blocks, repeated until `layers` layers exist (0: exactly ResNet-50).
// Deterministic for a given seed.
struct SyntheticPlanOptions {
    int layers = 20000;
    unsigned seed = 1;
    int timingSamples = 2000;
    int batch = 8;
    // PyTorch's module paths three levels deep (/layer2/layer2.1/conv1/Conv); without, two
    // (/layer2.1/conv1/Conv).
    bool modulePaths = false;
};

// Returns false (with `error` set) when a file cannot be written.
bool writeSyntheticPlan(const QString& prefix, const SyntheticPlanOptions& options, QString* error);

} // namespace planscope
