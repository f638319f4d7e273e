#include "onnxread/TensorReader.h"

#include "plan/DisplayName.h"
#include "plan/PlanError.h"

#include <QDir>
#include <QFileInfo>
#include <cstring>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>
#include <limits>
#include <onnx/onnx_pb.h>

namespace planscope {
namespace {

using google::protobuf::internal::WireFormatLite;
using google::protobuf::io::CodedInputStream;

constexpr int kRawDataField = 9; // TensorProto.raw_data

const std::uint8_t* bytesOf(std::span<const std::byte> span) {
    return reinterpret_cast<const std::uint8_t*>(span.data());
}

// The values of a tensor written in typed fields, in ONNX's raw layout.
std::vector<std::byte> typedValues(const onnx::TensorProto& tensor, ElementType type) {
    std::vector<std::byte> bytes;
    const auto append = [&](const auto& values, auto as) {
        using T = decltype(as);
        bytes.resize(std::size_t(values.size()) * sizeof(T));
        for (int i = 0; i < values.size(); ++i) {
            const T value = static_cast<T>(values.Get(i));
            std::memcpy(bytes.data() + std::size_t(i) * sizeof(T), &value, sizeof(T));
        }
    };
    switch (type) {
    case ElementType::Float:
        append(tensor.float_data(), float{});
        break;
    case ElementType::Double:
        append(tensor.double_data(), double{});
        break;
    case ElementType::Int64:
        append(tensor.int64_data(), std::int64_t{});
        break;
    case ElementType::Uint64:
    case ElementType::Uint32:
        if (type == ElementType::Uint64)
            append(tensor.uint64_data(), std::uint64_t{});
        else
            append(tensor.uint64_data(), std::uint32_t{});
        break;
    case ElementType::Int32:
        append(tensor.int32_data(), std::int32_t{});
        break;
    case ElementType::Int16:
    case ElementType::Uint16:
    case ElementType::Float16:
    case ElementType::BFloat16: // int32_data holds their bits
        append(tensor.int32_data(), std::uint16_t{});
        break;
    default:
        if (elementBytes(type) == 1)
            append(tensor.int32_data(), std::uint8_t{});
        break;
    }
    return bytes;
}

} // namespace

TensorReader::TensorReader(QString modelPath, OnnxGraph& graph)
    : m_modelPath(std::move(modelPath)), m_graph(graph) {}

std::span<const std::byte> TensorReader::externalData(const QString& tensor,
                                                      const QString& location, qint64 offset,
                                                      qint64 length) {
    // As ONNX's own loader: a location is a file beside the model, never a path out of its folder.
    if (QDir::isAbsolutePath(location) || location.split(u'/').contains(QStringLiteral("..")))
        throw PlanError(QStringLiteral("%1: the weights of %2 are said to be in %3, outside the "
                                       "model's folder: ONNX reads external data only beside the "
                                       "model; save the model again with its data beside it")
                            .arg(displayName(m_modelPath), tensor, location));
    const QString path = QFileInfo(m_modelPath).dir().filePath(location);
    auto found = m_external.find(path);
    if (found == m_external.end()) {
        if (!QFileInfo::exists(path))
            throw PlanError(
                QStringLiteral("%1: the weights of %2 are in the external data file %3, which is "
                               "not beside the model: copy %4 into %5 (ONNX reads it there)")
                    .arg(displayName(m_modelPath), tensor, QDir::toNativeSeparators(path), location,
                         QDir::toNativeSeparators(QFileInfo(path).absolutePath())));
        found = m_external.insert(
            path, MappedFile::open(
                      path, QStringLiteral("external data of %1").arg(displayName(m_modelPath))));
        m_graph.storage.push_back(*found);
        m_graph.cutChecks.emplace_back([file = *found] { return file->wasCut(); });
    }
    const std::span<const std::byte> file = (*found)->bytes();
    if (length < 0)
        length = qint64(file.size()) - offset;
    if (offset < 0 || length < 0 || quint64(offset) + quint64(length) > file.size())
        throw PlanError(QStringLiteral("%1: the weights of %2 run past the end of its external "
                                       "data file %3 (%4 bytes from byte %5 of %6): the file is "
                                       "cut short or of another model; save the model again")
                            .arg(displayName(m_modelPath), tensor, location)
                            .arg(length)
                            .arg(offset)
                            .arg(file.size()));
    return file.subspan(std::size_t(offset), std::size_t(length));
}

OnnxInitializer TensorReader::read(std::span<const std::byte> message) {
    const auto damaged = [&](const QString& what) {
        return PlanError(QStringLiteral("%1: an initializer is damaged (%2): the model is cut "
                                        "short or not an ONNX model; export it again")
                             .arg(displayName(m_modelPath), what));
    };
    // Every field but raw_data is parsed by ONNX's class; raw_data stays where it is.
    std::string rest;
    std::span<const std::byte> raw;
    bool hasRaw = false;
    CodedInputStream in(bytesOf(message), int(message.size()));
    for (int start = 0;; start = in.CurrentPosition()) {
        const std::uint32_t tag = in.ReadTag();
        if (tag == 0)
            break;
        if (WireFormatLite::GetTagFieldNumber(tag) == kRawDataField &&
            WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            std::uint32_t length = 0;
            if (!in.ReadVarint32(&length) || !in.Skip(int(length)))
                throw damaged(QStringLiteral("its raw data end early"));
            raw = message.subspan(std::size_t(in.CurrentPosition()) - length, length);
            hasRaw = true;
            continue;
        }
        if (!WireFormatLite::SkipField(&in, tag))
            throw damaged(QStringLiteral("a field ends early"));
        rest.append(reinterpret_cast<const char*>(message.data()) + start,
                    std::size_t(in.CurrentPosition() - start));
    }
    if (in.CurrentPosition() != int(message.size()))
        throw damaged(QStringLiteral("it ends inside a field"));
    onnx::TensorProto proto;
    if (!proto.ParseFromString(rest))
        throw damaged(QStringLiteral("its fields do not parse"));

    OnnxInitializer tensor;
    tensor.name = QString::fromStdString(proto.name());
    tensor.type = ElementType(proto.data_type());
    qint64 elements = 1;
    for (const std::int64_t dim : proto.dims()) {
        if (dim < 0 || (dim > 0 && elements > std::numeric_limits<qint64>::max() / dim))
            throw damaged(QStringLiteral("%1 has a dimension of %2").arg(tensor.name).arg(dim));
        elements *= dim;
        tensor.dims.push_back(dim);
    }
    const std::size_t width = elementBytes(tensor.type);
    if (width == 0 || elements == 0)
        return tensor; // no values PlanScope reads (strings, 4-bit types) or none at all
    std::span<const std::byte> data;
    if (proto.data_location() == onnx::TensorProto::EXTERNAL) {
        QString location;
        qint64 offset = 0;
        qint64 length = -1;
        for (const onnx::StringStringEntryProto& entry : proto.external_data()) {
            if (entry.key() == "location")
                location = QString::fromStdString(entry.value());
            else if (entry.key() == "offset")
                offset = QString::fromStdString(entry.value()).toLongLong();
            else if (entry.key() == "length")
                length = QString::fromStdString(entry.value()).toLongLong();
        }
        if (location.isEmpty())
            throw damaged(QStringLiteral("%1's external data names no file").arg(tensor.name));
        data = externalData(tensor.name, location, offset, length);
        if (length < 0 && data.size() > std::size_t(elements) * width)
            data = data.first(std::size_t(elements) * width);
    } else if (hasRaw) {
        data = raw;
    } else {
        auto values = std::make_shared<std::vector<std::byte>>(typedValues(proto, tensor.type));
        data = *values;
        m_graph.storage.push_back(values);
    }
    if (data.size() / width != std::size_t(elements) || data.size() % width != 0)
        throw damaged(QStringLiteral("%1 holds %2 bytes for %3 elements of %4")
                          .arg(tensor.name)
                          .arg(data.size())
                          .arg(elements)
                          .arg(elementTypeName(tensor.type)));
    tensor.data = data;
    return tensor;
}

} // namespace planscope
