#include "roofline/RateTable.h"

#include <array>

namespace planscope {
namespace {

// Dense rates per SM per clock. Each row names its source; the datasheet figures are checked
// by peak = SMs x boost clock x rate (e.g. A100: 108 x 1.41 GHz x 2048 = 312 TFLOPS FP16).
// Where a figure is derived or unsure, the source says so.
constexpr std::array kRows = {
    RateRow{7, 0, 128, 0, 1024, 1024, 0, 512, 0, 0, false,
            "NVIDIA Tesla V100 GPU Architecture whitepaper (2017): 64 FP32 cores and 8 Tensor "
            "Cores (64 FP16 FMA each) per SM, 125 TFLOPS at 80 SMs x 1.53 GHz; Volta's Tensor "
            "Cores have no INT8: int8 is DP4A on the CUDA cores (4 x the FP32 FMA rate), derived, "
            "not in the whitepaper's table"},
    RateRow{7, 2, 128, 0, 1024, 1024, 0, 2048, 0, 0, false,
            "Jetson AGX Xavier (Volta SM with INT8 Tensor Cores): its developer kit "
            "specification gives the GPU (512 cores, 64 Tensor Cores) 11 TFLOPS FP16 and 22 TOPS "
            "INT8, the DLAs' 10 TOPS apart (the 32 TOPS quoted are both): 8 SMs x 1.377 GHz x "
            "1024 = 11.3 TFLOPS, x 2048 = 22.6 TOPS"},
    RateRow{7, 5, 128, 0, 1024, 1024, 0, 2048, 0, 0, true,
            "NVIDIA Turing GPU Architecture whitepaper (2018), TITAN RTX / Quadro RTX 6000 / T4 "
            "tables: 130.5 TFLOPS FP16 at 72 SMs x 1.77 GHz; GeForce RTX 20 parts half the "
            "FP32-accumulate rate"},
    RateRow{8, 0, 128, 1024, 2048, 2048, 2048, 4096, 0, 0, false,
            "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): 312 TFLOPS FP16/BF16, "
            "156 TF32, 624 TOPS INT8 at 108 SMs x 1.41 GHz"},
    RateRow{8, 6, 256, 512, 1024, 1024, 1024, 2048, 0, 0, true,
            "NVIDIA Ampere GA102 GPU Architecture whitepaper (2020): RTX A6000 / A40 full rates, "
            "GeForce RTX 30 FP32-accumulate at half (RTX 3090: 142 TFLOPS FP16 with FP16 "
            "accumulation, 71 with FP32)"},
    RateRow{8, 7, 256, 1024, 2048, 2048, 2048, 4096, 0, 0, false,
            "Jetson AGX Orin series technical brief (2022): Ampere SMs with A100's Tensor Core "
            "rates per SM (AGX Orin 64GB: 16 SMs)"},
    RateRow{8, 9, 256, 512, 1024, 1024, 1024, 2048, 2048, 0, true,
            "NVIDIA Ada GPU Architecture whitepaper v2.01 (2023), RTX 6000 Ada / L40S / L4 "
            "tables: 364 TFLOPS FP16, 728 FP8 dense at 142 SMs x 2.505 GHz (RTX 6000 Ada); "
            "GeForce RTX 40 FP32-accumulate at half (RTX 4090: 165.2 TFLOPS FP16, 330.3 FP8). "
            "The L40's datasheet gives 181 TFLOPS FP16 dense (362 with sparsity), as if it "
            "halved FP32 accumulation too: not halved here (a roof never set too low)"},
    RateRow{9, 0, 256, 2048, 4096, 4096, 4096, 8192, 8192, 0, false,
            "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022): 989.4 TFLOPS FP16, "
            "1979 FP8/INT8 dense (H100 SXM5, 132 SMs x 1.83 GHz)"},
    RateRow{10, 0, 256, 4096, 8192, 8192, 8192, 16384, 16384, 32768, false,
            "NVIDIA Blackwell datasheets (DGX B200, 2024): 2.25 PFLOPS FP16, 4.5 FP8/INT8, "
            "9 FP4 dense per B200; per SM derived with 148 SMs (as the driver reports them: "
            "pytorch/ao#4002's deviceQuery) x about 1.86 GHz (unsure: NVIDIA publishes no B200 "
            "boost clock in its whitepaper)"},
    RateRow{10, 3, 256, 4096, 8192, 8192, 8192, 0, 16384, 49152, false,
            "Blackwell Ultra (B300, GB300; 148 SMs as B200): NVIDIA/exemplar-performance's "
            "table of dense peaks gives B300 B200's BF16 (2250 TFLOPS) and FP8 (4500) and 1.5 x "
            "its NVFP4 (13500); INT8 is cut (tcgen05's kind::i8 is not supported on sm_103a, "
            "ademeure/QuickRunCUDA's measurements: 143 TOPS): left out; TF32 as 10.0"},
    RateRow{11, 0, 256, 4096, 8192, 8192, 8192, 16384, 16384, 32768, false,
            "Jetson Thor (Blackwell, CC 11.0 from CUDA 13; 10.1 before): Jetson AGX Thor data "
            "sheet, 2070 TFLOPS FP4 sparse at 20 SMs x 1.575 GHz gives 32768 dense FP4; the "
            "other rates as 10.0, whose Tensor Cores (tcgen05) sm_110a shares (flashinfer#3003, "
            "flash-attention#2108: functionally sm_100a); NVIDIA publishes no FP16 or INT8 "
            "figure for Thor"},
    RateRow{12, 0, 256, 512, 1024, 1024, 1024, 2048, 2048, 4096, true,
            "NVIDIA RTX Blackwell GPU Architecture whitepaper (2025): RTX PRO 6000 Blackwell / "
            "RTX 5090 Tensor Core rates per SM as Ada's, FP4 twice FP8 (5090: 419 TFLOPS FP16 "
            "with FP16 accumulation at 170 SMs x 2.41 GHz); GeForce RTX 50 FP32-accumulate at "
            "half (5090: 209.5 TFLOPS BF16, 419 FP8, 104.8 TF32, as pytorch/ao's "
            "roofline_utils takes them from the whitepaper; flashinfer#3628 measures an RTX 5060 "
            "Ti at about 51 TFLOPS FP16 with FP32 accumulation, 103 with FP16)"},
    RateRow{12, 1, 256, 512, 1024, 1024, 1024, 2048, 2048, 4096, false,
            "DGX Spark (GB10, 2025): 48 SMs (6144 CUDA cores); its 31 TFLOPS FP32 (Hot Chips "
            "2025) give 2.52 GHz at 256 FP32 per SM per clock, at which its 1 PFLOPS FP4 sparse "
            "(500 dense) gives 4134 FP4 per SM per clock, 12.0's 4096 within 1 %: the rates per "
            "SM taken as 12.0's (those of the other classes not published)"},
};

} // namespace

double RateRow::rate(MathClass math) const {
    switch (math) {
    case MathClass::Fp32:
        return fp32;
    case MathClass::Tf32:
        return tf32;
    case MathClass::Fp16:
        return fp16;
    case MathClass::Fp16Acc16:
        return fp16Acc16;
    case MathClass::Bf16:
        return bf16;
    case MathClass::Int8:
        return int8;
    case MathClass::Fp8:
        return fp8;
    case MathClass::Fp4:
        return fp4;
    }
    return 0;
}

std::span<const RateRow> rateTable() {
    return kRows;
}

const RateRow* rateRow(int major, int minor) {
    for (const RateRow& row : kRows)
        if (row.major == major && row.minor == minor)
            return &row;
    return nullptr;
}

bool halvedOnGeforce(MathClass math) {
    return math == MathClass::Fp16 || math == MathClass::Bf16 || math == MathClass::Tf32 ||
           math == MathClass::Fp8;
}

} // namespace planscope
