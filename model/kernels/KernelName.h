#pragma once

#include <QString>
#include <QStringList>

namespace planscope {

// Where a kernel's multiply-adds run, as far as its name says.
enum class MathUnit { Unknown, TensorCores, CudaCores };

// What a TensorRT tactic's kernel name says, read by the naming grammar of NVIDIA's kernel
// libraries (xmma/CASK `sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize..`,
// cuDNN/cuBLAS `ampere_h16816cudnn_128x64_..`, CUTLASS `cutlass_80_tensorop_s1688gemm_..`).
// A field the name does not carry stays empty (0 for numbers): nothing is guessed.
struct KernelName {
    QString name;          // the tactic as given
    bool decoded = false;  // the name follows one of those grammars
    QString unknownReason; // why `unit` is Unknown, in words
    QString library;       // "xmma", "cuDNN", "cuBLAS", "CUTLASS", "Myelin"
    QString architecture;  // as named: "sm80", "ampere", "turing"
    int sm = 0;            // the compute capability it is built for (80 for sm80 and ampere)
    QString operation;     // "fprop implicit GEMM", "GEMM", "convolution", "pooling" ...
    QStringList variants;  // "indexed", "interleaved", "without shared memory", "small batch"
    MathUnit unit = MathUnit::Unknown;
    QString math;         // "HMMA", "IMMA", "TF32", "QMMA", "HGMMA" ..., "FFMA", "SIMT", "DP4A"
    QString mmaShape;     // "m16n8k16"
    QString mathEvidence; // the part of the name the unit was read from ("h16816", "simt")
    QString inputType;    // "f16", "i8", "int8x4" ... as the name spells them
    QString outputType;
    QString computeType; // the MMA's operand type, e.g. "tf32" of f32 data
    QString accumulatorType;
    QString epilogueType;  // the type bias and scaling are applied in
    QStringList layouts;   // in name order: "nhwc", "krsc", "nchw_vect_c_32" ...
    QString gemmLayout;    // GEMM operands: "tn" = A transposed, B not
    QString tile;          // thread-block tile, "128x64x32" (MxNxK)
    QString warpTile;      // "32x32"
    int stages = 0;        // software pipeline stages
    QString warps;         // warp arrangement, "2x2x1"
    QString warpGroups;    // Hopper warp groups, "1x1x1"
    QString cluster;       // Hopper thread-block cluster (CGA), "1x2x1"
    QStringList alignment; // "A 8", "C 8" (elements)
    QString splitK;        // "split-K", "segment-K", "sliced-K 1x2"
    QString filter;        // "3x3" (RxS), "3x3x3" with a depth
    QString stride;        // "2x2"
    int groups = 0;        // g1: ordinary, g8: grouped
    QStringList epilogue;  // "ReLU", "bias", "beta" ...
};

// Decodes a tactic name: "TensorRT", an empty name, a Myelin-generated kernel (`__myl_..`) or a
// name of no known grammar are not decoded and their unit is Unknown, with the reason.
KernelName decodeKernelName(const QString& tactic);

} // namespace planscope
