#pragma once

#include "plan/EnginePlan.h"
#include "roofline/GpuDevice.h"
#include "roofline/LayerWork.h"
#include "roofline/MathClass.h"

#include <QString>
#include <optional>
#include <vector>

namespace planscope {

// Which roof holds a layer down: its FLOPs at its class's peak, or its bytes at DRAM bandwidth.
enum class Bound { Compute, Memory };
const char* boundName(Bound bound); // "compute", "memory"

// One layer against its GPU's roofs (README.md's "Speed of light"): the speed-of-light time
// sol_ms = max(FLOPs / peak, bytes / bandwidth), and how the measured time compares. Empty
// where the files (or the device) do not give what a figure needs.
struct LayerRoofline {
    LayerWork work;
    std::optional<MathClass> math; // the class whose peak applies (layers with FLOPs)
    bool mathFromName = false; // the kernel's name said it; else the fastest its precision allows
    std::optional<double> intensity; // FLOPs per byte
    std::optional<double> peakTflops;
    std::optional<Bound> bound;
    std::optional<double> solMs;
    std::optional<double> ms; // measured (average)
    std::optional<double> solPercent;
    std::optional<double> achievedTflops;
    std::optional<double> achievedGbs;
    std::optional<double> aboveSolMs; // ms - sol_ms
    // Why a layer is faster than a roof allows: a memory-bound one whose tensors fit in L2, or
    // one above its compute roof (a defect of the rate table or of its class, never a silent
    // 130 %); and what its bytes leave out. Empty for most layers.
    QString note;
};

struct RooflineTotal {
    std::optional<double> flops;      // the layers' known FLOPs
    std::optional<double> params;     // roofline/LayerWork's engineParams
    std::optional<double> bytes;      // the layers' known bytes
    std::optional<double> ms;         // the measured layers' time
    std::optional<double> solMs;      // the layers' known speed-of-light times
    std::optional<double> solPercent; // solMs / ms
};

struct Roofline {
    std::optional<GpuDevice> device;   // empty: neither the files nor --gpu give one
    std::vector<LayerRoofline> layers; // one per plan layer, in the plan's order
    RooflineTotal total;
};

// The plan on `device` (none: the work figures alone).
Roofline computeRoofline(const EnginePlan& plan, const std::optional<GpuDevice>& device);
// The plan on the device its files describe (GpuDevice's deviceFromMetadata), if any.
Roofline rooflineFromFiles(const EnginePlan& plan);

} // namespace planscope
