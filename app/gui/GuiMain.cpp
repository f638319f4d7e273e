#include "GuiMain.h"

#include "CompareWindow.h"
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
template <class Window> void screenshotAfterLoad(Window& window, const QString& file) {
    QObject::connect(&window, &Window::loadFinished, &window,
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
    parser.addOptions({screenshot, profile, compare});
    if (!parser.parse(QApplication::arguments())) {
        std::fprintf(stderr, "planscope: %s (see planscope --help)\n",
                     qPrintable(parser.errorText()));
        return 2;
    }

    // Several files (selected together in a file manager, say) open side by side.
    if (parser.isSet(compare) || parser.positionalArguments().size() > 1) {
        if (parser.positionalArguments().size() < 2) {
            std::fprintf(stderr, "planscope: --compare takes two or more plans\n");
            return 2;
        }
        CompareWindow window;
        if (parser.isSet(screenshot)) {
            window.resize(1600, 1000);
            screenshotAfterLoad(window, parser.value(screenshot));
        }
        window.show();
        window.compare(parser.positionalArguments());
        return QApplication::exec();
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
