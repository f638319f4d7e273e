#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace planscope {

// An engine input or output as TensorRT 11's engine inspector lists it ("I/O Tensors"; earlier
// versions name them only, in "Bindings").
struct IoTensor {
    // The shapes an optimization profile allows, and the format it runs the tensor in.
    struct Profile {
        std::vector<qint64> minShape;
        std::vector<qint64> optShape;
        std::vector<qint64> maxShape;
        QString format;      // as exported, "Row major linear FP32 format (kLINEAR)"
        QString shortFormat; // "FP32 NCHW"
    };
    QString name;
    bool input = true;           // IOMode "Input", else "Output"
    QString dataType;            // as exported, "Float"
    QString precision;           // "FP32"
    std::vector<qint64> shape;   // Dimensions; -1 marks a dynamic one
    QString location;            // "Device", "Host"
    std::optional<bool> shapeIo; // IsShapeInferenceIO: a shape tensor
    std::vector<Profile> profiles;

    // "input_0: FP32 [1, 3, 224, 224], FP32 NCHW" and, where the profile's shapes differ, "(min
    // [1, 3, 224, 224], opt [8, 3, 224, 224], max [32, 3, 224, 224])"; profile `profile`'s
    // format and shapes, the tensor's own where it has none.
    QString description(int profile) const;
};

} // namespace planscope
