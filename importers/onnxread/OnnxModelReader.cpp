#include "onnxread/OnnxModelReader.h"

#include "onnxread/MappedFile.h"
#include "onnxread/TensorReader.h"
#include "plan/DisplayName.h"
#include "plan/PlanError.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>
#include <limits>
#include <onnx/onnx_pb.h>

namespace planscope {
namespace {

using google::protobuf::internal::WireFormatLite;
using google::protobuf::io::CodedInputStream;

constexpr int kModelGraphField = 7;       // ModelProto.graph
constexpr int kGraphNodeField = 1;        // GraphProto.node
constexpr int kGraphNameField = 2;        // GraphProto.name
constexpr int kGraphInitializerField = 5; // GraphProto.initializer

PlanError notOnnx(const QString& path, const QString& why) {
    return PlanError(QStringLiteral("%1 is not an ONNX model, or it is cut short (%2): open the "
                                    ".onnx file the engine was built from (export it again, or "
                                    "copy it whole)")
                         .arg(displayName(path), why));
}

// Calls `use(field, bytes)` for each length-delimited field of the message in `bytes`, skipping
// the others; false when the message ends inside a field.
template <class Use> bool forEachMessageField(std::span<const std::byte> bytes, Use&& use) {
    CodedInputStream in(reinterpret_cast<const std::uint8_t*>(bytes.data()), int(bytes.size()));
    for (std::uint32_t tag = in.ReadTag(); tag != 0; tag = in.ReadTag()) {
        if (WireFormatLite::GetTagWireType(tag) != WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            if (!WireFormatLite::SkipField(&in, tag))
                return false;
            continue;
        }
        std::uint32_t length = 0;
        if (!in.ReadVarint32(&length))
            return false;
        const int start = in.CurrentPosition();
        if (!in.Skip(int(length)))
            return false;
        use(WireFormatLite::GetTagFieldNumber(tag), bytes.subspan(std::size_t(start), length));
    }
    return in.CurrentPosition() == int(bytes.size());
}

OnnxNode nodeOf(const onnx::NodeProto& proto) {
    OnnxNode node;
    node.name = QString::fromStdString(proto.name());
    node.op = QString::fromStdString(proto.op_type());
    for (const std::string& input : proto.input())
        node.inputs << QString::fromStdString(input);
    for (const std::string& output : proto.output())
        node.outputs << QString::fromStdString(output);
    for (const onnx::AttributeProto& attribute : proto.attribute())
        if (attribute.type() == onnx::AttributeProto::INT)
            node.intAttributes[QString::fromStdString(attribute.name())] = attribute.i();
    return node;
}

// A weight written as a Constant node (some exporters' habit): its tensor kept as an initializer
// named by the node's output, its bytes (parsed into the node) copied once into the graph.
void addConstantTensor(const onnx::NodeProto& node, TensorReader& tensors, OnnxGraph& graph) {
    if (node.op_type() != "Constant" || node.output_size() != 1)
        return;
    for (const onnx::AttributeProto& attribute : node.attribute())
        if (attribute.name() == "value" && attribute.has_t()) {
            auto bytes = std::make_shared<const std::string>(attribute.t().SerializeAsString());
            graph.storage.push_back(bytes);
            OnnxInitializer tensor = tensors.read(std::as_bytes(std::span(*bytes)));
            tensor.name = QString::fromStdString(node.output(0));
            graph.initializers.push_back(std::move(tensor));
        }
}

} // namespace

OnnxGraph readOnnxModel(const QString& path) {
    const std::shared_ptr<const MappedFile> file = MappedFile::open(path, QStringLiteral("model"));
    OnnxGraph graph = parseOnnxModel(file->bytes(), path);
    graph.storage.push_back(file);
    graph.cutChecks.emplace_back([file] { return file->wasCut(); });
    if (graph.wasCut())
        throw cutShort(path);
    return graph;
}

OnnxGraph parseOnnxModel(std::span<const std::byte> bytes, const QString& path) {
    if (bytes.size() > std::size_t(std::numeric_limits<int>::max()))
        throw PlanError(QStringLiteral("%1 is larger than 2 GB, which no ONNX file can be: its "
                                       "weights belong in external data files (save it with "
                                       "onnx.save_model(model, path, save_as_external_data=True))")
                            .arg(displayName(path)));
    OnnxGraph graph;
    graph.file = path;
    std::span<const std::byte> graphBytes;
    bool hasGraph = false;
    if (!forEachMessageField(bytes, [&](int field, std::span<const std::byte> value) {
            if (field == kModelGraphField) {
                graphBytes = value;
                hasGraph = true;
            }
        }))
        throw notOnnx(path, QStringLiteral("its protobuf ends inside a field"));
    if (!hasGraph)
        throw notOnnx(path, QStringLiteral("it holds no graph"));
    TensorReader tensors(path, graph);
    onnx::NodeProto node;
    bool damagedNode = false;
    const bool whole =
        forEachMessageField(graphBytes, [&](int field, std::span<const std::byte> value) {
            if (field == kGraphNodeField) {
                if (!node.ParseFromArray(value.data(), int(value.size()))) {
                    damagedNode = true;
                    return;
                }
                graph.nodes.push_back(nodeOf(node));
                addConstantTensor(node, tensors, graph);
            } else if (field == kGraphNameField) {
                graph.graphName = QString::fromUtf8(reinterpret_cast<const char*>(value.data()),
                                                    qsizetype(value.size()));
            } else if (field == kGraphInitializerField) {
                graph.initializers.push_back(tensors.read(value));
            }
        });
    if (!whole || damagedNode)
        throw notOnnx(path, QStringLiteral("its graph ends inside a field"));
    if (graph.nodes.empty())
        throw notOnnx(path, QStringLiteral("its graph has no node"));
    return graph;
}

PlanError cutShort(const QString& path) {
    return PlanError(QStringLiteral("%1 was cut short by another program while it was read: read "
                                    "it again once it is whole")
                         .arg(displayName(path)));
}

} // namespace planscope
