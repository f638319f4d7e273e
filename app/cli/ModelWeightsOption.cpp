#include "cli/ModelWeightsOption.h"

#include "plan/PlanError.h"

namespace planscope {
namespace {

const QString kOnnx = QStringLiteral("onnx");
ModelWeigher g_weigher = nullptr;

} // namespace

void addModelWeightsOption(QCommandLineParser& parser) {
    parser.addOption(QCommandLineOption(
        kOnnx,
        QStringLiteral("The ONNX model the engine was built from: its weights beside the plan."),
        QStringLiteral("MODEL")));
}

bool namesModel(const QStringList& arguments) {
    return std::any_of(arguments.begin(), arguments.end(), [](const QString& a) {
        return a == QStringLiteral("--onnx") || a.startsWith(QStringLiteral("--onnx="));
    });
}

void installModelWeigher(ModelWeigher weigher) {
    g_weigher = weigher;
}

std::shared_ptr<const ModelWeights> modelWeightsFromArguments(const QCommandLineParser& parser,
                                                              const EnginePlan& plan) {
    if (!parser.optionNames().contains(kOnnx)) // not given (or no option of the command)
        return nullptr;
    if (!g_weigher) // runCli runs a command given --onnx in the app library, which has one
        throw PlanError(QStringLiteral("--onnx: this planscope cannot read ONNX models (its app "
                                       "library is missing); reinstall PlanScope"));
    return g_weigher(parser.value(kOnnx), plan);
}

} // namespace planscope
