#pragma once

#include "roofline/GpuDevice.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <span>

namespace planscope {

// A GPU of the built-in table (`--gpu NAME`, `--gpu list`): what trtexec would report of it,
// the boost clock standing for its compute clock, and where the figures come from.
struct GpuTableEntry {
    const char* name;
    int major;
    int minor;
    int sms;
    double clockGhz;
    int memoryBusBits;
    double memoryClockGhz; // bandwidth = bus bits / 8 x this x 2
    double l2Megabytes;    // 0: not known
    const char* source;
};

std::span<const GpuTableEntry> gpuTable();
// The entry of this name, compared without case, spaces, punctuation and the words NVIDIA,
// GeForce, Tesla and GPU ("NVIDIA GeForce RTX 3090" is "rtx 3090"); null when none.
const GpuTableEntry* gpuTableEntryNamed(const QString& name);
GpuDevice deviceOf(const GpuTableEntry& entry); // source GpuOption

// A --gpu NAME: the entry named so, else the one entry whose name holds NAME; `matches` names
// the entries NAME could mean when it is not one of them (none, or several).
struct GpuLookup {
    std::optional<GpuDevice> device;
    QStringList matches;
};
GpuLookup findGpu(const QString& query);

} // namespace planscope
