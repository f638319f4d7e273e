#include "onnxmodel/OnnxGraph.h"

#include <algorithm>
#include <array>

namespace planscope {

QString elementTypeName(ElementType type) {
    static constexpr std::array<const char*, 23> kNames = {
        "UNDEFINED",      "FLOAT",      "UINT8",          "INT8",       "UINT16",   "INT16",
        "INT32",          "INT64",      "STRING",         "BOOL",       "FLOAT16",  "DOUBLE",
        "UINT32",         "UINT64",     "COMPLEX64",      "COMPLEX128", "BFLOAT16", "FLOAT8E4M3FN",
        "FLOAT8E4M3FNUZ", "FLOAT8E5M2", "FLOAT8E5M2FNUZ", "UINT4",      "INT4"};
    const int number = static_cast<int>(type);
    if (number > 0 && number < int(kNames.size()))
        return QString::fromLatin1(kNames[std::size_t(number)]);
    return QStringLiteral("UNDEFINED(%1)").arg(number);
}

std::size_t elementBytes(ElementType type) {
    switch (type) {
    case ElementType::Uint8:
    case ElementType::Int8:
    case ElementType::Bool:
    case ElementType::Float8E4M3FN:
    case ElementType::Float8E4M3FNUZ:
    case ElementType::Float8E5M2:
    case ElementType::Float8E5M2FNUZ:
        return 1;
    case ElementType::Uint16:
    case ElementType::Int16:
    case ElementType::Float16:
    case ElementType::BFloat16:
        return 2;
    case ElementType::Float:
    case ElementType::Int32:
    case ElementType::Uint32:
        return 4;
    case ElementType::Int64:
    case ElementType::Uint64:
    case ElementType::Double:
        return 8;
    default:
        return 0;
    }
}

bool isIndexType(ElementType type) {
    return type == ElementType::Int32 || type == ElementType::Int64 ||
           type == ElementType::Uint32 || type == ElementType::Uint64;
}

bool OnnxGraph::wasCut() const {
    return std::any_of(cutChecks.begin(), cutChecks.end(), [](const auto& cut) { return cut(); });
}

qint64 OnnxInitializer::elements() const {
    qint64 count = 1;
    for (qint64 dim : dims)
        count *= dim;
    return count;
}

} // namespace planscope
