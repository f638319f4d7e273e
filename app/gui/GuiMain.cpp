#include "GuiMain.h"

#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>
#include <cstdio>

namespace planscope {
namespace {

bool hasDisplay() {
    return !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

// Saves the window once the plan is shown; exits 0 on success, 2 if the plan did not load or
// the picture could not be written.
void screenshotAfterLoad(MainWindow& window, const QString& file) {
    QObject::connect(&window, &MainWindow::loadFinished, &window,
                     [&window, file](bool loaded, const QString& message) {
                         if (!loaded) {
                             std::fprintf(stderr, "planscope: error: %s\n", qPrintable(message));
                             QApplication::exit(2);
                             return;
                         }
                         // Let layouts settle before painting.
                         QTimer::singleShot(300, &window, [&window, file] {
                             const bool saved = window.grab().save(file);
                             if (!saved)
                                 std::fprintf(stderr,
                                              "planscope: error: %s: cannot write the "
                                              "screenshot\n",
                                              qPrintable(file));
                             QApplication::exit(saved ? 0 : 2);
                         });
                     });
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
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("PLAN"), QStringLiteral("Plan to open."));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QStringLiteral("Save the window to FILE after loading, then exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption profile(QStringLiteral("profile"),
                                     QStringLiteral("Optimization profile to show."),
                                     QStringLiteral("N"), QStringLiteral("0"));
    parser.addOptions({screenshot, profile});
    if (!parser.parse(QApplication::arguments())) {
        std::fprintf(stderr, "planscope: %s (see planscope --help)\n",
                     qPrintable(parser.errorText()));
        return 2;
    }

    MainWindow window;
    if (parser.isSet(screenshot)) {
        window.resize(1600, 1000);
        screenshotAfterLoad(window, parser.value(screenshot));
    }
    window.show();
    const QStringList plans = parser.positionalArguments();
    if (plans.isEmpty())
        window.openDemoPlan();
    else
        window.openPlan(plans.first(), parser.value(profile).toInt());
    return QApplication::exec();
}

} // namespace planscope
