#pragma once

#include <QString>

namespace planscope {

// What a TensorRT "Format/Datatype" string means: trex's short name, the data type
// (precision) and the size of one element in bytes (0.5 for 4-bit types, 0 if unknown).
struct TensorFormat {
    QString shortName;
    QString precision;
    double elementSize = 0;
};

TensorFormat describeFormat(const QString& formatDatatype);

} // namespace planscope
