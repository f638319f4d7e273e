#include "onnxmodel/TensorValues.h"

#include <cmath>
#include <limits>

namespace planscope::tensorvalues {
namespace {

float float16Value(std::uint16_t bits) {
    const float sign = bits & 0x8000 ? -1.0f : 1.0f;
    const int exponent = (bits >> 10) & 0x1f;
    const int mantissa = bits & 0x3ff;
    if (exponent == 0x1f)
        return mantissa ? std::numeric_limits<float>::quiet_NaN()
                        : sign * std::numeric_limits<float>::infinity();
    if (exponent == 0)
        return sign * std::ldexp(float(mantissa), -24);
    return sign * std::ldexp(float(mantissa | 0x400), exponent - 25);
}

// An FP8 pattern's value: `mantissaBits` of mantissa, the exponent's `bias`; FNUZ types have
// one NaN (0x80) and no infinity, E4M3FN its NaN at S.1111.111 and no infinity, E5M2 both as
// IEEE.
float float8Value(std::uint8_t bits, int mantissaBits, int bias, ElementType type) {
    const bool fnuz = type == ElementType::Float8E4M3FNUZ || type == ElementType::Float8E5M2FNUZ;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    if (fnuz && bits == 0x80)
        return nan;
    if (type == ElementType::Float8E4M3FN && (bits & 0x7f) == 0x7f)
        return nan;
    const float sign = bits & 0x80 ? -1.0f : 1.0f;
    const int exponentMask = (1 << (7 - mantissaBits)) - 1;
    const int exponent = (bits >> mantissaBits) & exponentMask;
    const int mantissa = bits & ((1 << mantissaBits) - 1);
    if (type == ElementType::Float8E5M2 && exponent == exponentMask)
        return mantissa ? nan : sign * std::numeric_limits<float>::infinity();
    if (exponent == 0)
        return sign * std::ldexp(float(mantissa), 1 - bias - mantissaBits);
    return sign * std::ldexp(float(mantissa | (1 << mantissaBits)), exponent - bias - mantissaBits);
}

std::array<float, 256> float8Table(int mantissaBits, int bias, ElementType type) {
    std::array<float, 256> table{};
    for (int bits = 0; bits < 256; ++bits)
        table[std::size_t(bits)] = float8Value(std::uint8_t(bits), mantissaBits, bias, type);
    return table;
}

} // namespace

const std::array<float, 65536>& float16Values() {
    static const std::array<float, 65536> table = [] {
        std::array<float, 65536> values{};
        for (std::size_t bits = 0; bits < values.size(); ++bits)
            values[bits] = float16Value(std::uint16_t(bits));
        return values;
    }();
    return table;
}

const std::array<float, 256>& float8Values(ElementType type) {
    static const std::array<float, 256> e4m3fn = float8Table(3, 7, ElementType::Float8E4M3FN);
    static const std::array<float, 256> e4m3fnuz = float8Table(3, 8, ElementType::Float8E4M3FNUZ);
    static const std::array<float, 256> e5m2 = float8Table(2, 15, ElementType::Float8E5M2);
    static const std::array<float, 256> e5m2fnuz = float8Table(2, 16, ElementType::Float8E5M2FNUZ);
    switch (type) {
    case ElementType::Float8E4M3FNUZ:
        return e4m3fnuz;
    case ElementType::Float8E5M2:
        return e5m2;
    case ElementType::Float8E5M2FNUZ:
        return e5m2fnuz;
    default:
        return e4m3fn;
    }
}

} // namespace planscope::tensorvalues
