#include "io/log/TacticLogBuilder.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

namespace planscope {
namespace {

using namespace std::string_view_literals;

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

// The text after the first `marker`, or nullopt.
std::optional<std::string_view> after(std::string_view text, std::string_view marker) {
    const auto at = text.find(marker);
    if (at == std::string_view::npos)
        return std::nullopt;
    return text.substr(at + marker.size());
}

// The first space-separated word of `text`.
std::string_view word(std::string_view text) {
    return text.substr(0, text.find(' '));
}

// Severity, logger and timestamp tags: "[11/24/2026-13:00:00]", "[V]", "[TRT]", in either order.
bool isTag(std::string_view tag) {
    static constexpr std::string_view kTags[] = {"V",   "I",       "W",    "E",       "F",
                                                 "TRT", "VERBOSE", "INFO", "WARNING", "ERROR"};
    for (std::string_view known : kTags)
        if (tag == known)
            return true;
    if (tag.empty())
        return false;
    for (char c : tag)
        if (!((c >= '0' && c <= '9') || c == '/' || c == ':' || c == '-' || c == '.' || c == ' '))
            return false;
    return true;
}

std::string_view message(std::string_view line) {
    line = trimmed(line);
    while (!line.empty() && line.front() == '[') {
        const auto close = line.find(']');
        if (close == std::string_view::npos || !isTag(line.substr(1, close - 1)))
            break;
        line = trimmed(line.substr(close + 1));
    }
    return line;
}

// "0x00000000000003e8", or a decimal (older versions print signed 64-bit tactics).
std::optional<quint64> parseTactic(std::string_view text) {
    while (!text.empty() && (text.back() == ',' || text.back() == '.'))
        text.remove_suffix(1);
    if (startsWith(text, "0x"sv)) {
        quint64 value = 0;
        const auto [end, error] =
            std::from_chars(text.data() + 2, text.data() + text.size(), value, 16);
        if (error == std::errc() && end == text.data() + text.size() && text.size() > 2)
            return value;
        return std::nullopt;
    }
    qint64 value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc() && end == text.data() + text.size() && !text.empty())
        return static_cast<quint64>(value);
    return std::nullopt;
}

std::optional<double> parseNumber(std::string_view text) {
    while (!text.empty() && (text.back() == ',' || text.back() == '.'))
        text.remove_suffix(1);
    if (text == "inf"sv)
        return std::numeric_limits<double>::infinity();
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty() ||
        std::isnan(value))
        return std::nullopt;
    return value;
}

// "RUNNER[0x80000009]" is "RUNNER".
std::string_view runnerName(std::string_view text) {
    return trimmed(text.substr(0, text.find('[')));
}

} // namespace

TacticLogBuilder::TacticLogBuilder(const QString& path) {
    m_log.path = path;
}

TacticSubject* TacticLogBuilder::current() {
    return m_current >= 0 ? &m_log.subjects[std::size_t(m_current)] : nullptr;
}

int TacticLogBuilder::formatIndex(TacticSubject& subject) {
    if (m_format.isEmpty())
        return -1;
    const qsizetype at = subject.formats.lastIndexOf(m_format);
    if (at >= 0)
        return int(at);
    subject.formats << m_format;
    return int(subject.formats.size() - 1);
}

BuildPass& TacticLogBuilder::build() {
    if (m_log.builds.empty())
        m_log.builds.emplace_back();
    m_buildUsed = true;
    return m_log.builds.back();
}

int TacticLogBuilder::buildIndex() {
    build();
    return int(m_log.builds.size() - 1);
}

void TacticLogBuilder::line(std::string_view raw) {
    const std::string_view text = message(raw);
    if (text.empty())
        return;
    if (m_inLayerList) {
        if (startsWith(text, "Layer("sv))
            return engineLayer(text);
        m_inLayerList = false;
    }
    switch (text.front()) {
    case '-':
        if (const auto rest = after(text, "Timing Runner: "sv))
            timingRunner(*rest);
        return;
    case '*':
        if (const auto rest = after(text, "Autotuning format combination: "sv))
            m_format = m_strings.get(trimmed(rest->substr(0, rest->find(" ***"sv))));
        else if (const auto reformat = after(text, "Autotuning Reformat: "sv))
            m_format = m_strings.get(trimmed(reformat->substr(0, reformat->find(" ***"sv))));
        return;
    case '>':
        if (const auto rest = after(text, "Chose Runner Type: "sv))
            choice(*rest);
        return;
    default:
        break;
    }
    if (startsWith(text, "Tactic Name: "sv) || startsWith(text, "Tactic: "sv))
        return timing(text);
    if (text.find("] got cached result: "sv) != std::string_view::npos)
        return cachedResult(text);
    if (text.find(") profiling completed in "sv) != std::string_view::npos)
        return profilingCompleted(text);
    if (const auto rest = after(text, " Set Tactic Name: "sv);
        rest || startsWith(text, "Set Tactic Name: "sv)) {
        const std::string_view named = rest ? *rest : text.substr(17);
        if (const auto tactic = after(named, " Tactic: "sv))
            if (const auto value = parseTactic(word(*tactic)))
                m_setNames.insert(*value, m_strings.get(word(named)));
        return;
    }
    if (const auto at = text.find(" has no valid tactics for this config, skipping"sv);
        at != std::string_view::npos)
        return skipped(text.substr(0, at), "no valid tactics for this config"sv);
    if (startsWith(text, "Skipping "sv) && !startsWith(text, "Skipping tactic"sv)) {
        const auto colon = text.find(": "sv);
        if (colon != std::string_view::npos)
            return skipped(text.substr(9, colon - 9), text.substr(colon + 2));
    }
    if (const auto reason = after(text, "UNSUPPORTED_STATE: "sv);
        reason && startsWith(*reason, "Skipping tactic"sv))
        return skipped(m_runner.toStdString(), *reason);
    if (text == "Engine Layer Information:"sv) {
        m_inLayerList = true;
        m_log.engineLayers.clear();
        return;
    }
    buildLine(text);
}

void TacticLogBuilder::timingRunner(std::string_view text) {
    // "NAME (RUNNER[0x80000009])": the runner is in the last parentheses; names have their own.
    text = trimmed(text);
    if (text.empty() || text.back() != ')')
        return;
    int depth = 0;
    std::size_t open = std::string_view::npos;
    for (std::size_t i = text.size(); i-- > 0;) {
        if (text[i] == ')')
            ++depth;
        else if (text[i] == '(' && --depth == 0) {
            open = i;
            break;
        }
    }
    if (open == std::string_view::npos || open == 0)
        return;
    const QString name = QString::fromUtf8(trimmed(text.substr(0, open)));
    if (name.isEmpty())
        return;
    m_runner = m_strings.get(runnerName(text.substr(open + 1, text.size() - open - 2)));
    m_setNames.clear();
    auto it = m_subjects.find(name);
    if (it == m_subjects.end()) {
        it = m_subjects.insert(name, int(m_log.subjects.size()));
        m_log.subjects.emplace_back().name = name;
    }
    m_current = it.value();
    build();
}

void TacticLogBuilder::timing(std::string_view text) {
    TacticSubject* subject = current();
    if (!subject)
        return;
    QString name;
    if (const auto named = after(text, "Tactic Name: "sv))
        name = m_strings.get(word(*named));
    const auto tacticText =
        startsWith(text, "Tactic: "sv) ? after(text, "Tactic: "sv) : after(text, " Tactic: "sv);
    if (!tacticText)
        return;
    const auto tactic = parseTactic(word(*tacticText));
    if (!tactic)
        return;
    if (text.find(" skipped."sv) != std::string_view::npos)
        return skipped(m_runner.toStdString(), text);
    const auto timeText = after(*tacticText, " Time: "sv);
    const auto time = timeText ? parseNumber(word(*timeText)) : std::nullopt;
    if (!time || *time < 0)
        return;
    if (name.isEmpty())
        name = m_setNames.value(*tactic);
    const int format = formatIndex(*subject);
    subject->timings.push_back({m_runner, *tactic, name, *time, format, buildIndex()});
}

void TacticLogBuilder::choice(std::string_view text) {
    TacticSubject* subject = current();
    const auto tacticText = after(text, " Tactic: "sv);
    if (!subject || !tacticText)
        return;
    const auto tactic = parseTactic(word(trimmed(*tacticText)));
    if (!tactic)
        return;
    const QString runner = m_strings.get(runnerName(text.substr(0, text.find(" Tactic: "sv))));
    subject->chosen.push_back({formatIndex(*subject), runner, *tactic, buildIndex()});
}

void TacticLogBuilder::cachedResult(std::string_view text) {
    // "NAME [IN -> OUT] got cached result: RUNNER, tactic 0x..., 0.00294 ms"
    const auto end = text.find("] got cached result: "sv);
    const auto open = text.rfind(" ["sv, end);
    if (open == std::string_view::npos || open == 0)
        return;
    const std::string_view result = text.substr(end + 21);
    const auto comma = result.find(", tactic "sv);
    if (comma == std::string_view::npos)
        return;
    const std::string_view rest = result.substr(comma + 9);
    const auto tactic = parseTactic(word(rest));
    const auto timeAt = rest.find(", "sv);
    const auto time = timeAt == std::string_view::npos ? std::nullopt
                                                       : parseNumber(word(rest.substr(timeAt + 2)));
    if (!tactic || !time)
        return;
    const QString name = QString::fromUtf8(trimmed(text.substr(0, open)));
    CachedTactic cached{m_strings.get(text.substr(open + 2, end - open - 2)),
                        m_strings.get(runnerName(result.substr(0, comma))), *tactic, *time,
                        buildIndex()};
    if (const auto it = m_subjects.constFind(name); it != m_subjects.constEnd()) {
        m_log.subjects[std::size_t(it.value())].cached.push_back(std::move(cached));
        return;
    }
    auto it = m_cachedOnly.find(name);
    if (it == m_cachedOnly.end()) {
        it = m_cachedOnly.insert(name, int(m_log.cachedOnly.size()));
        m_log.cachedOnly.emplace_back().name = name;
    }
    m_log.cachedOnly[std::size_t(it.value())].cached.push_back(std::move(cached));
}

void TacticLogBuilder::profilingCompleted(std::string_view text) {
    // "NAME (RUNNER) profiling completed in 0.112 seconds. Fastest Tactic: 0x... Time: 0.0057"
    const auto at = text.find(") profiling completed in "sv);
    const auto seconds = parseNumber(word(text.substr(at + 25)));
    TacticSubject* subject = current();
    if (!seconds || !subject || !std::isfinite(*seconds))
        return;
    subject->autotuneSeconds = subject->autotuneSeconds.value_or(0) + *seconds;
}

void TacticLogBuilder::skipped(std::string_view runner, std::string_view reason) {
    TacticSubject* subject = current();
    if (!subject)
        return;
    subject->skipped.push_back(
        {m_strings.get(runnerName(runner)), QString::fromUtf8(trimmed(reason)), buildIndex()});
}

void TacticLogBuilder::buildLine(std::string_view text) {
    if (const auto strategy = after(text, "Building graph using backend strategy "sv)) {
        if (m_buildUsed || m_log.builds.empty())
            m_log.builds.emplace_back();
        m_log.builds.back().strategy = int(parseNumber(word(*strategy)).value_or(-1));
        m_buildUsed = false;
        return;
    }
    const auto keep = [&](std::string_view rest) {
        const int strategy = int(parseNumber(word(rest)).value_or(-2));
        for (BuildPass& b : m_log.builds)
            b.kept = b.strategy == strategy;
    };
    if (const auto rest = after(text, "Chose this engine with backend strategy "sv))
        return keep(*rest);
    if (startsWith(text, "Use backend strategy "sv))
        return keep(text.substr(21));
    if (const auto rest = after(text, "Formats and tactics selection completed in "sv)) {
        build().tacticSelectionSeconds = parseNumber(word(*rest));
        return;
    }
    if (const auto rest = after(text, "Engine generation completed in "sv)) {
        build().engineGenerationSeconds = parseNumber(word(*rest));
        return;
    }
    if (const auto rest = after(text, "Engine built in "sv)) {
        m_log.buildSeconds = parseNumber(word(*rest));
        return;
    }
    if (const auto rest = after(text, "TensorRT version: "sv)) {
        m_log.tensorrtVersion = QString::fromUtf8(word(trimmed(*rest)));
        return;
    }
    if ((startsWith(text, "Total "sv) || startsWith(text, "Max Scratch Memory"sv))) {
        const auto colon = text.find(" Memory: "sv);
        if (colon == std::string_view::npos)
            return;
        if (const auto bytes = parseNumber(word(text.substr(colon + 9))))
            build().memoryBytes.emplace_back(QString::fromUtf8(text.substr(0, colon + 7)), *bytes);
    }
}

void TacticLogBuilder::engineLayer(std::string_view text) {
    // "Layer(CaskPooling): node_max_pool2d, Tactic: 0xdd39499496c9cc38, relu (...) -> ..."
    const auto close = text.find("): "sv);
    const auto tacticAt = text.find(", Tactic: "sv);
    if (close == std::string_view::npos || tacticAt == std::string_view::npos || tacticAt < close)
        return;
    const auto tactic = parseTactic(word(text.substr(tacticAt + 10)));
    if (!tactic)
        return;
    m_log.engineLayers.push_back({QString::fromUtf8(text.substr(close + 3, tacticAt - close - 3)),
                                  m_strings.get(text.substr(6, close - 6)), *tactic});
}

TacticLog TacticLogBuilder::finish() {
    // A name first met in a cached result and timed later is one subject.
    for (auto it = m_log.cachedOnly.begin(); it != m_log.cachedOnly.end();) {
        if (const auto subject = m_subjects.constFind(it->name); subject != m_subjects.constEnd()) {
            auto& cached = m_log.subjects[std::size_t(subject.value())].cached;
            cached.insert(cached.begin(), it->cached.begin(), it->cached.end());
            it = m_log.cachedOnly.erase(it);
        } else {
            ++it;
        }
    }
    m_log.linkEngine();
    return std::move(m_log);
}

} // namespace planscope
