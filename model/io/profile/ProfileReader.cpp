#include "io/profile/ProfileReader.h"

#include "io/profile/ProfileSamplesReader.h"
#include "io/text/JsonFile.h"
#include "io/text/JsonList.h"
#include "plan/PlanError.h"

#include <QRegularExpression>

namespace planscope {
namespace {

const QString kFix = QStringLiteral("Re-export it with trtexec --exportProfile=FILE or omit it.");

// The number at `key`, else 0 with `field` marked absent.
double numberField(const nlohmann::json& record, const char* key, ProfileField field,
                   std::uint8_t& absent) {
    const auto it = record.find(key);
    if (it != record.end() && it->is_number())
        return it->get<double>();
    absent |= field;
    return 0.0;
}

ProfileFile fromJson(const nlohmann::json& json, const QString& path) {
    if (!json.is_array())
        throw PlanError(
            QStringLiteral("%1: expected a JSON list of layer timings. %2").arg(path, kFix));
    ProfileFile profile;
    for (const auto& record : json) {
        if (!record.is_object())
            continue;
        const auto name = record.find("name");
        if (name == record.end() || !name->is_string()) {
            if (const auto count = record.find("count");
                count != record.end() && count->is_number_integer())
                profile.iterations = count->get<long long>();
            continue;
        }
        ProfileRecord& r = profile.records.emplace_back();
        r.name = QString::fromStdString(name->get<std::string>());
        r.totalMs = numberField(record, "timeMs", TimeField, r.absent);
        r.averageMs = numberField(record, "averageMs", AverageField, r.absent);
        r.medianMs = numberField(record, "medianMs", MedianField, r.absent);
        r.percent = numberField(record, "percentage", PercentField, r.absent);
    }
    return profile;
}

std::optional<std::string_view> stringOf(simdjson::dom::element value) {
    std::string_view text;
    return value.get(text) == simdjson::SUCCESS ? std::optional(text) : std::nullopt;
}

// An integer as nlohmann reads one (an unsigned one past 2^63 wraps, as get<long long>() does).
std::optional<long long> integerOf(simdjson::dom::element value) {
    if (value.is_int64())
        return value.get_int64().value_unsafe();
    if (value.is_uint64())
        return static_cast<long long>(value.get_uint64().value_unsafe());
    return std::nullopt;
}

// One record of the list, as fromJson reads it, from simdjson's tree of the record.
void readRecord(simdjson::dom::element record, ProfileFile& profile) {
    simdjson::dom::object object;
    if (record.get(object))
        return;
    ProfileRecord r;
    r.absent = TimeField | AverageField | MedianField | PercentField;
    std::optional<std::string_view> name;
    std::optional<long long> count;
    for (const auto field : object) { // a key written twice keeps its last value
        const auto number = [&](double& slot, ProfileField bit) {
            if (field.value.get(slot) == simdjson::SUCCESS)
                r.absent &= static_cast<std::uint8_t>(~bit);
            else
                r.absent |= bit, slot = 0;
        };
        if (field.key == "name")
            name = stringOf(field.value);
        else if (field.key == "timeMs")
            number(r.totalMs, TimeField);
        else if (field.key == "averageMs")
            number(r.averageMs, AverageField);
        else if (field.key == "medianMs")
            number(r.medianMs, MedianField);
        else if (field.key == "percentage")
            number(r.percent, PercentField);
        else if (field.key == "count")
            count = integerOf(field.value);
    }
    if (!name) {
        if (count)
            profile.iterations = *count;
        return;
    }
    r.name = QString::fromUtf8(name->data(), static_cast<qsizetype>(name->size()));
    profile.records.push_back(std::move(r));
}

// The timings in a record's text: "timeMs" : 1.5, "averageMs" : 0.1, ...
void readLenientNumbers(const QString& fields, ProfileRecord& record) {
    static const QRegularExpression number(
        QStringLiteral(R"re("(timeMs|averageMs|medianMs|percentage)"\s*:\s*([-+0-9.eE]+))re"));
    record.absent = TimeField | AverageField | MedianField | PercentField;
    for (auto it = number.globalMatch(fields); it.hasNext();) {
        const auto match = it.next();
        const QString key = match.captured(1);
        const auto [slot, field] =
            key == QLatin1String("timeMs")      ? std::pair(&record.totalMs, TimeField)
            : key == QLatin1String("averageMs") ? std::pair(&record.averageMs, AverageField)
            : key == QLatin1String("medianMs")  ? std::pair(&record.medianMs, MedianField)
                                                : std::pair(&record.percent, PercentField);
        *slot = match.captured(2).toDouble();
        record.absent &= static_cast<std::uint8_t>(~field);
    }
}

// Each record reads `{ "name" : "<anything>", "timeMs" : ...}`: the name ends at the quote
// that precedes `, "timeMs"`, whatever it holds.
ProfileFile fromLenientText(const QString& text) {
    static const QRegularExpression countRe(QStringLiteral(R"(\{\s*"count"\s*:\s*(\d+)\s*\})"));
    static const QRegularExpression nameStart(QStringLiteral(R"(\{\s*"name"\s*:\s*")"));
    static const QRegularExpression nameEnd(QStringLiteral(R"("\s*,\s*"timeMs"\s*:)"));
    ProfileFile profile;
    profile.repaired = true;
    if (const auto count = countRe.match(text); count.hasMatch())
        profile.iterations = count.captured(1).toLongLong();
    qsizetype pos = 0;
    while (true) {
        const auto start = nameStart.match(text, pos);
        if (!start.hasMatch())
            break;
        const auto end = nameEnd.match(text, start.capturedEnd());
        if (!end.hasMatch())
            break;
        const qsizetype close = text.indexOf('}', end.capturedEnd());
        const QString fields =
            text.mid(end.capturedStart(), close < 0 ? -1 : close - end.capturedStart());
        ProfileRecord record;
        record.name = text.mid(start.capturedEnd(), end.capturedStart() - start.capturedEnd());
        readLenientNumbers(fields, record);
        profile.records.push_back(std::move(record));
        pos = close < 0 ? end.capturedEnd() : close;
    }
    return profile;
}

} // namespace

ProfileFile parseProfileText(const QByteArray& text, const QString& path) {
    requireText(text, path, kFix);
    if (text.trimmed().startsWith('{')) // an IProfiler's samples, not trtexec's list
        return parseLayerSamples(text, path);
    // Record by record (trtexec writes one a line), no tree of the whole file. Text that is not
    // a list of valid JSON goes to nlohmann's reader, which says what is wrong with it, and
    // whose failure reads a profile with names trtexec left unescaped leniently.
    simdjson::dom::parser parser;
    ProfileFile profile;
    profile.records.reserve(static_cast<std::size_t>(text.count("\"name\"")));
    if (forEachJsonListElement(text, parser, [&](auto record) { readRecord(record, profile); }))
        return profile;
    try {
        return fromJson(nlohmann::json::parse(text.constBegin(), text.constEnd()), path);
    } catch (const nlohmann::json::parse_error& e) {
        if (looksTruncated(e, text.size()))
            throwParseError(e, text.size(), path, kFix);
        ProfileFile profile = fromLenientText(QString::fromUtf8(text));
        if (profile.records.empty())
            throwParseError(e, text.size(), path, kFix);
        return profile;
    } catch (const nlohmann::json::exception& e) {
        throwJsonError(e, path, kFix);
    }
}

ProfileFile readProfile(const QString& path) {
    return parseProfileText(readFileBytes(path, simdjson::SIMDJSON_PADDING), path);
}

} // namespace planscope
