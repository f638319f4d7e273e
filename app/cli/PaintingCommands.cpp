#include "cli/Cli.h"
#include "cli/CliSupport.h"
#include "cli/ModelOption.h"
#include "cli/ModelWeightsOption.h"

#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <map>
#include <unistd.h>

namespace planscope {
namespace {

// Pictures need fonts, not a display; Qt also wants a private runtime folder, and warns on
// stderr without one, which scripts would take for an error.
void prepareOffscreenPainting() {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QString runtime =
            QDir::temp().filePath(QStringLiteral("planscope-runtime-%1").arg(getuid()));
        if (QDir().mkpath(runtime) &&
            QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
            qputenv("XDG_RUNTIME_DIR", runtime.toLocal8Bit());
    }
}

} // namespace

int runPaintingCommand(int argc, char** argv) {
    // The commands the table in Cli.cpp lists without a function, and those that print given
    // --onnx: those that read an ONNX model run under a QCoreApplication, those that draw under
    // a QGuiApplication.
    installModelWeigher(weighModelFile);
    static const std::map<QString, int (*)(const QStringList&)> modelReading = {
        {QStringLiteral("export-overlay"), exportOverlayCommand},
        {QStringLiteral("weights"), weightsCommand},
        {QStringLiteral("summary"), summaryCommand},
        {QStringLiteral("lint"), lintCommand},
    };
    if (argc > 1)
        if (const auto command = modelReading.find(QString::fromLocal8Bit(argv[1]));
            command != modelReading.end()) {
            const QCoreApplication app(argc, argv);
            return command->second(commandArguments(QCoreApplication::arguments()));
        }
    static const std::map<QString, int (*)(const QStringList&)> painting = {
        {QStringLiteral("export-chart"), exportChartCommand},
        {QStringLiteral("export-graph"), exportGraphCommand},
        {QStringLiteral("report"), reportCommand},
    };
    prepareOffscreenPainting();
    const QGuiApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    const auto command = painting.find(arguments.value(1));
    if (command == painting.end()) {
        err() << "planscope: '" << arguments.value(1) << "' is no command that draws" << Qt::endl;
        return 2;
    }
    return command->second(commandArguments(arguments));
}

} // namespace planscope
