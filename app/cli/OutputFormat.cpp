#include "cli/OutputFormat.h"

#include "cli/CliSupport.h"

namespace planscope {

OutputFormatOption::OutputFormatOption(QCommandLineParser& parser, Formats formats,
                                       const QString& csvHelp)
    : m_parser(parser), m_csv(formats == JsonAndCsv) {
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
    if (m_csv)
        parser.addOption({QStringLiteral("csv"), csvHelp});
}

OutputFormat OutputFormatOption::format() const {
    const bool json = m_parser.isSet(QStringLiteral("json"));
    const bool csv = m_csv && m_parser.isSet(QStringLiteral("csv"));
    if (json && csv)
        throw UsageError("choose one of --json and --csv");
    return json ? OutputFormat::Json : csv ? OutputFormat::Csv : OutputFormat::Text;
}

} // namespace planscope
