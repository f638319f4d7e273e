#include "io/profile/ProfileMerge.h"

#include "io/LayerNames.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"
#include "plan/PlanError.h"

#include <QHash>
#include <QSet>

namespace planscope {
namespace {

LayerTiming timingOf(const ProfileRecord& r) {
    return {true, r.averageMs, r.medianMs, r.totalMs, r.percent};
}

// The usual profile names the graph's layers in their order, perhaps with records of set-aside
// entries between them: it is joined in one walk, without hashing every name (the general join
// below hashes each name four times). False, with nothing changed, for any other profile. The
// outcome is the general join's: the records left after the set-aside ones are dropped name the
// layers one to one, so their names need no disambiguation and every layer is named. A record
// whose name as written is its layer's then shares the layer's text (210,000 names: 45 MB).
bool joinInOrder(std::vector<Layer>& layers, std::vector<ProfileRecord>& records,
                 const QStringList& ignoredNames, const QSet<QString>& ignored) {
    constexpr qsizetype kFew = 16; // set-aside names are compared one by one, not hashed
    const auto isIgnored = [&](const QString& name) {
        return ignoredNames.size() <= kFew ? ignoredNames.contains(name) : ignored.contains(name);
    };
    std::vector<ProfileRecord*> paired;
    paired.reserve(layers.size());
    for (ProfileRecord& r : records) {
        const QString name = replaceRecordSeparators(r.name);
        if (isIgnored(name))
            continue;
        if (paired.size() == layers.size() || name != layers[paired.size()].name)
            return false;
        paired.push_back(&r);
    }
    if (layers.empty() || paired.size() != layers.size())
        return false;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        layers[i].timing = timingOf(*paired[i]);
        if (paired[i]->name == layers[i].name)
            paired[i]->name = layers[i].name;
    }
    return true;
}

} // namespace

MergedProfile mergeProfile(std::vector<Layer>& layers, std::vector<ProfileRecord>& asRead,
                           const QStringList& ignoredNames, const QString& profilePath,
                           const QString& graphPath, bool allowPartial) {
    const QSet<QString> ignored(ignoredNames.cbegin(), ignoredNames.cend());
    if (joinInOrder(layers, asRead, ignoredNames, ignored))
        return {};
    std::vector<ProfileRecord> records = asRead;
    std::erase_if(records, [&](const ProfileRecord& r) {
        return ignored.contains(replaceRecordSeparators(r.name));
    });

    // Name records as the graph's layers are named, so repeated names pair up in order.
    QHash<QString, int> seen;
    seen.reserve(static_cast<qsizetype>(records.size()));
    for (ProfileRecord& r : records)
        r.name = disambiguatedName(seen, replaceRecordSeparators(r.name));
    QHash<QString, const ProfileRecord*> byName;
    byName.reserve(static_cast<qsizetype>(records.size()));
    for (const ProfileRecord& r : records)
        byName.insert(r.name, &r);
    int named = 0;
    for (const Layer& l : layers)
        named += byName.contains(l.name) ? 1 : 0;

    const QString mismatchFix =
        QStringLiteral("Use the profile exported from this engine (--exportProfile), or omit it.");
    if (named == 0 && !layers.empty() && !records.empty())
        throw PlanError(
            QStringLiteral("%1: none of its %2 layer names appear in %3, so it profiles "
                           "another engine. %4")
                .arg(profilePath)
                .arg(records.size())
                .arg(displayName(graphPath), mismatchFix));
    // A stale profile of another build names a few layers by chance (2 of 25): its timings,
    // joined by position or by name, would be another engine's.
    const bool anotherBuild = 2 * static_cast<std::size_t>(named) < layers.size();
    if (anotherBuild && !allowPartial)
        throw PlanError(
            QStringLiteral("%1: only %2 of the %3 layers of %4 find their record in it (%5), so "
                           "it profiles another engine (another build of the model?). %6 "
                           "(--allow-partial-profile uses it all the same.)")
                .arg(profilePath)
                .arg(named)
                .arg(layers.size())
                .arg(displayName(graphPath), percentText(100.0 * named / double(layers.size())),
                     mismatchFix));

    MergedProfile merged{{}, anotherBuild};
    QStringList& warnings = merged.warnings;
    if (records.size() == layers.size()) {
        for (std::size_t i = 0; i < layers.size(); ++i)
            layers[i].timing = timingOf(records[i]);
        if (named < static_cast<int>(layers.size()))
            warnings << QStringLiteral("%1: %2 of its %3 layer names differ from the graph's; "
                                       "timings were joined by position, as trex does. Check "
                                       "that the profile belongs to this engine.")
                            .arg(displayName(profilePath))
                            .arg(layers.size() - named)
                            .arg(layers.size());
        return merged;
    }
    for (Layer& l : layers)
        if (const ProfileRecord* r = byName.value(l.name))
            l.timing = timingOf(*r);
    warnings << QStringLiteral("Partial profile: %1 has %2 layer records but the graph has %3 "
                               "layers; %4 layers were matched by name and the rest have no "
                               "timing. This happens when the profile is for another "
                               "optimization profile or another build.")
                    .arg(displayName(profilePath))
                    .arg(records.size())
                    .arg(layers.size())
                    .arg(named);
    return merged;
}

} // namespace planscope
