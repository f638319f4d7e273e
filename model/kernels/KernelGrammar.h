#pragma once

#include <QString>
#include <QStringList>

namespace planscope::kernelgrammar {

// The pieces of the kernel-name grammar that KernelName.cpp puts together: each reads one
// '_'-separated, lower-cased token. Exposed only to that decoder.

// An MMA instruction token of cuDNN, cuBLAS and CUTLASS names: a precision letter and the
// instruction's M, N, K run together, then what the kernel is ("h16816cudnn", "s1688gemm",
// "i8816cudnn", "h884gemm"). h: FP16 accumulate, s: FP32 accumulate, i: INT32, d: FP64.
struct MmaToken {
    QChar precision;
    QString shape; // "m16n8k16"
    QString kind;  // "gemm", "cudnn", "fprop" ... or empty
};
bool readMmaToken(const QString& token, MmaToken& mma);

// A CUDA-core kernel token: a precision letter and no instruction shape ("scudnn", "sgemm",
// "hgemm", "icudnn"). Returns the letter(s), empty when the token is not one.
QString cudaCoreKernelPrefix(const QString& token);

// The data types a token is made of, or an empty list: "f16f16" -> {f16, f16}, "i8f32",
// "tf32f32", "e4m3bf16"; the upper-case forms of pooling and older kernels ("fp16fp32nhwc" ->
// {fp16, fp32}, with the layout after them), "fp16", "int8x4".
QStringList typesOf(const QString& token);
bool isSpelledOut(const QString& type); // fp16, fp32, int8 ... as opposed to f16, f32, i8

// "128x64x32" from "tilesize128x64x32" when `token` is `prefix` followed by dimensions.
QString dimensionsAfter(const QString& token, const QString& prefix);
int numberAfter(const QString& token, const QString& prefix); // "stage4" -> 4; -1 when not

// Data layouts in name order, each with its vectorization: "nhwckrsc_nhwc" -> {nhwc, krsc,
// nhwc}; "nchw_vect_c_32kcrs_vect_c_32_..." -> {nchw_vect_c_32, kcrs_vect_c_32, ...}.
QStringList layoutsIn(const QString& lowerName);

// The Tensor Core instruction family for an operand type: "HMMA" for f16/bf16, "TF32",
// "IMMA" for 8- and 4-bit integers, "QMMA" for FP8, "DMMA" for f64; Hopper's warp-group
// forms ("HGMMA" ...) when `warpGroup`; empty when the type is not one of those.
QString tensorCoreMath(const QString& operandType, bool warpGroup);

} // namespace planscope::kernelgrammar
