#include "cli/Cli.h"
#include "library/AppLibrary.h"
#include "process/HugePageHeap.h"

#include <QCoreApplication>

int main(int argc, char* argv[]) {
    planscope::useHugePageHeap();
    QCoreApplication::setApplicationName(QStringLiteral("PlanScope"));
    QCoreApplication::setOrganizationName(QStringLiteral("PlanScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PLANSCOPE_VERSION));
    if (planscope::isCliInvocation(argc, argv))
        return planscope::runCli(argc, argv); // a command that draws loads the app library
    return planscope::runWindow(argc, argv);
}
