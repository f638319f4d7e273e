#include "io/graph/IoTensorReader.h"

#include "plan/TensorFormat.h"

namespace planscope {
namespace {

using simdjson::dom::element;

QString text(element value) {
    std::string_view view;
    if (value.get(view) != simdjson::SUCCESS)
        return {};
    return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size()));
}

std::vector<qint64> dimensions(element value) {
    std::vector<qint64> shape;
    simdjson::dom::array list;
    if (value.get(list) != simdjson::SUCCESS)
        return shape;
    for (const element d : list) {
        int64_t v = -1;
        shape.push_back(d.get(v) == simdjson::SUCCESS ? v : -1);
    }
    return shape;
}

IoTensor::Profile profileOf(element value) {
    IoTensor::Profile profile;
    simdjson::dom::object object;
    if (value.get(object) != simdjson::SUCCESS)
        return profile;
    for (const auto field : object) {
        if (field.key == "MinShape")
            profile.minShape = dimensions(field.value);
        else if (field.key == "OptShape")
            profile.optShape = dimensions(field.value);
        else if (field.key == "MaxShape")
            profile.maxShape = dimensions(field.value);
        else if (field.key == "Format")
            profile.format = text(field.value);
    }
    if (!profile.format.isEmpty())
        profile.shortFormat = describeFormat(profile.format).shortName;
    return profile;
}

std::vector<IoTensor::Profile> profilesOf(element value) {
    simdjson::dom::array list;
    if (value.get(list) != simdjson::SUCCESS) // one profile written as an object
        return {profileOf(value)};
    std::vector<IoTensor::Profile> profiles;
    for (const element p : list)
        profiles.push_back(profileOf(p));
    return profiles;
}

} // namespace

std::vector<IoTensor> readIoTensors(element list) {
    std::vector<IoTensor> tensors;
    simdjson::dom::array entries;
    if (list.get(entries) != simdjson::SUCCESS)
        return tensors;
    for (const element entry : entries) {
        simdjson::dom::object object;
        if (entry.get(object) != simdjson::SUCCESS)
            continue;
        IoTensor t;
        for (const auto field : object) { // a key written twice keeps its last value
            if (field.key == "Name") {
                t.name = text(field.value);
            } else if (field.key == "IOMode") {
                t.input =
                    text(field.value).compare(QLatin1String("Output"), Qt::CaseInsensitive) != 0;
            } else if (field.key == "DataType" || field.key == "Datatype") {
                t.dataType = text(field.value);
            } else if (field.key == "Dimensions") {
                t.shape = dimensions(field.value);
            } else if (field.key == "Location") {
                t.location = text(field.value);
            } else if (field.key == "IsShapeInferenceIO") {
                bool shapeIo = false;
                if (field.value.get(shapeIo) == simdjson::SUCCESS)
                    t.shapeIo = shapeIo;
            } else if (field.key == "ProfileInfo") {
                t.profiles = profilesOf(field.value);
            }
        }
        if (t.name.isEmpty())
            continue;
        t.precision = describeFormat(QString(), t.dataType).precision;
        tensors.push_back(std::move(t));
    }
    return tensors;
}

} // namespace planscope
