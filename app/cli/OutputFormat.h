#pragma once

#include <QCommandLineParser>
#include <QString>

namespace planscope {

// What a command prints: its text (the default), JSON (--json) or CSV (--csv).
enum class OutputFormat { Text, Json, Csv };

// The --json option of a command, and --csv where it writes CSV too, added to its parser where
// its help lists them. format() is the one place that refuses both at once.
class OutputFormatOption {
  public:
    enum Formats { JsonOnly, JsonAndCsv };
    OutputFormatOption(QCommandLineParser& parser, Formats formats,
                       const QString& csvHelp = QStringLiteral("Print CSV."));

    // Throws UsageError when both are given; call it once the arguments are parsed.
    OutputFormat format() const;

  private:
    const QCommandLineParser& m_parser;
    bool m_csv;
};

} // namespace planscope
