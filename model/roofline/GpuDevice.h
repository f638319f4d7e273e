#pragma once

#include "plan/EngineMetadata.h"
#include "roofline/MathClass.h"

#include <QString>
#include <optional>

namespace planscope {

// Where the roofline's device came from: the plan's files (build or profile metadata, trex's
// device list, a trtexec log) or the --gpu option's built-in table.
enum class DeviceSource { Files, GpuOption };

// A GPU as its physical limits need it: peak = SMs x clock x the dense rate per SM per clock of
// a math class (roofline/RateTable), bandwidth = bus bits / 8 x memory clock x 2.
struct GpuDevice {
    QString name;
    int major = 0; // compute capability
    int minor = 0;
    int sms = 0;
    double clockGhz = 0; // the compute clock trtexec reports, or the table's boost clock
    int memoryBusBits = 0;
    double memoryClockGhz = 0; // as trtexec reports it (GDDR: the command clock x 2 of its DDR)
    std::optional<double> l2Bytes;
    DeviceSource source = DeviceSource::Files;
    QString tableSource; // the built-in table's source of a --gpu device; empty for the files

    QString computeCapability() const; // "8.6"
    bool geforce() const;              // a GeForce part: the GeForce rule halves some rates
    double bandwidthGbs() const;
    // The class's peak on this device, in TFLOP/s (TOP/s for int8); empty when the rate table
    // has no rate for it (no such math, or a compute capability the table lacks).
    std::optional<double> peakTflops(MathClass math) const;

    bool operator==(const GpuDevice&) const = default;
};

// The device the metadata describe, when they give its compute capability, SMs, compute clock,
// memory bus width and memory clock (trtexec's device_information, as a log or its metadata
// files write it, or trex's device list); empty otherwise.
std::optional<GpuDevice> deviceFromMetadata(const EngineMetadata& metadata);

} // namespace planscope
