#pragma once

#include "plan/AttributeTable.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace planscope {

// How a tensor is stored, as its Format/Datatype and Location say. The tensors stored alike
// share one (a plan has a few dozen kinds; a tensor holds a pointer, not four strings).
struct TensorStorage {
    QString longFormat; // the "Format/Datatype" string as exported
    QString format;     // trex's short name for the tensor's rank, e.g. "Int8 NC/32HW32"
    QString precision;  // data type, e.g. "INT8"
    QString location;
    double elementSize = 0;
};

struct Tensor {
    QString name;
    std::vector<qint64> shape;
    std::shared_ptr<const TensorStorage> storage; // empty: none exported
    double bytes = 0;
    // An input no layer writes and no binding names: a weight the layer reads as a tensor
    // (TensorRT 10's Myelin GEMMs). Its bytes are the layer's weights, not activations.
    bool constant = false;

    const QString& longFormat() const { return storageOrNone().longFormat; }
    const QString& format() const { return storageOrNone().format; }
    const QString& precision() const { return storageOrNone().precision; }
    const QString& location() const { return storageOrNone().location; }
    double elementSize() const { return storageOrNone().elementSize; }

    double volume() const;       // element count; a double, so no shape can overflow it
    bool sized() const;          // every dimension known (-1 marks a dynamic one), so bytes hold
    QString shapeText() const;   // "[1, 3, 224, 224]"
    QString description() const; // "input1: [1, 3, 224, 224]xFP32 NCHW" as trex prints bindings

  private:
    const TensorStorage& storageOrNone() const;
};

// A layer's profile record. `measured` is false when no profile names the layer: its figures are
// then missing (shown as "-", JSON null), never zero; sums over layers skip them.
struct LayerTiming {
    bool measured = false;
    double averageMs = 0;
    double medianMs = 0;
    double totalMs = 0;
    double percent = 0;

    // The figures to show: missing when not measured.
    std::optional<double> average() const { return known(averageMs); }
    std::optional<double> median() const { return known(medianMs); }
    std::optional<double> share() const { return known(percent); }

  private:
    std::optional<double> known(double value) const {
        return measured ? std::optional(value) : std::nullopt;
    }
};

// How much of a layer its layer list exports: its name only (an engine built without
// --profilingVerbosity=detailed), a verbose build log's short list (types, tensors and tactics,
// no weights), or everything.
enum class LayerDetail { NameOnly, NoWeights, Full };

// Convolution seen as an implicit GEMM (as trex's annotate_convolutions).
struct ConvolutionMetrics {
    double macs = 0;
    double bytes = 0; // input + weights + output
    double arithmeticIntensity = 0;
    double computeEfficiency = 0; // MACs per ms; 0 (and not shown) when the layer has no timing
    double memoryEfficiency = 0;  // bytes per ms; likewise
    qint64 gemmM = 0;
    qint64 gemmN = 0;
    qint64 gemmK = 0;
    qint64 groups = 1;
    std::vector<qint64> kernel;
};

struct Layer {
    int index = 0; // position in the plan's layer list
    LayerDetail detail = LayerDetail::Full;
    QString name;
    QString type;    // ParameterType, else LayerType
    QString subtype; // LayerType
    QString tactic;  // TacticName, else "TensorRT"
    QString metadata;
    QString precision;       // first input's precision
    QString outputPrecision; // first output's precision

    // The layer's tensors exactly as exported. Every figure (sizes, precision, lint findings,
    // comparison signatures, exports) comes from these, as trex's DataFrame does.
    std::vector<Tensor> inputs;
    std::vector<Tensor> outputs;

    // The tensors the plan graph connects this layer by. They differ from the exported ones only
    // where a NoOp layer next to this one was folded away (see foldNoOps); only the graph, the
    // producer/consumer links and the plan's inputs and outputs use them.
    const std::vector<Tensor>& graphInputs() const {
        return folded && folded->inputs ? *folded->inputs : inputs;
    }
    const std::vector<Tensor>& graphOutputs() const {
        return folded && folded->outputs ? *folded->outputs : outputs;
    }
    // Set by foldNoOps only (few layers: one pointer, not two vectors, in every layer); copies
    // of the layer share it, and it never changes once set.
    struct FoldedTensors {
        std::optional<std::vector<Tensor>> inputs;
        std::optional<std::vector<Tensor>> outputs;
    };
    std::shared_ptr<const FoldedTensors> folded;

    // Byte counts are 0 where the files don't hold them: check weightsKnown()/ioBytesKnown().
    bool weightsExported = false; // a Weights field (or Constants, a weight read as a tensor)
    double inputBytes = 0;
    double outputBytes = 0;
    double ioBytes = 0;
    double weightsBytes = 0;
    double biasBytes = 0;
    double footprintBytes = 0; // io + weights
    qint64 weightsCount = 0;
    qint64 biasCount = 0;
    QString weightsType;
    QString biasType;

    LayerTiming timing;
    std::optional<ConvolutionMetrics> convolution;

    // The layer's members other than Name, Inputs and Outputs, as written in its graph JSON
    // entry: its raw attributes are read from this text only when asked for, so a large plan
    // holds no per-layer map of them (nor its tensors' text). Each member is kMemberStart, its
    // name's code (see AttributeTable) and its value: the JSON text as written, or for a long
    // value kSharedValue and the value's code. Metadata's value is left out (the layer holds
    // it). Both marks are control characters that valid JSON, which every entry is checked to
    // be, never holds.
    struct AttributeText {
        static constexpr char kMemberStart = '\x1e';
        static constexpr char kSharedValue = '\x1d';
        std::shared_ptr<const char> data; // in blocks shared by the layers read from one file
        qsizetype size = 0;
        std::shared_ptr<const AttributeTable> table;
        std::string_view text() const;
    };
    AttributeText attributeText;
    // Every other exported attribute (not Name, Inputs, Outputs) as compact JSON text, strings
    // unquoted, sorted by key; a key written twice keeps its last value.
    std::vector<std::pair<QString, QString>> attributes() const;
    QString attribute(const QString& key) const; // empty when the layer has no such attribute
    // The attribute's value as written (JSON text), without converting it.
    std::optional<std::string_view> attributeJson(std::string_view key) const;

    // Counts a weight tensor (TensorRT 11's Constants, an input no layer writes) in the
    // layer's weights: its elements, its bytes, and its type when the layer has none yet.
    void addWeightTensor(const Tensor& t);

    // Whether the files give the layer's weights: exported, or none by its kind (a pooling has
    // none). A convolution or a Myelin subgraph without a Weights field holds weights they do
    // not give (TensorRT 8.6's ForeignNodes, some TensorRT 10 exports): unknown, never 0.
    bool weightsKnown() const;
    bool ioBytesKnown() const; // every tensor exported with its whole shape
    bool footprintKnown() const { return weightsKnown() && ioBytesKnown(); }

    // A convolution by plan/LayerKind (Myelin's correlation and conv_act_pool too).
    bool isConvolution() const;
    // Fused layers are named "a + b + c".
    QStringList fusedParts() const { return name.split(QStringLiteral(" + ")); }
};

QString shapeToText(const std::vector<qint64>& shape);

} // namespace planscope
