#pragma once

#include <QString>
#include <QStringList>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <vector>

namespace planscope {

// An ONNX model as PlanScope reads it beside a plan: the main graph's nodes and initializers,
// in plain types (read by importers/onnxread, the only code that sees ONNX's protobuf classes).
// Initializers' values stay where they were read (the model or its external data files,
// mapped): `storage` keeps them.

// ONNX's TensorProto.DataType, by its numbers.
enum class ElementType : int {
    Undefined = 0,
    Float = 1,
    Uint8 = 2,
    Int8 = 3,
    Uint16 = 4,
    Int16 = 5,
    Int32 = 6,
    Int64 = 7,
    String = 8,
    Bool = 9,
    Float16 = 10,
    Double = 11,
    Uint32 = 12,
    Uint64 = 13,
    Complex64 = 14,
    Complex128 = 15,
    BFloat16 = 16,
    Float8E4M3FN = 17,
    Float8E4M3FNUZ = 18,
    Float8E5M2 = 19,
    Float8E5M2FNUZ = 20,
    Uint4 = 21,
    Int4 = 22,
};

// ONNX's name of a type ("FLOAT", "INT8"); "UNDEFINED(N)" for a number ONNX does not define.
QString elementTypeName(ElementType type);
// Bytes per element of a type whose values PlanScope reads (numbers and Bool); 0 for the others
// (strings, complex numbers, packed 4-bit types).
std::size_t elementBytes(ElementType type);
// Whether a type holds integers of 32 or 64 bits: shapes, axes and indices, never weights.
bool isIndexType(ElementType type);

struct OnnxNode {
    QString name;
    QString op;         // op_type
    QStringList inputs; // "" for an input left out
    QStringList outputs;
    std::map<QString, qint64> intAttributes; // the attributes holding one integer (transB, axis)
};

struct OnnxInitializer {
    QString name;
    ElementType type = ElementType::Undefined;
    std::vector<qint64> dims;
    // Its values, little-endian as ONNX stores them; empty when the type has no readable values
    // (elementBytes() 0) or the tensor holds no elements.
    std::span<const std::byte> data;
    qint64 elements() const;
};

struct OnnxGraph {
    QString file;      // the model's path as named
    QString graphName; // GraphProto.name
    std::vector<OnnxNode> nodes;
    std::vector<OnnxInitializer> initializers;
    std::vector<std::shared_ptr<const void>> storage; // the mapped files and converted values
    // One per mapped file: whether another program cut it short while it was read (what was cut
    // then reads as zeros, not as a crash: io/text/MappedFileGuard).
    std::vector<std::function<bool()>> cutChecks;

    // Whether any of its files was cut short: its figures are then not the model's.
    bool wasCut() const;
};

} // namespace planscope
