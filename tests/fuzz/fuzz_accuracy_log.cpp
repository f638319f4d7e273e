// libFuzzer target: the bytes as a polygraphy run log, read as `planscope accuracy` and the
// Accuracy tab read it (JSON and CSV, its tensors mapped to a small plan's layers).
#include "accuracy/AccuracyJson.h"
#include "accuracy/AccuracyLogReader.h"
#include "plan/PlanError.h"

#include <QCoreApplication>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static int argc = 1;
    static char name[] = "fuzz_accuracy_log";
    static char* argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    static const planscope::EnginePlan plan = [] {
        planscope::EnginePlan p;
        planscope::Layer conv;
        conv.name = QStringLiteral("conv");
        conv.metadata = QStringLiteral("[ONNX Layer: node_conv2d]+[ONNX Layer: /a/Relu]");
        planscope::Tensor y;
        y.name = QStringLiteral("y");
        conv.outputs = {y};
        p.layers = {conv};
        return p;
    }();
    try {
        const planscope::AccuracyLog log = planscope::parseAccuracyLog(
            QByteArrayView(reinterpret_cast<const char*>(data), qsizetype(size)),
            QStringLiteral("fuzz.log"));
        const auto mapping = planscope::mapTensorsToLayers(log, plan);
        (void)planscope::accuracyJson(log, &plan, mapping).dump();
        (void)planscope::accuracyCsv(log, &plan, mapping);
        (void)planscope::layerRelativeErrors(log, mapping, plan.layers.size());
    } catch (const planscope::PlanError&) {
        // the expected answer to bytes that are no polygraphy log
    }
    return 0;
}
