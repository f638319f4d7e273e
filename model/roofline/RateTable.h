#pragma once

#include "roofline/MathClass.h"

#include <optional>
#include <span>

namespace planscope {

// The dense rate of each math class per SM per clock (FLOPs; ops for int8) of one compute
// capability, and where the figures come from. 0: the architecture has no such math.
struct RateRow {
    int major = 0;
    int minor = 0;
    double fp32 = 0;
    double tf32 = 0;
    double fp16 = 0;      // Tensor Core FP16, FP32 accumulation
    double fp16Acc16 = 0; // Tensor Core FP16, FP16 accumulation
    double bf16 = 0;
    double int8 = 0;
    double fp8 = 0;
    double fp4 = 0;
    bool geforceHalves = false; // GeForce parts run the FP32-accumulate Tensor Core math at half
    const char* source = "";

    double rate(MathClass math) const;
};

// Every row, by compute capability (the data file: roofline/RateTable.cpp).
std::span<const RateRow> rateTable();
// The row of compute capability major.minor, if the table has one.
const RateRow* rateRow(int major, int minor);

// Whether the GeForce rule halves `math` on a GeForce part: the FP32-accumulate Tensor Core
// classes (fp16, bf16, tf32, fp8).
bool halvedOnGeforce(MathClass math);

} // namespace planscope
