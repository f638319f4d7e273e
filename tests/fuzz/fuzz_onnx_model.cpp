// libFuzzer target: the bytes as an ONNX model read beside a small plan, as `planscope weights`
// and `export-overlay` read it (coverage, every layer's weights and their JSON, the overlay).
#include "onnxmodel/ModelWeights.h"
#include "onnxmodel/WeightsJson.h"
#include "onnxread/OnnxModelReader.h"
#include "overlay/NodeOverlay.h"
#include "plan/PlanError.h"

#include <QCoreApplication>
#include <QDir>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static int argc = 1;
    static char name[] = "fuzz_onnx_model";
    static char* argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    static const planscope::EnginePlan plan = [] {
        planscope::EnginePlan p;
        planscope::Layer conv;
        conv.name = QStringLiteral("node_conv2d + node_relu");
        conv.metadata = QStringLiteral("[ONNX Layer: node_conv2d]\x1e[ONNX Layer: /a/Gemm]");
        conv.timing = {true, 0.1, 0.1, 1, 100};
        p.layers = {conv};
        p.hasProfile = true;
        return p;
    }();
    try {
        // External data is looked for in a folder that holds none.
        const planscope::OnnxGraph model = planscope::parseOnnxModel(
            std::span(reinterpret_cast<const std::byte*>(data), size),
            QDir::temp().filePath(QStringLiteral("planscope-fuzz-none/model.onnx")));
        const planscope::ModelWeights weights = planscope::weighModel(plan, model);
        (void)planscope::weightsJson(weights, plan).dump();
        (void)planscope::weightsCsv(weights, plan);
        const planscope::OverlaySources sources{&plan, &model, nullptr};
        (void)planscope::nodeDataJson(
            planscope::overlayValues(sources, planscope::OverlayMetric::Latency),
            planscope::OverlayMetric::Latency, model.graphName)
            .dump();
    } catch (const planscope::PlanError&) {
        // the expected answer to bytes that are no ONNX model
    }
    return 0;
}
