#include "cli/ModelOption.h"

#include "cli/CliSupport.h"
#include "onnxread/OnnxModelReader.h"
#include "plan/PlanError.h"

namespace planscope {

namespace {
const QString kOnnx = QStringLiteral("onnx");
}

void addModelOption(QCommandLineParser& parser, bool required) {
    parser.addOption(QCommandLineOption(
        kOnnx,
        required ? QStringLiteral("The ONNX model the engine was built from (its external data "
                                  "files beside it are read too).")
                 : QStringLiteral("The ONNX model the engine was built from: its node names key "
                                  "the results, its graph's name the file."),
        QStringLiteral("MODEL")));
}

std::optional<OnnxGraph> modelFromArguments(const QCommandLineParser& parser) {
    if (!parser.isSet(kOnnx))
        return std::nullopt;
    return readOnnxModel(parser.value(kOnnx));
}

void requireMatchedModel(const OnnxGraph& model, const EnginePlan& plan) {
    if (const QString unmatched = unmatchedModelText(model, plan); !unmatched.isEmpty())
        throw PlanError(unmatched);
}

std::shared_ptr<const ModelWeights> weighModelFile(const QString& path, const EnginePlan& plan) {
    const OnnxGraph model = readOnnxModel(path);
    requireMatchedModel(model, plan);
    auto weights = std::make_shared<const ModelWeights>(weighModel(plan, model));
    if (model.wasCut())
        throw cutShort(model.file);
    return weights;
}

} // namespace planscope
