#include "gui/GuiMain.h"

#include "document/PlanDocument.h"
#include "gui/CompareWindow.h"
#include "gui/MainWindow.h"
#include "gui/Screenshot.h"
#include "plan/KeepUntilExit.h"
#include "style/SortArrowStyle.h"

#include <QApplication>
#include <QCommandLineParser>
#include <cstdio>

namespace planscope {
namespace {

bool hasDisplay() {
    return !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

} // namespace

int runGui(int argc, char** argv) {
    // Without this check Qt aborts with a platform-plugin error that names no remedy.
    if (!hasDisplay()) {
        std::fprintf(stderr, "planscope: no display to open the window on. Use a command such as "
                             "'planscope summary PLAN' (see planscope --help), or run under "
                             "xvfb-run.\n");
        return 2;
    }
    QApplication app(argc, argv);
    QApplication::setStyle(new SortArrowStyle); // the platform's style, sort arrows as values run
    // Desktops (Wayland in particular) match the window to its desktop entry by this name.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.planscope.PlanScope"));
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("PLAN"),
                                 QStringLiteral("Plan to open; two or more are compared."));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QStringLiteral("Save the window to FILE after loading, then exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption profile(QStringLiteral("profile"),
                                     QStringLiteral("Optimization profile to show."),
                                     QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption compare(QStringLiteral("compare"),
                                     QStringLiteral("Compare the two plans given."));
    const QCommandLineOption tab(QStringLiteral("tab"),
                                 QStringLiteral("With --screenshot: the tab to show."),
                                 QStringLiteral("NAME"));
    const QCommandLineOption select(
        QStringLiteral("select"),
        QStringLiteral("With --screenshot: the layer to select (name or index; a row when "
                       "comparing)."),
        QStringLiteral("LAYER"));
    const QCommandLineOption chart(QStringLiteral("chart"),
                                   QStringLiteral("With --screenshot: the chart to show."),
                                   QStringLiteral("ID"));
    const QCommandLineOption lead(
        QStringLiteral("lead"),
        QStringLiteral("With --screenshot: the lead to choose (planscope leads --list)."),
        QStringLiteral("ID"));
    const QCommandLineOption accuracy(
        QStringLiteral("accuracy"),
        QStringLiteral("Read this polygraphy run log into the Accuracy tab (with or without a "
                       "plan)."),
        QStringLiteral("LOG"));
    const QCommandLineOption onnx(
        QStringLiteral("onnx"),
        QStringLiteral("Read the ONNX model the plan was built from beside it (its weights)."),
        QStringLiteral("MODEL"));
    parser.addOptions({screenshot, profile, compare, tab, select, chart, lead, accuracy, onnx});
    if (!parser.parse(QApplication::arguments())) {
        std::fprintf(stderr, "planscope: %s (see planscope --help)\n",
                     qPrintable(parser.errorText()));
        return 2;
    }

    const ScreenshotRequest request{parser.value(screenshot), parser.value(tab),
                                    parser.value(select), parser.value(chart), parser.value(lead)};
    // Several files (selected together in a file manager, say) open side by side.
    if (parser.isSet(compare) || parser.positionalArguments().size() > 1) {
        if (parser.positionalArguments().size() < 2) {
            std::fprintf(stderr, "planscope: --compare takes two or more plans\n");
            return 2;
        }
        CompareWindow window;
        if (parser.isSet(screenshot))
            screenshotWhenReady(window, request);
        window.show();
        window.compare(parser.positionalArguments());
        return QApplication::exec();
    }
    const QStringList plans = parser.positionalArguments();
    MainWindow window(plans.value(0), parser.value(profile).toInt()); // reads it meanwhile
    if (parser.isSet(screenshot))
        screenshotWhenReady(window, request);
    window.show();
    const bool logAlone = parser.isSet(accuracy) && plans.isEmpty();
    if (parser.isSet(accuracy)) {
        const bool read = window.openAccuracyLog(parser.value(accuracy));
        if (logAlone) // no plan to load: the log was the load
            emit window.loadFinished(read,
                                     read ? QString() : QStringLiteral("cannot read the log"));
    }
    if (!logAlone && plans.isEmpty())
        window.openDemoPlan();
    if (parser.isSet(onnx)) // read once the plan is
        window.openModel(parser.value(onnx));
    const int status = QApplication::exec();
    // The window closes without taking its plan and analysis apart.
    if (const PlanAnalysis* analysis = window.document()->analysis())
        keepUntilExit(std::make_shared<const PlanAnalysis>(*analysis));
    return status;
}

} // namespace planscope
