#include "tactics/TacticLog.h"

#include "plan/EnginePlan.h"

#include <QSet>
#include <cmath>

namespace planscope {

const TacticTiming* TacticSubject::fastest() const {
    const TacticTiming* best = nullptr;
    for (const TacticTiming& t : timings)
        if (std::isfinite(t.timeMs) && (!best || t.timeMs < best->timeMs))
            best = &t;
    return best;
}

const TacticChoice* TacticSubject::engineChoice(std::optional<quint64> engineTactic) const {
    if (chosen.empty())
        return nullptr;
    if (engineTactic)
        for (std::size_t i = chosen.size(); i-- > 0;) // the last such choice
            if (chosen[i].tactic == *engineTactic)
                return &chosen[i];
    return &chosen.back();
}

QString TacticSubject::kernelOf(const TacticChoice& choice) const {
    for (const TacticTiming& t : timings)
        if (t.tactic == choice.tactic && t.runner == choice.runner && !t.tacticName.isEmpty())
            return t.tacticName;
    return {};
}

std::optional<double> TacticSubject::timeOf(const TacticChoice& choice) const {
    const TacticTiming* match = nullptr;
    for (const TacticTiming& t : timings) {
        if (t.tactic != choice.tactic || t.format != choice.format || t.runner != choice.runner)
            continue;
        if (!match || t.build == choice.build)
            match = &t;
    }
    if (match && std::isfinite(match->timeMs))
        return match->timeMs;
    const QString format = choice.format >= 0 ? formats[choice.format] : QString();
    for (const CachedTactic& c : cached)
        if (c.tactic == choice.tactic && c.format == format)
            return c.timeMs;
    return std::nullopt;
}

int TacticLog::timingCount() const {
    int count = 0;
    for (const TacticSubject& s : subjects)
        count += static_cast<int>(s.timings.size());
    return count;
}

const TacticSubject* TacticLog::subjectForLayer(const QString& layer) const {
    for (const TacticSubject& s : subjects)
        if (s.layer == layer)
            return &s;
    return nullptr;
}

int TacticLog::keptBuild() const {
    for (std::size_t i = 0; i < builds.size(); ++i)
        if (builds[i].kept)
            return static_cast<int>(i);
    return builds.empty() ? 0 : static_cast<int>(builds.size()) - 1;
}

std::optional<quint64> TacticLog::engineTactic(const QString& layer) const {
    for (const EngineLayerTactic& l : engineLayers)
        if (l.name == layer)
            return l.tactic;
    return std::nullopt;
}

void TacticLog::linkEngine(std::vector<EngineLayerTactic> layers) {
    if (!layers.empty()) {
        // A layer whose tactic the plan does not give keeps the one the log's list gives.
        for (EngineLayerTactic& l : layers)
            if (!l.tactic)
                l.tactic = engineTactic(l.name);
        engineLayers = std::move(layers);
    }
    QSet<QString> known;
    for (const EngineLayerTactic& l : engineLayers)
        known.insert(l.name);
    static const QString profileSuffix = QStringLiteral(" [profile ");
    for (TacticSubject& s : subjects) {
        s.layer.clear();
        if (known.contains(s.name)) {
            s.layer = s.name;
        } else if (const qsizetype at = s.name.lastIndexOf(profileSuffix); at > 0) {
            if (known.contains(s.name.left(at)))
                s.layer = s.name.left(at);
        }
    }
}

TacticSummary summarizeSubject(const TacticLog& log, const TacticSubject& subject) {
    TacticSummary summary;
    summary.fastest = subject.fastest();
    summary.chosen = subject.engineChoice(
        subject.layer.isEmpty() ? std::nullopt : log.engineTactic(subject.layer));
    if (summary.chosen)
        summary.chosenMs = subject.timeOf(*summary.chosen);
    return summary;
}

std::vector<EngineLayerTactic> engineLayersOf(const EnginePlan& plan) {
    std::vector<EngineLayerTactic> layers;
    layers.reserve(plan.layers.size());
    for (const Layer& layer : plan.layers) {
        const QString value = layer.attribute(QStringLiteral("TacticValue")); // "0x5b8b..."
        bool ok = false;
        const quint64 tactic = value.mid(2).toULongLong(&ok, 16);
        layers.push_back(
            {layer.name, layer.type, ok ? std::optional<quint64>(tactic) : std::nullopt});
    }
    return layers;
}

QString tacticText(quint64 tactic) {
    return QStringLiteral("0x%1").arg(tactic, 16, 16, QChar('0'));
}

} // namespace planscope
