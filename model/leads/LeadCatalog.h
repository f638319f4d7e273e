#pragma once

#include "leads/Lead.h"

#include <vector>

namespace planscope {

class LeadScale;

// What a lead needs beyond the layer list to be judged.
// RunSummary: per-layer timings and the run's performance summary (trtexec's GPU Compute Time).
// Device: per-layer timings and the GPU's description (the roofline's device).
enum class LeadNeeds { Nothing, Timings, BuildLog, RunSummary, Device };
// "the layer list", "per-layer timings", "a verbose build log", "the run's performance summary",
// "the GPU's description" (what is missing: a lead needing the device needs timings first).
QString leadNeedsText(LeadNeeds needs);

// Adds the lead of one kind to `leads` when the plan shows it (its layers not yet weighed).
using LeadFinder = void (*)(const LeadScale& scale, std::vector<Lead>& leads);

// One kind of lead. Its finder leaves the leads' id to the catalog (findLeads sets it).
struct LeadKind {
    QString id;        // stable, e.g. "hot-layer"
    QString threshold; // when it is a lead, in words made from the constants below (README,
                       // planscope leads --list)
    LeadNeeds needs;
    LeadFinder find;
};

// Every lead, in the order leads with the same time at stake are ranked.
const std::vector<LeadKind>& leadCatalog();

// Lead thresholds (the catalog words them).
inline constexpr double kHotLayerPercent = 5;
inline constexpr double kTinyKernelMs = 0.005;
inline constexpr int kTinyKernelCount = 20;
inline constexpr double kTinyKernelPercent = 20;
inline constexpr double kCudaCoreGemmPercent = 5;
inline constexpr double kGeneratedPercent = 25;
inline constexpr double kShapeOverheadPercent = 3;
inline constexpr double kSlowerTacticRatio = 1.10;
inline constexpr double kLatencyGapPercent = 10;
inline constexpr double kFarFromRoofPercent = 50;      // of a layer's speed of light
inline constexpr double kPracticalCeilingPercent = 80; // what a kernel may reach in practice

// The finders, one file each (convolution lints together).
void findHotLayer(const LeadScale& scale, std::vector<Lead>& leads);
void findReformats(const LeadScale& scale, std::vector<Lead>& leads);
void findPrecisionFallback(const LeadScale& scale, std::vector<Lead>& leads);
void findTinyKernels(const LeadScale& scale, std::vector<Lead>& leads);
void findCudaCoreGemms(const LeadScale& scale, std::vector<Lead>& leads);
void findGeneratedKernels(const LeadScale& scale, std::vector<Lead>& leads);
void findShapeOverhead(const LeadScale& scale, std::vector<Lead>& leads);
void findSeveralStreams(const LeadScale& scale, std::vector<Lead>& leads);
void findSlowerTactics(const LeadScale& scale, std::vector<Lead>& leads);
void findUnalignedConvolutions(const LeadScale& scale, std::vector<Lead>& leads);
void findUnusualPadding(const LeadScale& scale, std::vector<Lead>& leads);
void findLatencyGap(const LeadScale& scale, std::vector<Lead>& leads);
void findFarFromRoof(const LeadScale& scale, std::vector<Lead>& leads);

} // namespace planscope
