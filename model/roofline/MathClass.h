#pragma once

#include "kernels/KernelName.h"

#include <QString>
#include <array>
#include <optional>

namespace planscope {

// The math a kernel runs, as the rate table prices it: `fp32` on CUDA cores, the others on
// Tensor Cores (`fp16` accumulating in FP32, `fp16_acc16` in FP16; `int8` counts ops).
enum class MathClass { Fp32, Tf32, Fp16, Fp16Acc16, Bf16, Int8, Fp8, Fp4 };

// Every class, in the enum's order (an index by class).
inline constexpr std::array kMathClasses = {MathClass::Fp32,      MathClass::Tf32, MathClass::Fp16,
                                            MathClass::Fp16Acc16, MathClass::Bf16, MathClass::Int8,
                                            MathClass::Fp8,       MathClass::Fp4};

// "fp32", "tf32", "fp16", "fp16_acc16", "bf16", "int8", "fp8", "fp4": the JSON's names.
const char* mathClassName(MathClass math);
// The unit of a class's rates: "TOP/s" for int8 (it counts ops), "TFLOP/s" for the rest.
QString rateUnit(MathClass math);
std::optional<MathClass> mathClassFromName(const QString& name);

// What the kernel's name says of its math (the decoder's unit, Tensor Core instruction, input
// and accumulator types; CUDA-core kernels fp32, but DP4A int8 and HFMA2 fp16_acc16); empty
// where the name does not say (Myelin's generated kernels, TensorRT's runners, a name of no
// known grammar).
std::optional<MathClass> mathClassOfKernel(const KernelName& kernel);

// The classes a layer of this precision (its first input's: "FP32", "FP16", "INT8" ...) may run,
// among which the roofline takes the fastest the GPU has when the name does not say: a roof is
// never set too low. Every class for a precision that says nothing (INT32, Bool, Unknown).
std::vector<MathClass> mathClassesForPrecision(const QString& precision);

} // namespace planscope
