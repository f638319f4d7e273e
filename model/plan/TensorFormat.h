#pragma once

#include <QString>
#include <cstddef>

namespace planscope {

// What a TensorRT "Format/Datatype" string means: trex's short name, the data type
// (precision) and the size of one element in bytes (0.5 for 4-bit types, 0 if unknown).
struct TensorFormat {
    QString shortName;
    QString precision;
    double elementSize = 0;
};

// TensorRT 10 and before: one "Format/Datatype" string ("Row major linear FP32",
// "Channel major FP16 format where channel % 8 == 0", a bare kgen type "Half"), also with the
// enum name TensorRT 11 appends ("Row major linear FP32 format (kLINEAR)").
TensorFormat describeFormat(const QString& formatDatatype);
// TensorRT 11: the layout and the data type apart ("(Linear) Row major linear format", "Float").
TensorFormat describeFormat(const QString& format, const QString& dataType);

// The bytes `volume` elements take: sub-byte types packed, two 4-bit values to a byte, a
// tensor's last byte whole (as TensorRT's samples count them).
double tensorBytes(double volume, double elementSize);

// A row-major short name ("FP16 NCHW") for a tensor of `rank` dimensions: NCHW names four,
// NCDHW five; other ranks keep the data type alone (row major is every tensor's default).
QString shortNameForRank(const QString& shortName, std::size_t rank);

} // namespace planscope
