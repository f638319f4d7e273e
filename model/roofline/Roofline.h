#pragma once

#include "plan/EnginePlan.h"
#include "roofline/GpuDevice.h"
#include "roofline/LayerWork.h"
#include "roofline/MathClass.h"

#include <QString>
#include <array>
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

// A device's peak TFLOP/s of each math class, by its index in kMathClasses.
using RooflinePeaks = std::array<std::optional<double>, kMathClasses.size()>;

// Every layer's figures on one device. It keeps a compact record a layer (its work, math class
// and time: 40 bytes, a 210k-layer plan's 8 MB) and derives the rest when asked.
class Roofline {
  public:
    std::optional<GpuDevice> device; // empty: neither the files nor --gpu give one
    RooflineTotal total;

    std::size_t size() const { return m_records.size(); } // the plan's layer count
    LayerRoofline layer(std::size_t index) const;         // one plan layer's, by its index

    // A layer's record: an empty figure is NaN; a class is its index in kMathClasses, -1 for
    // none.
    struct Record {
        double flops;
        double bytes;
        double params;
        double ms;
        LayerKind kind;
        qint8 math;
        bool mathFromName : 1;
        bool kernelFromName : 1;
        bool weightsUnknown : 1;
    };

  private:
    friend Roofline computeRoofline(const EnginePlan&, const std::optional<GpuDevice>&);
    LayerRoofline figures(std::size_t index, bool withNote) const;

    std::vector<Record> m_records;
    RooflinePeaks m_peaks; // the device's peak of each class
};

// The plan on `device` (none: the work figures alone).
Roofline computeRoofline(const EnginePlan& plan, const std::optional<GpuDevice>& device);
// The plan on the device its files describe (GpuDevice's deviceFromMetadata), if any.
Roofline rooflineFromFiles(const EnginePlan& plan);

} // namespace planscope
