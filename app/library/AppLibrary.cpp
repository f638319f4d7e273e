#include "library/AppLibrary.h"

#include "cli/Cli.h"

#include <QByteArray>
#include <QFileInfo>
#include <cstdio>
#include <dlfcn.h>

namespace planscope {
namespace {

// The app library's entry (library/AppEntry.cpp).
using AppEntry = int (*)(int argc, char** argv, int window);

AppEntry appEntry() {
    const QString directory = QFileInfo(QStringLiteral("/proc/self/exe")).canonicalPath();
    const QString file = QStringLiteral("libplanscope-app.so");
    QByteArray tried;
    for (const QString& path :
         {directory + u'/' + file,
          directory + QStringLiteral("/" PLANSCOPE_APP_LIBRARY_FROM_BINDIR "/") + file}) {
        if (void* library = dlopen(QFile::encodeName(path).constData(), RTLD_LAZY | RTLD_LOCAL))
            return reinterpret_cast<AppEntry>(dlsym(library, "planscope_app_run"));
        tried += QByteArray("\n  ") + dlerror();
    }
    std::fprintf(stderr,
                 "planscope: cannot load its window and the commands that draw (%s):%s\n"
                 "Reinstall PlanScope, or rebuild it whole (cmake --build BUILD).\n",
                 qPrintable(file), tried.constData());
    return nullptr;
}

int runApp(int argc, char** argv, bool window) {
    const AppEntry entry = appEntry();
    return entry ? entry(argc, argv, window ? 1 : 0) : 2;
}

} // namespace

int runWindow(int argc, char** argv) {
    return runApp(argc, argv, true);
}

int runPaintingCommand(int argc, char** argv) {
    return runApp(argc, argv, false);
}

} // namespace planscope
