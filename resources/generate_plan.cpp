// planscope-generate-plan: writes a large synthetic engine plan for benchmarks.
#include "demo/SyntheticPlan.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstdio>

int main(int argc, char* argv[]) {
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write a synthetic QAT ResNet-style engine plan (graph, profile, timing, metadata).");
    parser.addHelpOption();
    parser.addOptions(
        {{"layers", "Number of layers (default 20000; 0 for exactly ResNet-50).", "N", "20000"},
         {"seed", "Random seed (default 1).", "S", "1"},
         {"module-paths", "Name layers and ONNX nodes by PyTorch module paths, three levels deep "
                          "(/layer2/layer2.1/conv1/Conv)."},
         {{"o", "output"}, "Output prefix, e.g. /tmp/big.onnx.engine.", "PREFIX"}});
    parser.process(app);
    if (!parser.isSet("output")) {
        std::fprintf(stderr, "planscope-generate-plan: -o PREFIX is required\n");
        return 2;
    }
    planscope::SyntheticPlanOptions options;
    options.layers = parser.value("layers").toInt();
    options.seed = parser.value("seed").toUInt();
    options.modulePaths = parser.isSet("module-paths");
    if (options.layers != 0 && options.layers < 16) {
        std::fprintf(stderr, "planscope-generate-plan: --layers must be 0 or at least 16\n");
        return 2;
    }
    QString error;
    if (!planscope::writeSyntheticPlan(parser.value("output"), options, &error)) {
        std::fprintf(stderr, "planscope-generate-plan: %s\n", qPrintable(error));
        return 1;
    }
    return 0;
}
