#include "roofline/GpuTable.h"

#include <array>

namespace planscope {
namespace {

// name, CC, SMs, boost clock (GHz), bus (bits), memory clock (GHz), L2 (MB), source.
constexpr std::array<GpuTableEntry, 45> kGpus = {{
    {"NVIDIA T4", 7, 5, 40, 1.59, 256, 5.001, 4,
     "T4 datasheet, Turing whitepaper: 2560 CUDA cores, 1590 MHz boost, 320 GB/s GDDR6"},
    {"NVIDIA TITAN RTX", 7, 5, 72, 1.77, 384, 7.001, 6,
     "Turing whitepaper: 1770 MHz boost, 672 GB/s (130.5 TFLOPS FP16)"},
    {"NVIDIA V100 SXM2", 7, 0, 80, 1.53, 4096, 0.877, 6,
     "Volta whitepaper: 1530 MHz boost, 900 GB/s HBM2 (125 TFLOPS FP16)"},
    {"NVIDIA V100 PCIe", 7, 0, 80, 1.38, 4096, 0.877, 6,
     "V100 datasheet: 1380 MHz boost, 900 GB/s HBM2 (112 TFLOPS FP16)"},
    {"NVIDIA A10", 8, 6, 72, 1.695, 384, 6.251, 6,
     "A10 datasheet: 125 TFLOPS FP16, 600 GB/s GDDR6"},
    {"NVIDIA A30", 8, 0, 56, 1.44, 3072, 1.215, 24,
     "A30 datasheet: 165 TFLOPS FP16, 933 GB/s HBM2"},
    {"NVIDIA A40", 8, 6, 84, 1.74, 384, 7.251, 6,
     "A40 datasheet: 149.7 TFLOPS FP16, 696 GB/s GDDR6"},
    {"NVIDIA A100 40GB PCIe", 8, 0, 108, 1.41, 5120, 1.215, 40,
     "A100 whitepaper and datasheet: 312 TFLOPS FP16, 1555 GB/s HBM2"},
    {"NVIDIA A100 40GB SXM", 8, 0, 108, 1.41, 5120, 1.215, 40,
     "A100 whitepaper and datasheet: 312 TFLOPS FP16, 1555 GB/s HBM2"},
    {"NVIDIA A100 80GB PCIe", 8, 0, 108, 1.41, 5120, 1.512, 40,
     "A100 80GB datasheet: 312 TFLOPS FP16, 1935 GB/s HBM2e"},
    {"NVIDIA A100 80GB SXM", 8, 0, 108, 1.41, 5120, 1.593, 40,
     "A100 80GB datasheet: 312 TFLOPS FP16, 2039 GB/s HBM2e"},
    {"NVIDIA L4", 8, 9, 58, 2.04, 192, 6.251, 48,
     "L4 datasheet, Ada whitepaper: 121 TFLOPS FP16, 300 GB/s GDDR6"},
    {"NVIDIA L40", 8, 9, 142, 2.49, 384, 9.001, 96,
     "Ada whitepaper: L40 362 TFLOPS FP16, 864 GB/s GDDR6"},
    {"NVIDIA L40S", 8, 9, 142, 2.52, 384, 9.001, 96,
     "L40S datasheet: 2520 MHz boost, 864 GB/s GDDR6 (362 TFLOPS FP16 at its lower clock)"},
    {"NVIDIA GeForce RTX 3060", 8, 6, 28, 1.777, 192, 7.501, 3,
     "GeForce RTX 3060 specifications: 1777 MHz boost, 360 GB/s GDDR6"},
    {"NVIDIA GeForce RTX 3060 Laptop GPU", 8, 6, 30, 1.425, 192, 7.001, 3,
     "trtexec's report of one (the shared AlexNet export): boost varies with the laptop's "
     "power limit; 336 GB/s"},
    {"NVIDIA GeForce RTX 3060 Ti", 8, 6, 38, 1.665, 256, 7.001, 4,
     "GeForce RTX 3060 Ti specifications: 1665 MHz boost, 448 GB/s GDDR6"},
    {"NVIDIA GeForce RTX 3070", 8, 6, 46, 1.725, 256, 7.001, 4,
     "GA102 whitepaper appendix: 1725 MHz boost, 448 GB/s GDDR6"},
    {"NVIDIA GeForce RTX 3070 Ti", 8, 6, 48, 1.77, 256, 9.501, 4,
     "GeForce RTX 3070 Ti specifications: 1770 MHz boost, 608 GB/s GDDR6X"},
    {"NVIDIA GeForce RTX 3080", 8, 6, 68, 1.71, 320, 9.501, 5,
     "GA102 whitepaper: 1710 MHz boost, 760 GB/s GDDR6X"},
    {"NVIDIA GeForce RTX 3080 Ti", 8, 6, 80, 1.665, 384, 9.501, 6,
     "GeForce RTX 3080 Ti specifications: 1665 MHz boost, 912 GB/s GDDR6X"},
    {"NVIDIA GeForce RTX 3090", 8, 6, 82, 1.695, 384, 9.751, 6,
     "GA102 whitepaper: 1695 MHz boost, 936 GB/s GDDR6X (142 TFLOPS FP16 with FP16 "
     "accumulation)"},
    {"NVIDIA GeForce RTX 3090 Ti", 8, 6, 84, 1.86, 384, 10.501, 6,
     "GeForce RTX 3090 Ti specifications: 1860 MHz boost, 1008 GB/s GDDR6X"},
    {"NVIDIA GeForce RTX 4060", 8, 9, 24, 2.46, 128, 8.501, 24,
     "GeForce RTX 4060 specifications: 2460 MHz boost, 272 GB/s GDDR6"},
    {"NVIDIA GeForce RTX 4060 Ti", 8, 9, 34, 2.535, 128, 9.001, 32,
     "GeForce RTX 4060 Ti specifications: 2535 MHz boost, 288 GB/s GDDR6"},
    {"NVIDIA GeForce RTX 4070", 8, 9, 46, 2.475, 192, 10.501, 36,
     "GeForce RTX 4070 specifications: 2475 MHz boost, 504 GB/s GDDR6X"},
    {"NVIDIA GeForce RTX 4070 Ti", 8, 9, 60, 2.61, 192, 10.501, 48,
     "GeForce RTX 4070 Ti specifications: 2610 MHz boost, 504 GB/s GDDR6X"},
    {"NVIDIA GeForce RTX 4080", 8, 9, 76, 2.505, 256, 11.201, 64,
     "Ada whitepaper: 2505 MHz boost, 716.8 GB/s GDDR6X"},
    {"NVIDIA GeForce RTX 4090", 8, 9, 128, 2.52, 384, 10.501, 72,
     "Ada whitepaper: 2520 MHz boost, 1008 GB/s GDDR6X (330.3 TFLOPS FP16 with FP16 "
     "accumulation)"},
    {"NVIDIA RTX A6000", 8, 6, 84, 1.8, 384, 8.001, 6,
     "RTX A6000 datasheet, GA102 whitepaper: 1800 MHz boost, 768 GB/s GDDR6"},
    {"NVIDIA RTX 6000 Ada Generation", 8, 9, 142, 2.505, 384, 10.001, 96,
     "Ada whitepaper: 2505 MHz boost, 960 GB/s GDDR6 (364 TFLOPS FP16)"},
    {"NVIDIA H100 SXM", 9, 0, 132, 1.98, 5120, 2.619, 50,
     "H100 whitepaper and datasheet: 1980 MHz max boost (the datasheet's 989 TFLOPS FP16 "
     "hold at 1830 MHz), 3352 GB/s HBM3"},
    {"NVIDIA H100 PCIe", 9, 0, 114, 1.755, 5120, 1.593, 50,
     "H100 datasheet: 2039 GB/s HBM2e; 1755 MHz as trtexec reports an H100 PCIe (the shared "
     "MNIST logs)"},
    {"NVIDIA H100 NVL", 9, 0, 132, 1.785, 6144, 2.539, 50,
     "H100 NVL datasheet: 3.9 TB/s HBM3 (memory clock derived from it); 1785 MHz boost "
     "(unsure)"},
    {"NVIDIA H200", 9, 0, 132, 1.98, 6144, 3.125, 50,
     "H200 datasheet: 4.8 TB/s HBM3e (memory clock derived from it), H100 SXM's SMs and "
     "clock"},
    {"NVIDIA B200", 10, 0, 148, 1.965, 7680, 3.996, 126,
     "deviceQuery and nvidia-smi on a B200 (pytorch/ao#4002): 148 SMs, 7680-bit bus, 126.5 MB "
     "L2, memory at 3996 MHz: 7.67 TB/s, NVIDIA's 7.7 TB/s a GPU of a DGX B200 "
     "(NVIDIA/exemplar-performance); 1965 MHz boost from public reports (unsure)"},
    {"NVIDIA GB200", 10, 0, 148, 1.965, 8192, 3.906, 126,
     "GB200 NVL72 datasheet: per GPU 8 TB/s HBM3e; as B200 otherwise (unsure)"},
    {"NVIDIA GeForce RTX 5090", 12, 0, 170, 2.407, 512, 14.001, 96,
     "RTX Blackwell whitepaper: 2407 MHz boost, 1792 GB/s GDDR7"},
    {"NVIDIA RTX PRO 6000 Blackwell", 12, 0, 188, 2.617, 512, 14.001, 128,
     "RTX PRO 6000 Blackwell datasheet: 1792 GB/s GDDR7; 2617 MHz boost and L2 (unsure)"},
    {"NVIDIA Jetson AGX Orin 64GB", 8, 7, 16, 1.3, 256, 3.2, 4,
     "Jetson AGX Orin technical brief: 2048 CUDA cores at 1.3 GHz, 204.8 GB/s LPDDR5"},
    {"NVIDIA Jetson AGX Orin 32GB", 8, 7, 14, 0.93, 256, 3.2, 4,
     "Jetson AGX Orin technical brief: 1792 CUDA cores at 930 MHz, 204.8 GB/s LPDDR5"},
    {"NVIDIA Jetson Orin NX 16GB", 8, 7, 8, 0.918, 128, 3.2, 2,
     "Jetson Orin NX data sheet: 1024 CUDA cores at 918 MHz, 102.4 GB/s LPDDR5 (L2: unsure)"},
    {"NVIDIA Jetson Orin Nano 8GB", 8, 7, 8, 1.02, 128, 3.2, 2,
     "Jetson Orin Nano Super data sheet: 1024 CUDA cores at 1020 MHz, 102 GB/s LPDDR5 "
     "(before the Super update 625 MHz, 68 GB/s; L2: unsure)"},
    {"NVIDIA Jetson AGX Thor", 11, 0, 20, 1.575, 256, 4.266, 32,
     "Jetson AGX Thor data sheet: 2560 CUDA cores at 1.575 GHz, 273 GB/s LPDDR5X; L2 32 MiB as "
     "its device properties read (NVIDIA developer forum)"},
    {"NVIDIA DGX Spark GB10", 12, 1, 48, 2.5, 256, 4.266, 0,
     "DGX Spark data sheet: 6144 CUDA cores, 273 GB/s LPDDR5X; clock from its 31 TFLOPS FP32 "
     "(Hot Chips 2025): 2.52 GHz, 2.5 here"},
}};

QString normalized(const QString& name) {
    QString text = name.toLower();
    for (const char* word : {"nvidia", "geforce", "tesla", "gpu"})
        text.remove(QLatin1String(word));
    QString key;
    for (QChar c : text)
        if (c.isLetterOrNumber())
            key += c;
    return key;
}

} // namespace

std::span<const GpuTableEntry> gpuTable() {
    return kGpus;
}

const GpuTableEntry* gpuTableEntryNamed(const QString& name) {
    const QString key = normalized(name);
    if (key.isEmpty())
        return nullptr;
    for (const GpuTableEntry& entry : kGpus)
        if (normalized(QLatin1String(entry.name)) == key)
            return &entry;
    return nullptr;
}

GpuDevice deviceOf(const GpuTableEntry& entry) {
    GpuDevice gpu;
    gpu.name = QLatin1String(entry.name);
    gpu.major = entry.major;
    gpu.minor = entry.minor;
    gpu.sms = entry.sms;
    gpu.clockGhz = entry.clockGhz;
    gpu.memoryBusBits = entry.memoryBusBits;
    gpu.memoryClockGhz = entry.memoryClockGhz;
    if (entry.l2Megabytes > 0)
        gpu.l2Bytes = entry.l2Megabytes * 1024 * 1024;
    gpu.source = DeviceSource::GpuOption;
    gpu.tableSource = QLatin1String(entry.source);
    return gpu;
}

GpuLookup findGpu(const QString& query) {
    GpuLookup lookup;
    if (const GpuTableEntry* exact = gpuTableEntryNamed(query)) {
        lookup.device = deviceOf(*exact);
        return lookup;
    }
    const QString key = normalized(query);
    const GpuTableEntry* only = nullptr;
    for (const GpuTableEntry& entry : kGpus)
        if (!key.isEmpty() && normalized(QLatin1String(entry.name)).contains(key)) {
            lookup.matches << QLatin1String(entry.name);
            only = &entry;
        }
    if (lookup.matches.size() == 1) {
        lookup.device = deviceOf(*only);
        lookup.matches.clear();
    }
    return lookup;
}

} // namespace planscope
