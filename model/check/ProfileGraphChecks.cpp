#include "check/CheckLayers.h"
#include "check/CheckSteps.h"
#include "io/LayerNames.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"
#include "plan/NameKey.h"

#include <QHash>
#include <QSet>
#include <map>
#include <unordered_map>

namespace planscope {
namespace {

const QString kExportProfile = QStringLiteral(
    "trtexec --loadEngine=ENGINE --exportProfile=PREFIX.profile.json --separateProfileRun");

// How many of the graph's layers (every optimization profile) and of the profile's records bear
// a name.
struct NameCount {
    int layers = 0;
    int records = 0;
};

// The facts this group compares, with every name counted once: for each graph entry and each
// record, its name's counts and which occurrence of its name it is (1 for the first).
struct Inputs {
    const EnginePlan& plan;
    const PlanFacts& facts;
    QString graph;   // path
    QString profile; // path
    // The records' names as trex shows them: the few written with separators, by record (the
    // others are their names as written, not copied per record: 5 MB on 210,000 records).
    QHash<qsizetype, QString> renamedRecords;
    std::vector<NameCount> countStore; // reserved for every name: the pointers below hold
    QHash<NameKey, NameCount*> counts; // the entries' and the records' own names, viewed
    std::vector<NameCount*> entryCounts;
    std::vector<int> entryOccurrence;
    std::vector<const NameCount*> recordCounts;
    std::vector<int> recordOccurrence;

    Inputs(const EnginePlan& p, const PlanFacts& f)
        : plan(p), facts(f), graph(p.sources.graph), profile(f.profilePath) {
        const std::size_t records = f.profile ? f.profile->records.size() : 0;
        countStore.reserve(f.graph.size() + records); // at most: the pointers below must hold
        counts.reserve(static_cast<qsizetype>(f.graph.size())); // records mostly find theirs
        entryCounts.reserve(f.graph.size());
        entryOccurrence.reserve(f.graph.size());
        for (const GraphEntry& e : f.graph) {
            NameCount& count = countOf(e.name);
            entryOccurrence.push_back(++count.layers);
            entryCounts.push_back(&count);
        }
        recordCounts.reserve(records);
        recordOccurrence.reserve(records);
        for (std::size_t i = 0; i < records; ++i) {
            const QString& written = f.profile->records[i].name;
            const QString& name =
                written.contains(QChar(0x1E)) || written.contains(QChar(0x1F))
                    ? *renamedRecords.insert(qsizetype(i), replaceRecordSeparators(written))
                    : written;
            // A profile usually names the graph's entries in their order: the entry at the
            // same place has the name's counts already (a plan's names hashed once, not twice).
            const bool asEntry = i < f.graph.size() && name == f.graph[i].name;
            NameCount& count = asEntry ? *entryCounts[i] : countOf(name);
            recordOccurrence.push_back(++count.records);
            recordCounts.push_back(&count);
        }
    }
    NameCount& countOf(QStringView name) {
        NameCount*& count = counts[name];
        if (!count)
            count = &countStore.emplace_back();
        return *count;
    }
    const std::vector<ProfileRecord>& records() const { return facts.profile->records; }
    QString recordName(std::size_t i) const {
        return renamedRecords.value(qsizetype(i), records()[i].name);
    }
    QString graphName() const { return displayName(graph); }
    QString profileName() const { return displayName(profile); }
};

// The time some records carry: their averages' sum and their percentages' sum.
struct CarriedTime {
    double averageMs = 0;
    double percent = 0;
    void add(const ProfileRecord& r) {
        averageMs += r.averageMs;
        percent += r.percent;
    }
    QString text() const {
        return QStringLiteral("%1 (%2 of the profile)")
            .arg(millisecondsText(averageMs, 4), percentText(percent, 1));
    }
    void addTo(OrderedJson& details) const {
        details["average_ms"] = averageMs;
        details["percent"] = percent;
    }
};

OrderedJson recordJson(const QString& name, const ProfileRecord& r) {
    return {{"name", name.toStdString()}, {"average_ms", r.averageMs}, {"percent", r.percent}};
}

void duplicateLayerNames(const Inputs& in, std::vector<CheckResult>& results) {
    QHash<QString, std::vector<CheckLayer>> byName;
    QStringList repeated; // in file order
    for (std::size_t i = 0; i < in.facts.graph.size(); ++i) {
        if (in.entryCounts[i]->layers < 2)
            continue;
        const GraphEntry& e = in.facts.graph[i];
        if (in.entryOccurrence[i] == 1)
            repeated << e.name;
        byName[e.name].push_back(entryLayer(in.plan, e));
    }
    if (repeated.isEmpty())
        return;
    CheckResult r{checks::kDuplicateLayerNames, {in.graph}};
    OrderedJson names = OrderedJson::array();
    for (const QString& name : repeated) {
        const std::vector<CheckLayer>& layers = byName[name];
        r.layers.insert(r.layers.end(), layers.begin(), layers.end());
        names.push_back({{"name", name.toStdString()}, {"layers", layersJson(layers)}});
    }
    r.details["names"] = names;
    r.message = QStringLiteral("%1 of %2 %3 more than one layer: %4. PlanScope calls the later "
                               "ones \"NAME_2\", \"NAME_3\" ... as trex does, and gives them the "
                               "profile records of that name in file order.")
                    .arg(countText(repeated.size(), QStringLiteral("name")), in.graphName(),
                         repeated.size() == 1 ? QStringLiteral("names") : QStringLiteral("name"),
                         namesText(repeated));
    r.fix = QStringLiteral("Give every layer of the network a name of its own before building "
                           "(unique ONNX node names, or ILayer.name), so that records and layers "
                           "pair up without doubt.");
    results.push_back(std::move(r));
}

// Fewer than half of the records name a layer, or the loader refused the profile (fewer than
// half of the layers find their record): the profile belongs to another engine.
bool profileOfAnotherEngine(const Inputs& in, std::vector<CheckResult>& results) {
    const auto& records = in.records();
    int matched = 0;
    CarriedTime time;
    for (std::size_t i = 0; i < records.size(); ++i) {
        matched += in.recordCounts[i]->layers > 0 ? 1 : 0;
        time.add(records[i]);
    }
    const bool fewRecords =
        !records.empty() && 2 * static_cast<std::size_t>(matched) < records.size();
    if (!fewRecords && in.facts.profileRefused.isEmpty())
        return false;
    CheckResult r{checks::kProfileOtherEngine, {in.profile, in.graph}};
    const QString outcome =
        in.facts.profileRefused.isEmpty()
            ? QStringLiteral("Its timings were put on this plan's layers all the same, so the "
                             "latencies shown are not this engine's.")
            : QStringLiteral("PlanScope opened the plan without it: no timings.");
    r.message = fewRecords ? QStringLiteral("%1 of the %2 records of %3 name a layer of %4: the "
                                            "profile belongs to another engine. %5")
                                 .arg(matched)
                                 .arg(records.size())
                                 .arg(in.profileName(), in.graphName(), outcome)
                           : in.facts.profileRefused + QLatin1Char(' ') + outcome;
    r.fix = QStringLiteral("Use the profile exported from this engine (%1), or name the right "
                           "file with --profile-json.")
                .arg(kExportProfile);
    r.details = {{"records", records.size()},
                 {"records_naming_a_layer", matched},
                 {"graph_layers", in.facts.graph.size()},
                 {"loaded", in.facts.profileRefused.isEmpty()}};
    time.addTo(r.details);
    results.push_back(std::move(r));
    return true;
}

void recordsWithoutLayer(const Inputs& in, std::vector<CheckResult>& results) {
    OrderedJson listed = OrderedJson::array();
    QStringList names;
    CarriedTime time;
    for (std::size_t i = 0; i < in.records().size(); ++i) {
        if (in.recordCounts[i]->layers > 0)
            continue;
        names << in.recordName(i);
        listed.push_back(recordJson(in.recordName(i), in.records()[i]));
        time.add(in.records()[i]);
    }
    if (names.isEmpty())
        return;
    CheckResult r{checks::kRecordsWithoutLayer, {in.profile, in.graph}};
    r.message =
        QStringLiteral("%1 of %2 %3 no layer of %4: %5. %6 %7 per iteration, which no "
                       "layer shows.")
            .arg(countText(names.size(), QStringLiteral("record")), in.profileName(),
                 names.size() == 1 ? QStringLiteral("names") : QStringLiteral("name"),
                 in.graphName(), namesText(names),
                 names.size() == 1 ? QStringLiteral("It carries") : QStringLiteral("They carry"),
                 time.text());
    r.fix = QStringLiteral("Export the graph and the profile from the same engine (%1 "
                           "--exportLayerInfo=PREFIX.graph.json --profilingVerbosity=detailed): "
                           "a record named after a layer this graph does not have comes from "
                           "another build.")
                .arg(kExportProfile);
    r.details["records"] = listed;
    time.addTo(r.details);
    results.push_back(std::move(r));
}

// Names recorded more often than the graph has layers of that name.
void duplicateRecords(const Inputs& in, std::vector<CheckResult>& results) {
    QStringList names; // in file order
    QSet<QString> named;
    OrderedJson extra = OrderedJson::array();
    CarriedTime time;
    for (std::size_t i = 0; i < in.records().size(); ++i) {
        const QString name = in.recordName(i);
        const int layers = in.recordCounts[i]->layers;
        if (layers == 0 || in.recordOccurrence[i] <= layers)
            continue;
        if (!named.contains(name)) {
            named.insert(name);
            names << name;
        }
        extra.push_back(recordJson(name, in.records()[i]));
        time.add(in.records()[i]);
    }
    if (names.isEmpty())
        return;
    CheckResult r{checks::kDuplicateRecords, {in.profile, in.graph}};
    for (const GraphEntry& e : in.facts.graph)
        if (named.contains(e.name))
            r.layers.push_back(entryLayer(in.plan, e));
    r.message =
        QStringLiteral("In %1, %2 recorded more often than %3 has layers of that name: "
                       "%4. %5 %6.")
            .arg(in.profileName(),
                 names.size() == 1 ? QStringLiteral("1 name is")
                                   : QStringLiteral("%1 names are").arg(names.size()),
                 in.graphName(), namesText(names),
                 extra.size() == 1 ? QStringLiteral("The extra record carries")
                                   : QStringLiteral("The %1 extra records carry").arg(extra.size()),
                 time.text());
    r.fix = QStringLiteral("Re-export the profile from one run of this engine (%1): trtexec "
                           "writes one record per layer, so repeated records come from files "
                           "joined together or edited.")
                .arg(kExportProfile);
    r.details["extra_records"] = extra;
    time.addTo(r.details);
    results.push_back(std::move(r));
}

// The plan's layers beyond the records of their name. Constants, NoOps and the other layers
// trex leaves out carry no time in any view: a record missing for them is not reported.
void layersWithoutRecord(const Inputs& in, std::vector<CheckResult>& results) {
    std::vector<CheckLayer> missing;
    int joinedByPosition = 0;
    for (std::size_t i = 0; i < in.facts.graph.size(); ++i) {
        const GraphEntry& e = in.facts.graph[i];
        if (e.place != GraphEntry::Place::Layer ||
            in.entryOccurrence[i] <= in.entryCounts[i]->records)
            continue;
        missing.push_back(entryLayer(in.plan, e));
        if (in.plan.layers[static_cast<std::size_t>(e.index)].timing.measured)
            ++joinedByPosition;
    }
    const auto layers = static_cast<qint64>(in.plan.layers.size());
    if (missing.empty())
        return;
    CheckResult r{checks::kLayersWithoutRecord, {in.graph, in.profile}};
    r.message = QStringLiteral("%1 of the %2 layers of %3 %4 no record in %5: %6.")
                    .arg(missing.size())
                    .arg(layers)
                    .arg(in.graphName(),
                         missing.size() == 1 ? QStringLiteral("has") : QStringLiteral("have"),
                         in.profileName(), namesText(missing));
    r.message +=
        joinedByPosition > 0
            ? QStringLiteral(" The records were joined to the layers by position, as "
                             "trex does when the counts match, so %1 the timing of the "
                             "record in %2 place.")
                  .arg(joinedByPosition == 1
                           ? QStringLiteral("1 of them shows")
                           : QStringLiteral("%1 of them show").arg(joinedByPosition),
                       joinedByPosition == 1 ? QStringLiteral("its") : QStringLiteral("their"))
            : QStringLiteral(" Their time is unknown: the average time and every share "
                             "leave them out.");
    r.fix = QStringLiteral("Export the profile from a run of this very engine (%1): a profile "
                           "of another build or another optimization profile leaves layers out.")
                .arg(kExportProfile);
    r.layers = std::move(missing);
    r.details = {{"layers", layers},
                 {"without_record", r.layers.size()},
                 {"joined_by_position", joinedByPosition}};
    results.push_back(std::move(r));
}

// Records that lack a number trtexec writes; medianMs alone is left to noMedian.
void recordFields(const Inputs& in, std::vector<CheckResult>& results) {
    const std::pair<ProfileField, const char*> fields[] = {{TimeField, "timeMs"},
                                                           {AverageField, "averageMs"},
                                                           {MedianField, "medianMs"},
                                                           {PercentField, "percentage"}};
    const bool medianNowhere =
        std::all_of(in.records().begin(), in.records().end(),
                    [](const ProfileRecord& r) { return r.absent & MedianField; });
    const std::uint8_t checked = medianNowhere
                                     ? (TimeField | AverageField | PercentField)
                                     : (TimeField | AverageField | MedianField | PercentField);
    QStringList names;
    OrderedJson listed = OrderedJson::array();
    for (std::size_t i = 0; i < in.records().size(); ++i) {
        const std::uint8_t absent = in.records()[i].absent & checked;
        if (!absent)
            continue;
        OrderedJson lacking = OrderedJson::array();
        for (const auto& [field, key] : fields)
            if (absent & field)
                lacking.push_back(key);
        names << in.recordName(i);
        listed.push_back({{"name", in.recordName(i).toStdString()}, {"lacks", lacking}});
    }
    if (names.isEmpty())
        return;
    CheckResult r{checks::kRecordFields, {in.profile}};
    r.message = QStringLiteral("%1 of %2 %3 a number (timeMs, averageMs, medianMs or "
                               "percentage): %4. PlanScope reads a missing number as 0.")
                    .arg(countText(names.size(), QStringLiteral("record")), in.profileName(),
                         names.size() == 1 ? QStringLiteral("lacks") : QStringLiteral("lack"),
                         namesText(names));
    r.fix = QStringLiteral("Re-export the profile (%1): every record of trtexec's holds timeMs, "
                           "averageMs, medianMs and percentage.")
                .arg(kExportProfile);
    r.details["records"] = listed;
    results.push_back(std::move(r));
}

void noMedian(const Inputs& in, std::vector<CheckResult>& results) {
    const auto& records = in.records();
    if (records.empty() || !std::all_of(records.begin(), records.end(),
                                        [](const auto& r) { return r.absent & MedianField; }))
        return;
    CheckResult r{checks::kNoMedian, {in.profile}};
    r.message = QStringLiteral("%1 has no medianMs (TensorRT before 8.4 did not write it): "
                               "median latencies read as 0.")
                    .arg(in.profileName());
    r.fix = QStringLiteral("Profile the engine with TensorRT 8.4 or later for medians; the "
                           "averages are right as they are.");
    results.push_back(std::move(r));
}

void leniencies(const Inputs& in, std::vector<CheckResult>& results) {
    if (!in.facts.profile->repaired)
        return;
    CheckResult r{checks::kLenientProfile, {in.profile}};
    r.message = QStringLiteral("%1 is not valid JSON: trtexec writes layer names unescaped, and "
                               "some hold quotes or backslashes. PlanScope read it record by "
                               "record.")
                    .arg(in.profileName());
    r.fix = QStringLiteral("Nothing to do here; tools that need valid JSON (jq, Python's json "
                           "module, NVIDIA's trt-perf-analysis) refuse this file.");
    results.push_back(std::move(r));
}

// The layers trex leaves out of the layer list (constants, NoOps, signal/wait/shape_call) whose
// profile records carry time: no figure shows it. A record names such a layer by its name and
// occurrence, as the profile merge pairs names.
void leftOutLayers(const Inputs& in, std::vector<CheckResult>& results) {
    // The records of the left-out layers' names only (most plans leave out a few layers; a
    // large one has tens of thousands of records), found by their names' shared counts.
    std::unordered_map<const NameCount*, std::vector<std::size_t>> recordsByName;
    for (std::size_t i = 0; i < in.facts.graph.size(); ++i)
        if (in.facts.graph[i].place == GraphEntry::Place::Constant ||
            in.facts.graph[i].place == GraphEntry::Place::SetAside)
            recordsByName.try_emplace(in.entryCounts[i]);
    if (recordsByName.empty())
        return;
    for (std::size_t i = 0; i < in.records().size(); ++i)
        if (const auto found = recordsByName.find(in.recordCounts[i]); found != recordsByName.end())
            found->second.push_back(i);
    std::vector<CheckLayer> layers;
    std::map<QString, int> types;
    OrderedJson listed = OrderedJson::array();
    CarriedTime time;
    for (std::size_t i = 0; i < in.facts.graph.size(); ++i) {
        const GraphEntry& e = in.facts.graph[i];
        const bool constant = e.place == GraphEntry::Place::Constant;
        if (!constant && e.place != GraphEntry::Place::SetAside)
            continue;
        const std::vector<std::size_t>& records = recordsByName[in.entryCounts[i]];
        const auto occurrence = static_cast<std::size_t>(in.entryOccurrence[i]);
        if (records.size() < occurrence)
            continue;
        const ProfileRecord& record = in.records()[records[occurrence - 1]];
        if (record.averageMs <= 0 && record.percent <= 0)
            continue; // nothing lost
        const Layer& layer = constant ? in.plan.constants[std::size_t(e.index)]
                                      : in.facts.setAside[std::size_t(e.index)];
        layers.push_back(entryLayer(in.plan, e));
        ++types[layer.type];
        time.add(record);
        OrderedJson entry = recordJson(e.name, record);
        entry["type"] = layer.type.toStdString();
        listed.push_back(std::move(entry));
    }
    if (layers.empty())
        return;
    QStringList typeCounts;
    for (const auto& [type, count] : types)
        typeCounts << QStringLiteral("%1 %2").arg(count).arg(type);
    const bool one = layers.size() == 1;
    CheckResult r{checks::kLeftOutLayers, {in.graph, in.profile}};
    r.message = QStringLiteral("%1 of %2 %3 left out of the layer list, as trex leaves out "
                               "constants, NoOps and signal/wait/shape_call layers (%4): %5. %6 "
                               "%7 per iteration, which no layer, total or share shows.")
                    .arg(countText(qint64(layers.size()), QStringLiteral("layer")), in.graphName(),
                         one ? QStringLiteral("is") : QStringLiteral("are"),
                         typeCounts.join(QStringLiteral(", ")), namesText(layers),
                         one ? QStringLiteral("Its profile record carries")
                             : QStringLiteral("Their profile records carry"),
                         time.text());
    r.fix = QStringLiteral("Nothing to fix in the files: add this time to the layers' total when "
                           "comparing it with the run's latency.");
    r.layers = std::move(layers);
    r.details["layers"] = listed;
    time.addTo(r.details);
    results.push_back(std::move(r));
}

void noProfile(const Inputs& in, std::vector<CheckResult>& results) {
    CheckResult r{checks::kNoProfile, {in.graph}};
    r.message = QStringLiteral("%1 has no per-layer profile beside it: the layers have no "
                               "timings, so latencies, shares and time charts are empty.")
                    .arg(in.graphName());
    r.fix = QLatin1String(kPerLayerTimingsHint);
    results.push_back(std::move(r));
}

} // namespace

bool checkProfileAgainstGraph(const EnginePlan& plan, std::vector<CheckResult>& results) {
    if (!plan.facts)
        return true;
    const Inputs in(plan, *plan.facts);
    duplicateLayerNames(in, results);
    if (!in.facts.profile) {
        noProfile(in, results);
        return true;
    }
    if (profileOfAnotherEngine(in, results))
        return false;
    layersWithoutRecord(in, results);
    recordsWithoutLayer(in, results);
    duplicateRecords(in, results);
    recordFields(in, results);
    noMedian(in, results);
    leniencies(in, results);
    leftOutLayers(in, results);
    return true;
}

} // namespace planscope
