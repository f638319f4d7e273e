#include "io/profile/ProfileSamplesReader.h"

#include "io/text/JsonFile.h"
#include "plan/PlanError.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace planscope {
namespace {

const QString kFix = QStringLiteral(
    "Write it from an IProfiler as {\"layer name\": [ms, ms, ...]}, one list of times per layer, "
    "or export the profile with trtexec --exportProfile=FILE.");

using Event = nlohmann::json::parse_event_t;
using Members = std::vector<std::pair<QString, nlohmann::json>>;

// The top-level object's members in file order, each taken out of the document once parsed
// (an ordered object would look every key up in a list: quadratic in the layers).
Members membersOf(const QByteArray& text, const QString& path) {
    Members members;
    QString key;
    const auto collect = [&](int depth, Event event, nlohmann::json& parsed) {
        if (depth != 1)
            return true;
        if (event == Event::key) {
            key = QString::fromStdString(parsed.get<std::string>());
            return true;
        }
        if (event == Event::value || event == Event::array_end || event == Event::object_end) {
            members.emplace_back(key, std::move(parsed));
            return false;
        }
        return true;
    };
    const nlohmann::json document = guardJson(text, path, kFix, [&] {
        return nlohmann::json::parse(text.constBegin(), text.constEnd(), collect);
    });
    if (!document.is_object())
        throw PlanError(
            QStringLiteral("%1: expected a JSON object of layer times. %2").arg(path, kFix));
    return members;
}

[[noreturn]] void fail(const QString& path, const QString& what) {
    throw PlanError(QStringLiteral("%1: %2. %3").arg(path, what, kFix));
}

double median(std::vector<double> samples) {
    const std::size_t middle = samples.size() / 2;
    std::nth_element(samples.begin(), samples.begin() + std::ptrdiff_t(middle), samples.end());
    const double upper = samples[middle];
    if (samples.size() % 2 == 1)
        return upper;
    const double lower =
        *std::max_element(samples.begin(), samples.begin() + std::ptrdiff_t(middle));
    return (lower + upper) / 2;
}

std::vector<double> samplesOf(const nlohmann::json& value, const QString& layer,
                              const QString& path) {
    if (!value.is_array())
        fail(path, QStringLiteral("the value of layer \"%1\" is not a list of times").arg(layer));
    if (value.empty())
        fail(path, QStringLiteral("layer \"%1\" has no time (an empty list)").arg(layer));
    std::vector<double> samples;
    samples.reserve(value.size());
    for (const auto& sample : value) {
        if (!sample.is_number())
            fail(path, QStringLiteral("layer \"%1\" has a time that is no number: %2")
                           .arg(layer, QString::fromStdString(sample.dump()).left(40)));
        const double ms = sample.get<double>();
        if (!std::isfinite(ms) || ms < 0)
            fail(path,
                 QStringLiteral("layer \"%1\" has a negative time (%2 ms)").arg(layer).arg(ms));
        samples.push_back(ms);
    }
    return samples;
}

// The sample count most layers have (the longest of those equally common).
long long commonCount(const std::vector<std::size_t>& counts) {
    std::map<std::size_t, int> frequency;
    for (std::size_t count : counts)
        ++frequency[count];
    std::size_t common = 0;
    int most = 0;
    for (const auto& [count, layers] : frequency)
        if (layers >= most) {
            common = count;
            most = layers;
        }
    return static_cast<long long>(common);
}

} // namespace

bool looksLikeLayerSamples(const QByteArray& text) {
    qsizetype at = 0;
    const auto skipSpace = [&] {
        while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
            ++at;
    };
    const auto expect = [&](char c) {
        skipSpace();
        return at < text.size() && text[at++] == c;
    };
    if (!expect('{') || !expect('"'))
        return false;
    for (; at < text.size() && text[at] != '"'; ++at)
        if (text[at] == '\\')
            ++at;
    ++at; // the closing quote
    if (!expect(':') || !expect('['))
        return false;
    skipSpace();
    return at < text.size() && (std::isdigit(static_cast<unsigned char>(text[at])) ||
                                text[at] == '-' || text[at] == '.');
}

ProfileFile parseLayerSamples(const QByteArray& text, const QString& path) {
    const Members members = membersOf(text, path);
    if (members.empty())
        fail(path, QStringLiteral("it holds no layer's times (an empty object)"));
    ProfileFile profile;
    std::vector<std::size_t> counts;
    double sumOfAverages = 0;
    for (const auto& [name, value] : members) {
        ProfileRecord& record = profile.records.emplace_back();
        record.name = name;
        const std::vector<double> samples = samplesOf(value, record.name, path);
        double total = 0;
        for (double ms : samples)
            total += ms;
        record.totalMs = total;
        record.averageMs = total / double(samples.size());
        record.medianMs = median(samples);
        sumOfAverages += record.averageMs;
        counts.push_back(samples.size());
    }
    for (ProfileRecord& record : profile.records)
        record.percent = sumOfAverages > 0 ? 100 * record.averageMs / sumOfAverages : 0;
    profile.iterations = commonCount(counts);
    profile.countedSamples = true;
    return profile;
}

} // namespace planscope
