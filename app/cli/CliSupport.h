#pragma once

#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>
#include <functional>
#include <stdexcept>

namespace planscope {

// A command line that cannot be run as written (unknown option, missing PLAN ...).
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

QTextStream& out();
QTextStream& err();

// Parses `arguments` (program name first); prints help and returns false on --help.
bool parseArguments(QCommandLineParser& parser, const QStringList& arguments);

// Runs a subcommand body: PlanError and UsageError become one line on stderr and exit 2.
int runGuarded(const std::function<int()>& body);

int accuracyCommand(const QStringList& arguments);
int summaryCommand(const QStringList& arguments);
int checkCommand(const QStringList& arguments);
int layersCommand(const QStringList& arguments);
int lintCommand(const QStringList& arguments);
int leadsCommand(const QStringList& arguments);
int modulesCommand(const QStringList& arguments);
int rooflineCommand(const QStringList& arguments);
int exportChartCommand(const QStringList& arguments);
int exportGraphCommand(const QStringList& arguments);
int exportOverlayCommand(const QStringList& arguments);
int compareCommand(const QStringList& arguments);
int convertLogCommand(const QStringList& arguments);
int profileCommand(const QStringList& arguments);
int reportCommand(const QStringList& arguments);
int tacticsCommand(const QStringList& arguments);
int weightsCommand(const QStringList& arguments);

} // namespace planscope
