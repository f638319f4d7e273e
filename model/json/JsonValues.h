#pragma once

#include "plan/EngineMetadata.h"

#include <QStringList>
#include <optional>

namespace planscope {

// Figures as the JSON outputs write them (documented in README.md).

// Whole byte counts print as integers, others (4-bit types) as decimals; a missing figure is null.
OrderedJson jsonNumber(double value);
// Whether jsonNumber writes `value` as an integer (JsonStreamWriter::figure follows it too).
bool isWholeJsonNumber(double value);
OrderedJson jsonNumber(std::optional<double> value);
// A measured figure as it is (no integer conversion); a missing one is null.
OrderedJson optionalJson(std::optional<double> value);
// A text; an empty one (what the file does not hold) is null.
OrderedJson optionalText(const QString& value);
// Texts as a JSON array of strings (warnings, notes, command lines).
OrderedJson textListJson(const QStringList& texts);

} // namespace planscope
