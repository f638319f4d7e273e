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

bool parseArguments(QCommandLineParser& parser, const QStringList& arguments) {
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(arguments))
        throw UsageError(parser.errorText().toStdString());
    if (parser.isSet(help)) {
        out() << parser.helpText();
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
        err() << "planscope: " << e.what() << " (see planscope --help)" << Qt::endl;
    } catch (const std::exception& e) { // readers report bad input as PlanError: a bug
        out().flush();
        err() << "planscope: internal error: " << e.what()
              << ". Please report it with the files that caused it." << Qt::endl;
    }
    return 2;
}

} // namespace planscope
