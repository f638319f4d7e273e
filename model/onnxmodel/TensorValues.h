#pragma once

#include "onnxmodel/OnnxGraph.h"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace planscope::tensorvalues {

// An initializer's values as doubles, the conversion chosen once per tensor: visit(tensor, use)
// calls use(at) with at(i) the i-th value, and returns false for a type without readable values.

template <class T> T load(const std::byte* data, qint64 i) {
    T value;
    std::memcpy(&value, data + i * qint64(sizeof(T)), sizeof(T));
    return value;
}

// Every FLOAT16 bit pattern's value (made once).
const std::array<float, 65536>& float16Values();
// Every 8-bit pattern's value of an FP8 type.
const std::array<float, 256>& float8Values(ElementType type);

template <class Use> bool visit(const OnnxInitializer& tensor, Use&& use) {
    static_assert(std::endian::native == std::endian::little, "ONNX stores little-endian values");
    const std::byte* data = tensor.data.data();
    switch (tensor.type) {
    case ElementType::Float:
        use([data](qint64 i) { return double(load<float>(data, i)); });
        return true;
    case ElementType::Double:
        use([data](qint64 i) { return load<double>(data, i); });
        return true;
    case ElementType::Float16: {
        const float* table = float16Values().data();
        use([data, table](qint64 i) { return double(table[load<std::uint16_t>(data, i)]); });
        return true;
    }
    case ElementType::BFloat16:
        use([data](qint64 i) {
            return double(std::bit_cast<float>(std::uint32_t(load<std::uint16_t>(data, i)) << 16));
        });
        return true;
    case ElementType::Float8E4M3FN:
    case ElementType::Float8E4M3FNUZ:
    case ElementType::Float8E5M2:
    case ElementType::Float8E5M2FNUZ: {
        const float* table = float8Values(tensor.type).data();
        use([data, table](qint64 i) { return double(table[load<std::uint8_t>(data, i)]); });
        return true;
    }
    case ElementType::Int8:
        use([data](qint64 i) { return double(load<std::int8_t>(data, i)); });
        return true;
    case ElementType::Uint8:
    case ElementType::Bool:
        use([data](qint64 i) { return double(load<std::uint8_t>(data, i)); });
        return true;
    case ElementType::Int16:
        use([data](qint64 i) { return double(load<std::int16_t>(data, i)); });
        return true;
    case ElementType::Uint16:
        use([data](qint64 i) { return double(load<std::uint16_t>(data, i)); });
        return true;
    case ElementType::Int32:
        use([data](qint64 i) { return double(load<std::int32_t>(data, i)); });
        return true;
    case ElementType::Uint32:
        use([data](qint64 i) { return double(load<std::uint32_t>(data, i)); });
        return true;
    case ElementType::Int64:
        use([data](qint64 i) { return double(load<std::int64_t>(data, i)); });
        return true;
    case ElementType::Uint64:
        use([data](qint64 i) { return double(load<std::uint64_t>(data, i)); });
        return true;
    default:
        return false;
    }
}

} // namespace planscope::tensorvalues
