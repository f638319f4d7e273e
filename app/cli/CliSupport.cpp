#include "cli/CliSupport.h"

#include "plan/PlanError.h"

namespace planscope {

QTextStream& out() {
    static QTextStream stream(stdout);
    return stream;
}

QTextStream& err() {
    static QTextStream stream(stderr);
    return stream;
}

namespace {

// "planscope compare": what usage lines and errors name (runCli puts it first in the arguments).
QString& invokedCommand() {
    static QString command = QStringLiteral("planscope");
    return command;
}

} // namespace

bool parseArguments(QCommandLineParser& parser, const QStringList& arguments) {
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!arguments.isEmpty())
        invokedCommand() = arguments.first();
    if (!parser.parse(arguments))
        throw UsageError(parser.errorText().toStdString());
    if (parser.isSet(help)) {
        // Qt names the binary alone ("Usage: planscope [options] PLAN"); name the command too.
        QString text = parser.helpText();
        const qsizetype options = text.indexOf(QLatin1String(" [options]"));
        if (text.startsWith(QLatin1String("Usage: ")) && options > 0)
            text.replace(7, options - 7, invokedCommand());
        out() << text;
        out().flush();
        return false;
    }
    return true;
}

int runGuarded(const std::function<int()>& body) {
    try {
        const int status = body();
        out().flush();
        return status;
    } catch (const PlanError& e) {
        out().flush();
        err() << "planscope: error: " << e.message() << Qt::endl;
    } catch (const UsageError& e) {
        out().flush();
        err() << "planscope: " << e.what() << " (see " << invokedCommand() << " --help)"
              << Qt::endl;
    } catch (const std::exception& e) { // readers report bad input as PlanError: a bug
        out().flush();
        err() << "planscope: internal error: " << e.what()
              << ". Please report it with the files that caused it." << Qt::endl;
    }
    return 2;
}

} // namespace planscope
