#include "cli/CliSupport.h"
#include "io/log/TrtexecLog.h"

namespace planscope {

int convertLogCommand(const QStringList& arguments) {
    return runGuarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral(
            "Convert a trtexec log into the files trex writes: PREFIX.build.metadata.json and "
            "PREFIX.profile.metadata.json, plus PREFIX.profile.json (from --dumpProfile's table) "
            "and PREFIX.graph.json (from --dumpLayerInfo's list) when the log has them."));
        parser.addPositionalArgument(QStringLiteral("LOG"), QStringLiteral("trtexec console log."));
        const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                        QStringLiteral("Prefix of the files to write."),
                                        QStringLiteral("PREFIX"));
        parser.addOption(output);
        if (!parseArguments(parser, arguments))
            return 0;
        const QStringList positional = parser.positionalArguments();
        if (positional.size() != 1)
            throw UsageError("expected one LOG");
        if (!parser.isSet(output))
            throw UsageError("missing -o PREFIX");
        const TrtexecLog log = readTrtexecLog(positional.first());
        for (const QString& warning : log.warnings)
            err() << "warning: " << warning << Qt::endl;
        for (const QString& path : convertLog(log, parser.value(output)))
            out() << "wrote " << path << '\n';
        return 0;
    });
}

} // namespace planscope
