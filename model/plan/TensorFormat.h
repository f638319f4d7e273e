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

TensorFormat describeFormat(const QString& formatDatatype);

// A row-major short name ("FP16 NCHW") for a tensor of `rank` dimensions: NCHW names four,
// NCDHW five; other ranks keep the data type alone (row major is every tensor's default).
QString shortNameForRank(const QString& shortName, std::size_t rank);

} // namespace planscope
