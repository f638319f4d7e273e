#include "io/ProfileMerge.h"

#include "io/JsonFile.h"
#include "io/LayerNames.h"
#include "plan/PlanError.h"

#include <QHash>
#include <QSet>

namespace planscope {
namespace {

LayerTiming timingOf(const ProfileRecord& r) {
    return {true, r.averageMs, r.medianMs, r.totalMs, r.percent};
}

} // namespace

QStringList mergeProfile(std::vector<Layer>& layers, std::vector<ProfileRecord> records,
                         const QStringList& ignoredNames, const QString& profilePath,
                         const QString& graphPath) {
    const QSet<QString> ignored(ignoredNames.cbegin(), ignoredNames.cend());
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

    QStringList warnings;
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
        return warnings;
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
    return warnings;
}

} // namespace planscope
