#include "roofline/MathClass.h"

#include <vector>

namespace planscope {
namespace {

bool isOneOf(const QString& value, std::initializer_list<const char*> names) {
    for (const char* name : names)
        if (value == QLatin1String(name))
            return true;
    return false;
}

// A Tensor Core kernel's class by its operand type and accumulator.
std::optional<MathClass> tensorCoreClass(const KernelName& k) {
    const QString operand = k.computeType.isEmpty() ? k.inputType : k.computeType;
    if (operand == QLatin1String("tf32") || k.math == QLatin1String("TF32"))
        return MathClass::Tf32;
    if (operand == QLatin1String("bf16"))
        return MathClass::Bf16;
    if (isOneOf(operand, {"f16", "fp16", "h"}) ||
        (operand.isEmpty() && k.math.startsWith(QLatin1String("HMMA")))) {
        // An accumulator the name does not give: the faster FP16 accumulation.
        return k.accumulatorType == QLatin1String("f32") ? MathClass::Fp16 : MathClass::Fp16Acc16;
    }
    if (isOneOf(operand, {"f32", "fp32", "s"}))
        return MathClass::Tf32; // FP32 data on Tensor Cores runs as TF32
    if (isOneOf(operand, {"e4m3", "e5m2", "fp8", "f8"}) || k.math.startsWith(QLatin1Char('Q')))
        return MathClass::Fp8;
    if (isOneOf(operand, {"e2m1", "fp4", "f4", "nvfp4", "mxfp4"}))
        return MathClass::Fp4;
    if (isOneOf(operand, {"i8", "s8", "u8", "i4"}) || operand.startsWith(QLatin1String("int8")) ||
        k.math.startsWith(QLatin1Char('I')))
        return MathClass::Int8;
    return std::nullopt;
}

} // namespace

QString rateUnit(MathClass math) {
    return math == MathClass::Int8 ? QStringLiteral("TOP/s") : QStringLiteral("TFLOP/s");
}

const char* mathClassName(MathClass math) {
    switch (math) {
    case MathClass::Fp32:
        return "fp32";
    case MathClass::Tf32:
        return "tf32";
    case MathClass::Fp16:
        return "fp16";
    case MathClass::Fp16Acc16:
        return "fp16_acc16";
    case MathClass::Bf16:
        return "bf16";
    case MathClass::Int8:
        return "int8";
    case MathClass::Fp8:
        return "fp8";
    case MathClass::Fp4:
        return "fp4";
    }
    return "";
}

std::optional<MathClass> mathClassFromName(const QString& name) {
    for (MathClass math : kMathClasses)
        if (name == QLatin1String(mathClassName(math)))
            return math;
    return std::nullopt;
}

std::optional<MathClass> mathClassOfKernel(const KernelName& kernel) {
    switch (kernel.unit) {
    case MathUnit::TensorCores:
        return tensorCoreClass(kernel);
    case MathUnit::CudaCores:
        // The table has no CUDA-core rate but FP32's: DP4A (four INT8 products a lane, four
        // times FFMA's ops) and HFMA2 (two FP16 FMAs) would beat the fp32 roof, so they are
        // judged against the Tensor Core roof of their type, a roof never set too low.
        if (kernel.math == QLatin1String("DP4A"))
            return MathClass::Int8;
        if (kernel.math == QLatin1String("HFMA2"))
            return MathClass::Fp16Acc16;
        return MathClass::Fp32;
    case MathUnit::Unknown:
        break;
    }
    return std::nullopt;
}

std::vector<MathClass> mathClassesForPrecision(const QString& precision) {
    if (precision == QLatin1String("FP32"))
        return {MathClass::Fp32, MathClass::Tf32};
    if (precision == QLatin1String("FP16"))
        return {MathClass::Fp16, MathClass::Fp16Acc16};
    if (precision == QLatin1String("BF16"))
        return {MathClass::Bf16};
    if (precision == QLatin1String("INT8"))
        return {MathClass::Int8};
    if (precision == QLatin1String("FP8"))
        return {MathClass::Fp8};
    if (precision == QLatin1String("FP4"))
        return {MathClass::Fp4};
    return {kMathClasses.begin(), kMathClasses.end()};
}

} // namespace planscope
