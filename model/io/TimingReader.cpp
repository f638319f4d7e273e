#include "io/TimingReader.h"

#include "io/text/JsonFile.h"
#include "io/text/JsonList.h"
#include "plan/PlanError.h"

namespace planscope {
namespace {

const QString kFix = QStringLiteral("Re-export it with trtexec --exportTimes=FILE or omit it.");

// Record by record with simdjson; false when the text is not a list of valid JSON.
bool readRecords(const QByteArray& text, std::vector<double>& samples, std::size_t& records) {
    simdjson::dom::parser parser;
    return forEachJsonListElement(text, parser, [&](simdjson::dom::element record) {
        ++records;
        double latency = 0;
        if (record.is_object() && record["latencyMs"].get(latency) == simdjson::SUCCESS)
            samples.push_back(latency);
    });
}

// The same with nlohmann's tree, which says what is wrong with a text that is not such a list.
void readDocument(const QByteArray& text, const QString& path, std::vector<double>& samples,
                  std::size_t& records) {
    const auto json = parseJson(text, path, kFix);
    if (!json.is_array())
        throw PlanError(
            QStringLiteral("%1: expected a JSON list of timing records. %2").arg(path, kFix));
    records = json.size();
    for (const auto& record : json) {
        const auto it = record.is_object() ? record.find("latencyMs") : record.end();
        if (it != record.end() && it->is_number())
            samples.push_back(it->get<double>());
    }
}

} // namespace

std::vector<double> readTimingSamples(const QString& path) {
    const QByteArray text = readFileBytes(path, simdjson::SIMDJSON_PADDING);
    requireText(text, path, kFix);
    std::vector<double> samples;
    std::size_t records = 0;
    if (!readRecords(text, samples, records)) {
        samples.clear();
        readDocument(text, path, samples, records);
    }
    if (samples.empty() && records > 0)
        throw PlanError(QStringLiteral("%1: no record has latencyMs. %2").arg(path, kFix));
    return samples;
}

} // namespace planscope
