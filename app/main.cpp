#include "cli/Cli.h"
#include "gui/GuiMain.h"

#include <QCoreApplication>

int main(int argc, char* argv[]) {
    QCoreApplication::setApplicationName(QStringLiteral("PlanScope"));
    QCoreApplication::setOrganizationName(QStringLiteral("PlanScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PLANSCOPE_VERSION));
    if (planscope::isCliInvocation(argc, argv))
        return planscope::runCli(argc, argv);
    return planscope::runGui(argc, argv);
}
