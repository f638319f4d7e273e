#include "onnxexport/OnnxExport.h"

#include "onnxexport/TensorValues.h"
#include "plan/PlanError.h"

#include <QFile>
#include <QHash>
#include <QSet>
#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

namespace planscope {
namespace {

const char* kDomain = "planscope";

// ONNX 1.12's checker (Debian's) takes these op types for its experimental ops in any domain,
// warns and skips their nodes; TensorRT's Scale layer is one. They are written as TensorRT's API
// names them (IScaleLayer: "ScaleLayer"), with the layer type in a layer_type attribute.
QString opType(const QString& layerType) {
    static const QSet<QString> experimental = {"ATen",
                                               "Affine",
                                               "ConstantFill",
                                               "Crop",
                                               "DynamicSlice",
                                               "GRUUnit",
                                               "GivenTensorFill",
                                               "ImageScaler",
                                               "ParametricSoftplus",
                                               "Scale",
                                               "ScaledTanh"};
    if (layerType.isEmpty())
        return QStringLiteral("Unknown");
    return experimental.contains(layerType) ? layerType + QStringLiteral("Layer") : layerType;
}

// TensorRT data types by PlanScope's precision names; FP8 and 4-bit types have no ONNX 1.12 type.
int elementType(const QString& precision) {
    static const QHash<QString, int> types = {
        {"FP32", onnx::TensorProto::FLOAT},    {"FP16", onnx::TensorProto::FLOAT16},
        {"BF16", onnx::TensorProto::BFLOAT16}, {"INT8", onnx::TensorProto::INT8},
        {"UINT8", onnx::TensorProto::UINT8},   {"INT16", onnx::TensorProto::INT16},
        {"UINT16", onnx::TensorProto::UINT16}, {"INT32", onnx::TensorProto::INT32},
        {"UINT32", onnx::TensorProto::UINT32}, {"INT64", onnx::TensorProto::INT64},
        {"UINT64", onnx::TensorProto::UINT64}, {"BOOL", onnx::TensorProto::BOOL},
        {"Bool", onnx::TensorProto::BOOL},     {"FP64", onnx::TensorProto::DOUBLE},
        {"DOUBLE", onnx::TensorProto::DOUBLE},
    };
    return types.value(precision, onnx::TensorProto::UNDEFINED);
}

// The tensor's type and shape; -1 (dynamic) dimensions become named dims ("input1_dim0").
void describe(onnx::ValueInfoProto& info, const QString& name, const Tensor& tensor) {
    info.set_name(name.toStdString());
    auto* type = info.mutable_type()->mutable_tensor_type();
    type->set_elem_type(elementType(tensor.precision()));
    if (tensor.shape.empty())
        return;
    auto* shape = type->mutable_shape();
    for (std::size_t i = 0; i < tensor.shape.size(); ++i) {
        auto* dim = shape->add_dim();
        if (tensor.shape[i] >= 0)
            dim->set_dim_value(tensor.shape[i]);
        else
            dim->set_dim_param(QStringLiteral("%1_dim%2").arg(tensor.name).arg(i).toStdString());
    }
}

void addText(onnx::NodeProto& node, const QString& name, const QString& value) {
    if (value.isEmpty())
        return;
    auto* a = node.add_attribute();
    a->set_name(name.toStdString());
    a->set_type(onnx::AttributeProto::STRING);
    a->set_s(value.toStdString());
}

void addNumber(onnx::NodeProto& node, const QString& name, double value) {
    auto* a = node.add_attribute();
    a->set_name(name.toStdString());
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(float(value));
}

void addInteger(onnx::NodeProto& node, const QString& name, qint64 value) {
    auto* a = node.add_attribute();
    a->set_name(name.toStdString());
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
}

QString formats(const std::vector<Tensor>& tensors) {
    QStringList list;
    for (const Tensor& t : tensors)
        list << t.format();
    return list.join(QStringLiteral(", "));
}

// What users look at in the inspector, as the node's attributes.
void describeLayer(onnx::NodeProto& node, const Layer& layer, bool profiled) {
    addText(node, QStringLiteral("precision"), layer.precision);
    addText(node, QStringLiteral("output_precision"), layer.outputPrecision);
    addText(node, QStringLiteral("tactic"), layer.tactic);
    addText(node, QStringLiteral("subtype"), layer.subtype);
    addText(node, QStringLiteral("input_formats"), formats(layer.inputs));
    addText(node, QStringLiteral("output_formats"), formats(layer.outputs));
    addText(node, QStringLiteral("onnx_origin"), layer.metadata);
    if (profiled && layer.timing.measured) {
        addNumber(node, QStringLiteral("latency_average_ms"), layer.timing.averageMs);
        addNumber(node, QStringLiteral("latency_median_ms"), layer.timing.medianMs);
        addNumber(node, QStringLiteral("latency_percent"), layer.timing.percent);
    }
    if (layer.weightsCount > 0) {
        addInteger(node, QStringLiteral("weights_count"), layer.weightsCount);
        addNumber(node, QStringLiteral("weights_bytes"), layer.weightsBytes);
        addText(node, QStringLiteral("weights_type"), layer.weightsType);
    }
    if (layer.biasCount > 0) {
        addInteger(node, QStringLiteral("bias_count"), layer.biasCount);
        addNumber(node, QStringLiteral("bias_bytes"), layer.biasBytes);
    }
    // The per-type fields as exported (kernel, strides, padding, groups ...), except those above.
    static const QSet<QString> shown = {"Name",       "LayerType", "ParameterType",
                                        "Inputs",     "Outputs",   "Metadata",
                                        "TacticName", "Weights",   "Bias"};
    for (const auto& [key, value] : layer.attributes())
        if (!shown.contains(key))
            addText(node, key, value);
}

class Builder {
  public:
    Builder(const EnginePlan& plan, OnnxExport& result)
        : m_plan(plan), m_result(result), m_values(plan, inputNames(plan)) {}

    onnx::ModelProto build() {
        onnx::ModelProto model;
        model.set_ir_version(onnx::IR_VERSION);
        model.set_producer_name("PlanScope");
        model.set_doc_string(
            QStringLiteral("TensorRT engine plan %1, written by PlanScope. Nodes are engine "
                           "layers (op_type the layer type); weights are not in the plan files, "
                           "so nodes carry their counts and sizes as attributes.")
                .arg(m_plan.name)
                .toStdString());
        auto* standard = model.add_opset_import();
        standard->set_domain("");
        standard->set_version(13);
        auto* ours = model.add_opset_import();
        ours->set_domain(kDomain);
        ours->set_version(1);
        onnx::GraphProto& graph = *model.mutable_graph();
        graph.set_name(m_plan.name.toStdString());
        for (const Tensor* t : m_plan.inputBindings())
            describe(*graph.add_input(), t->name, *t);
        for (const Layer& layer : m_plan.layers)
            addNode(graph, layer);
        if (m_plan.namesOnly)
            chainInOrder(graph);
        for (const Tensor* t : m_plan.outputBindings())
            if (const QString name = m_values.last(t->name); !name.isEmpty())
                describe(*graph.add_output(), name, *t);
        if (m_plan.namesOnly)
            m_result.notes << QStringLiteral("%1 lists layer names only, so the model has its "
                                             "layers chained in engine order: the edges stand "
                                             "for that order, not for tensors.")
                                  .arg(m_plan.name);
        if (m_unconnected > 0)
            m_result.notes
                << QStringLiteral(
                       "%1 layer inputs come from constants or weights, which the plan files do "
                       "not "
                       "hold as layers; each node lists them in its unconnected_inputs attribute.")
                       .arg(m_unconnected);
        return model;
    }

  private:
    static QSet<QString> inputNames(const EnginePlan& plan) {
        QSet<QString> names;
        for (const Tensor* t : plan.inputBindings())
            names.insert(t->name);
        return names;
    }

    // A node needs an input or an output: layers known by name only are chained in order.
    static void chainInOrder(onnx::GraphProto& graph) {
        for (int i = 0; i < graph.node_size(); ++i) {
            onnx::NodeProto& node = *graph.mutable_node(i);
            if (i > 0)
                node.add_input(graph.node(i - 1).output(0));
            node.add_output(node.name() + " (order)");
        }
    }

    static void addNames(onnx::NodeProto& node, const QString& name, const QStringList& names) {
        if (names.isEmpty())
            return;
        auto* a = node.add_attribute();
        a->set_name(name.toStdString());
        a->set_type(onnx::AttributeProto::STRINGS);
        for (const QString& n : names)
            a->add_strings(n.toStdString());
    }

    void addNode(onnx::GraphProto& graph, const Layer& layer) {
        onnx::NodeProto& node = *graph.add_node();
        node.set_name(layer.name.toStdString());
        node.set_op_type(opType(layer.type).toStdString());
        node.set_domain(kDomain);
        if (opType(layer.type) != layer.type && !layer.type.isEmpty())
            addText(node, QStringLiteral("layer_type"), layer.type);
        QStringList unconnected;
        QStringList constants; // weights read as tensors: no data in the plan's files
        const auto& inputs = layer.graphInputs();
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const QStringList values = m_values.input(layer.index, int(i));
            if (values.isEmpty())
                (inputs[i].constant ? constants : unconnected) << inputs[i].name;
            for (const QString& value : values) {
                node.add_input(value.toStdString());
                ++m_result.edges;
            }
        }
        const auto& outputs = layer.graphOutputs();
        for (std::size_t i = 0; i < outputs.size(); ++i) {
            const Tensor& t = outputs[i];
            const QString name = m_values.output(layer.index, int(i));
            node.add_output(name.toStdString());
            if (!t.shape.empty() || elementType(t.precision()) != onnx::TensorProto::UNDEFINED)
                describe(*graph.add_value_info(), name, t);
        }
        m_unconnected += int(unconnected.size());
        addNames(node, QStringLiteral("unconnected_inputs"), unconnected);
        addNames(node, QStringLiteral("constant_inputs"), constants);
        describeLayer(node, layer, m_plan.hasProfile);
        ++m_result.nodes;
    }

    const EnginePlan& m_plan;
    OnnxExport& m_result;
    TensorValues m_values;
    int m_unconnected = 0;
};

} // namespace

OnnxExport exportOnnx(const EnginePlan& plan, const QString& path) {
    OnnxExport result;
    onnx::ModelProto model = Builder(plan, result).build();
    try {
        onnx::checker::check_model(model);
    } catch (const std::exception& e) {
        throw PlanError(QStringLiteral("%1: the ONNX checker refused the model PlanScope made "
                                       "(%2). Please report this with the plan files.")
                            .arg(path, QString::fromUtf8(e.what())));
    }
    const std::string bytes = model.SerializeAsString();
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()))
        throw PlanError(QStringLiteral("%1: cannot be written (%2). Choose a folder you can "
                                       "write to.")
                            .arg(path, file.errorString()));
    return result;
}

} // namespace planscope
