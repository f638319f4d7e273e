#pragma once

#include "plan/EnginePlan.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace planscope {

// Two engines of one ONNX model compared by the ONNX nodes their layers implement (each layer's
// Metadata, see plan/OnnxOrigin.h), for engines whose layers do not line up because they
// fuse differently. README.md, "Compare by ONNX op", says the same for users.
//
// The unit is a group: a connected component of the relation "ONNX node <-> engine layer" over
// both engines together, i.e. the smallest set of ONNX nodes both engines' fusions keep whole.
// Times are the layers' average times (LayerTiming::average) in ms. What the files do not tell
// is missing, never 0.

// Which engine alone holds a group.
enum class OnnxOnlyIn { None, A, B };

// One engine's part of a group. Layer indices are into that engine's EnginePlan::layers, in
// engine order.
struct OnnxGroupSide {
    std::vector<int> layers; // the layers implementing the group's nodes
    // Layers without ONNX origin named "Reformatting CopyNode for ... to T", T one of this
    // group's layers: TensorRT inserted them for T, so their cost moves with T.
    std::vector<int> charged;
    // Layers that implement nodes of the group but which the plan folds away as trex does
    // (NoOps: they do no work and carry no time), by their name in the graph file. They join
    // nodes into groups (AlexNet's "/Flatten + reshape_before_.../Gemm") and count in the shape.
    QStringList folded;
    // What the profile records of the folded layers carry (NoOps: 0 ms); missing when no record
    // names any of them.
    std::optional<double> foldedMs;
    // Sum of the average times of `layers`, `charged` and the folded layers' records; missing
    // when the engine has no layer in the group or no profile record names any of them.
    std::optional<double> ms;

    bool present() const { return !layers.empty() || !folded.empty(); }
    int layerCount() const { return int(layers.size()) + int(folded.size()); }
};

struct OnnxGroup {
    QStringList nodes; // ONNX node names, in order of first appearance (A's layers, then B's)
    OnnxGroupSide a;
    OnnxGroupSide b;
    OnnxOnlyIn onlyIn = OnnxOnlyIn::None;
    // Layer counts A:B (layers and folded, not charged copies): "1:1", "n:1", "1:n", "n:m";
    // a side without the group counts 0 ("1:0", "0:n").
    QString shape;
    // Whether both engines hold the group but split its nodes into layers differently. "n:m"
    // alone does not say so: two layers naming one node form one group in each engine alike.
    bool fusionDiffers = false;
    std::optional<double> deltaMs; // B's time minus A's (positive: B slower); needs both
    std::optional<double> speedup; // A's time over B's (above 1: B faster); needs both
};

// A layer of either engine with no ONNX origin that is no charged copy either (TensorRT 8.6's
// Myelin {ForeignNode[...]}, shape calls, reformats of bindings), paired with the layer of the
// same name in the other engine where there is one.
struct OnnxUnattributed {
    QString name; // as the plan names it
    int a = -1;   // index into A's layers; -1 where A has no such layer
    int b = -1;
    std::optional<double> aMs; // its average time; missing without a side or a profile record
    std::optional<double> bMs;
};

// One engine's times, which reconcile: groupedMs + unattributedMs == totalMs. All three are
// missing when the plan has no profile; with one, a part without measured layers is 0. The
// folded layers' records are left out of them, as the plan's total leaves them out.
struct OnnxEngineTotals {
    std::optional<double> totalMs;        // EnginePlan::totalAverageMs
    std::optional<double> groupedMs;      // the groups' times (implementing and charged layers)
    std::optional<double> unattributedMs; // the unattributed layers' times
    int layersWithOrigin = 0;             // layers of EnginePlan::layers whose Metadata names nodes
};

// Something the user should know to read the comparison right. Ids: "no-metadata-a",
// "no-metadata-b" (an engine's layers name no ONNX node), "no-shared-nodes" (both name nodes,
// none in common), "unattributed-a", "unattributed-b" (more than 10 % of an engine's time has
// no ONNX origin).
struct OnnxNote {
    QString id;
    QString text; // one or two sentences: what is so, why, and what to do where anything helps
};

struct OnnxComparison {
    // Groups in the order of A's first layer (file order, folded layers included), then groups
    // only in B in the order of B's first layer.
    std::vector<OnnxGroup> groups;
    // A's unattributed layers in engine order (each with B's layer of that name), then those
    // only in B, in B's order.
    std::vector<OnnxUnattributed> unattributed;
    OnnxEngineTotals a;
    OnnxEngineTotals b;
    std::vector<OnnxNote> notes;
    int sharedNodes = 0; // ONNX node names both engines name

    // The group holding a layer of A's or B's EnginePlan::layers (charged copies included);
    // -1 for an unattributed layer.
    std::vector<int> groupOfA;
    std::vector<int> groupOfB;

    bool hasNote(const QString& id) const;
};

// The groups with the largest |deltaMs| first; those without a delta (one-sided, or a side not
// measured) after them, in the comparison's order. What the CLI's text and the report show.
std::vector<const OnnxGroup*> groupsByDelta(const OnnxComparison& comparison);

// Names (ONNX nodes, layers) for a table cell: the first `shown`, then "+N more".
QString shortNameList(const QStringList& names, int shown = 2);
// A group's ONNX nodes for a table cell: the path they share said once, the rest as
// shortNameList gives them ("/blocks.1/{attn/MatMul, attn/Softmax +2 more}").
QString onnxNodesText(const QStringList& nodes, int shown = 2);

// Compares A and B by ONNX node. Linear in the layers and nodes of both plans. Reads the plans'
// PlanFacts for the folded layers when they have them (plans read from files).
OnnxComparison compareByOnnx(const EnginePlan& a, const EnginePlan& b);

} // namespace planscope
