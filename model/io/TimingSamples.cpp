#include "io/TimingSamples.h"

#include "io/JsonFile.h"
#include "plan/PlanError.h"

namespace planscope {

std::vector<double> readTimingSamples(const QString& path) {
    const QString fix = QStringLiteral("Re-export it with trtexec --exportTimes=FILE or omit it.");
    const auto json = parseJson(readFileBytes(path), path, fix);
    if (!json.is_array())
        throw PlanError(
            QStringLiteral("%1: expected a JSON list of timing records. %2").arg(path, fix));
    std::vector<double> samples;
    samples.reserve(json.size());
    for (const auto& record : json) {
        const auto it = record.is_object() ? record.find("latencyMs") : record.end();
        if (it != record.end() && it->is_number())
            samples.push_back(it->get<double>());
    }
    if (samples.empty() && !json.empty())
        throw PlanError(QStringLiteral("%1: no record has latencyMs. %2").arg(path, fix));
    return samples;
}

} // namespace planscope
