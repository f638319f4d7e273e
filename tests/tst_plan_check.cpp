#include "TestSupport.h"
#include "check/CheckJson.h"
#include "check/PlanCheck.h"
#include "io/PlanLoader.h"
#include "itemmodels/CheckModel.h"
#include "lint/LayerKinds.h"
#include "plan/PlanFacts.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <functional>
#include <nlohmann/json.hpp>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

using Place = GraphEntry::Place;
Q_DECLARE_METATYPE(GraphEntry::Place)
Q_DECLARE_METATYPE(CheckLevel)

class TestPlanCheck : public QObject {
    Q_OBJECT
  private slots:
    // What the loader keeps of the files for the check (plan/PlanFacts.h).
    void keepsGraphEntries_data();
    void keepsGraphEntries();
    void keepsSetAsideLayers();
    void keepsOtherProfilesApart();
    void keepsProfileAsRead_data();
    void keepsProfileAsRead();
    void leavesForeignProfileOut();

    // The check (check/PlanCheck.h).
    void cleanRealPlans_data();
    void cleanRealPlans();
    void figuresAgreeWithNvidiasSkill_data();
    void figuresAgreeWithNvidiasSkill();
    void controlNetWritesATensorTwice();
    void namesLeftOutLayersWithTheirTime();
    void aebBevOddFileNames();
    void checksBrokenCopies_data();
    void checksBrokenCopies();
    void checksFixtures_data();
    void checksFixtures();
    void foreignProfileIsAnError();
    void recognisesMyelinLayers_data();
    void recognisesMyelinLayers();
    void writesJson();
    void countsText();
    void itemModel();
};

namespace {

using Json = nlohmann::ordered_json;

EnginePlan quirksPlan(const QString& profile = QStringLiteral("quirks.profile.json")) {
    LoadOptions options;
    options.profileJson = fixturePath(profile);
    return loadPlan(fixturePath("quirks.graph.json"), options);
}

// The check as planscope check and the window run it: another engine's profile is left out
// and reported rather than refused.
PlanCheck checkOf(const QString& plan, LoadOptions options = {}) {
    options.refuseForeignProfile = false;
    return checkPlan(loadPlan(plan, options));
}

QStringList idsOf(const PlanCheck& check) {
    QStringList ids;
    for (const CheckResult& r : check.results)
        ids << r.id;
    return ids;
}

const CheckResult* resultOf(const PlanCheck& check, const QString& id) {
    for (const CheckResult& r : check.results)
        if (r.id == id)
            return &r;
    return nullptr;
}

QStringList layerNames(const CheckResult& r) {
    QStringList names;
    for (const CheckLayer& l : r.layers)
        names << l.name;
    return names;
}

Json readJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    const QByteArray bytes = file.readAll();
    return Json::parse(bytes.constBegin(), bytes.constEnd());
}

void writeJson(const QString& path, const Json& json) {
    QFile file(path);
    const QByteArray bytes = QByteArray::fromStdString(json.dump(1));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

const QString kMobileNet = QStringLiteral("trex/mobilenet/mobilenet.qat.onnx.engine");

// Names of trex's MobileNet graph entries [from, to): its first 72 entries are layers 0 to 71.
QStringList mobileNetNames(int from, int to) {
    const Json graph = readJson(dataPath(kMobileNet + ".graph.json"));
    QStringList names;
    for (int i = from; i < to; ++i)
        names << QString::fromStdString(graph["Layers"][static_cast<std::size_t>(i)]["Name"]);
    return names;
}

// A copy of trex's MobileNet plan (graph, profile, timing, profile and build metadata) in a
// folder of its own, with one of its files broken.
class MobileNetCopy {
  public:
    MobileNetCopy() {
        for (const char* kind :
             {"graph", "profile", "timing", "profile.metadata", "build.metadata"})
            QFile::copy(dataPath(kMobileNet + '.' + kind + ".json"), path(kind));
    }
    QString plan() const { return m_dir.filePath(QStringLiteral("m.onnx.engine")); }
    QString path(const QString& kind) const {
        return plan() + '.' + kind + QStringLiteral(".json");
    }
    void edit(const QString& kind, const std::function<void(Json&)>& change) const {
        Json json = readJson(path(kind));
        change(json);
        writeJson(path(kind), json);
    }
    void replace(const QString& kind, const QString& file) const {
        QFile::remove(path(kind));
        if (!file.isEmpty())
            QFile::copy(file, path(kind));
    }

  private:
    QTemporaryDir m_dir;
};

using Breakage = std::function<void(const MobileNetCopy&)>;

// Every record's `key` times `factor`, in records [from, to) (the header is element 0).
Breakage scaleRecords(const char* key, double factor, int from = 1, int to = 74) {
    return [=](const MobileNetCopy& copy) {
        copy.edit("profile", [&](Json& profile) {
            for (int i = from; i < to; ++i)
                profile[static_cast<std::size_t>(i)][key] =
                    profile[static_cast<std::size_t>(i)][key].get<double>() * factor;
        });
    };
}

// Layer `layer`'s first input renamed `tensor`.
Breakage rewire(int layer, const char* tensor) {
    return [=](const MobileNetCopy& copy) {
        copy.edit("graph", [&](Json& graph) {
            graph["Layers"][static_cast<std::size_t>(layer)]["Inputs"][0]["Name"] = tensor;
        });
    };
}

} // namespace

Q_DECLARE_METATYPE(Breakage)

void TestPlanCheck::keepsGraphEntries_data() {
    QTest::addColumn<int>("entry");
    QTest::addColumn<QString>("name");
    QTest::addColumn<Place>("place");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("planName"); // the layer's name in the plan, where it is one
    QTest::newRow("separators") << 0 << "in+reformat" << Place::Layer << 0 << "in+reformat";
    QTest::newRow("signal") << 1 << "sync" << Place::SetAside << 0 << "";
    QTest::newRow("deconvolution") << 2 << "up" << Place::Layer << 1 << "up";
    QTest::newRow("noop") << 3 << "noop" << Place::SetAside << 3 << "";
    QTest::newRow("first dup") << 4 << "dup" << Place::Layer << 2 << "dup";
    QTest::newRow("second dup, renamed by trex") << 5 << "dup" << Place::Layer << 3 << "dup_2";
    QTest::newRow("constant") << 6 << "const" << Place::Constant << 0 << "";
    QTest::newRow("add") << 7 << "add" << Place::Layer << 4 << "add";
    QTest::newRow("shape call") << 8 << "shape" << Place::SetAside << 1 << "";
    QTest::newRow("binding noop") << 9 << "noop_out" << Place::SetAside << 4 << "";
    QTest::newRow("wait") << 10 << "waiter" << Place::SetAside << 2 << "";
}

void TestPlanCheck::keepsGraphEntries() {
    QFETCH(int, entry);
    QFETCH(QString, name);
    QFETCH(Place, place);
    QFETCH(int, index);
    QFETCH(QString, planName);
    const EnginePlan plan = quirksPlan();
    QVERIFY(plan.facts);
    QCOMPARE(plan.facts->graph.size(), 11u);
    const GraphEntry& e = plan.facts->graph[static_cast<std::size_t>(entry)];
    QCOMPARE(e.name, name);
    QCOMPARE(e.place, place);
    QCOMPARE(e.index, index);
    if (place == Place::Layer) {
        QCOMPARE(plan.layers[static_cast<std::size_t>(index)].name, planName);
        QCOMPARE(plan.layers[static_cast<std::size_t>(index)].index, index);
    }
}

void TestPlanCheck::keepsSetAsideLayers() {
    const EnginePlan plan = quirksPlan();
    QStringList names;
    for (const Layer& l : plan.facts->setAside)
        names << l.name;
    QCOMPARE(names, QStringList({"sync", "shape", "waiter", "noop", "noop_out"}));
    // A NoOp keeps its tensors as exported, though the graph folds it away.
    const Layer& noop = plan.facts->setAside[3];
    QCOMPARE(noop.inputs.at(0).name, QString("t1"));
    QCOMPARE(noop.outputs.at(0).name, QString("t2"));
    QCOMPARE(plan.layers.size(), 5u);
    QCOMPARE(plan.constants.size(), 1u);
}

void TestPlanCheck::keepsOtherProfilesApart() {
    LoadOptions options;
    options.profile = 1;
    const EnginePlan plan = loadPlan(fixturePath("profiles.graph.json"), options);
    const auto& entries = plan.facts->graph;
    QCOMPARE(entries.size(), 4u);
    QCOMPARE(entries[0].place, Place::OtherProfile);
    QCOMPARE(entries[0].index, -1);
    QCOMPARE(entries[2].name, QString("conv [profile 1]"));
    QCOMPARE(entries[2].place, Place::Layer);
    QCOMPARE(entries[3].index, 1);
}

void TestPlanCheck::keepsProfileAsRead_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<QString>("profile"); // empty: the graph is a trtexec log with its table
    QTest::addColumn<int>("records");
    QTest::addColumn<long long>("header");
    QTest::addColumn<int>("record");
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("averageMs");
    QTest::addColumn<int>("absent");
    QTest::addColumn<bool>("repaired");
    // Records of dropped layers stay, names keep their separators: the check sees the file.
    QTest::newRow("every record") << fixturePath("quirks.graph.json") << "quirks.profile.json" << 11
                                  << 100LL << 0 << QString("in\x1Ereformat") << 0.01 << 0 << false;
    QTest::newRow("a signal's record") << fixturePath("quirks.graph.json") << "quirks.profile.json"
                                       << 11 << 100LL << 1 << "sync" << 0.001 << 0 << false;
    QTest::newRow("no medianMs (TensorRT 8.3)")
        << fixturePath("names-only.graph.json") << "pre84.profile.json" << 4 << 20LL << 2 << "conv1"
        << 0.2 << int(MedianField) << false;
    QTest::newRow("unescaped names") << fixturePath("quirks.graph.json") << "unescaped.profile.json"
                                     << 5 << 50LL << 0 << "in+reformat" << 0.02 << 0 << true;
    QTest::newRow("a log's table (TensorRT 8.0)")
        << fixturePath("trt80-profile.log") << "" << 3 << 6302LL << 1 << "block1 dw conv" << 0.08
        << int(MedianField) << false;
    QTest::newRow("trex's mobilenet")
        << dataPath("trex/mobilenet/mobilenet.qat.onnx.engine") << "" << 73 << 6610LL << 70
        << "QuantizeLinear_854" << 0.00391285 << 0 << false;
}

void TestPlanCheck::keepsProfileAsRead() {
    QFETCH(QString, graph);
    QFETCH(QString, profile);
    QFETCH(int, records);
    QFETCH(long long, header);
    QFETCH(int, record);
    QFETCH(QString, name);
    QFETCH(double, averageMs);
    QFETCH(int, absent);
    QFETCH(bool, repaired);
    LoadOptions options;
    if (!profile.isEmpty())
        options.profileJson = fixturePath(profile);
    const EnginePlan plan = loadPlan(graph, options);
    QVERIFY(plan.facts->profile);
    const ProfileFile& file = *plan.facts->profile;
    QCOMPARE(plan.facts->profilePath, plan.sources.profile);
    QCOMPARE(static_cast<int>(file.records.size()), records);
    QCOMPARE(file.iterations, header);
    const ProfileRecord& r = file.records.at(static_cast<std::size_t>(record));
    QCOMPARE(r.name, name);
    QCOMPARE(r.averageMs, averageMs);
    QCOMPARE(int(r.absent), absent);
    QCOMPARE(file.repaired, repaired);
    QVERIFY(plan.facts->profileRefused.isEmpty());
}

void TestPlanCheck::leavesForeignProfileOut() {
    LoadOptions options;
    options.profileJson = fixturePath("other-engine.profile.json");
    options.refuseForeignProfile = false;
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"), options);
    QVERIFY(!plan.hasProfile);
    QVERIFY(plan.sources.profile.isEmpty()); // not among the plan's files: it was not used
    QVERIFY(!plan.layers.front().timing.measured);
    QCOMPARE(plan.facts->profilePath, options.profileJson);
    QCOMPARE(plan.facts->profile->records.size(), 3u);
    QVERIFY2(plan.facts->profileRefused.contains("another engine"),
             qPrintable(plan.facts->profileRefused));
    const QString warnings = plan.warnings.join(' ');
    QVERIFY2(warnings.contains("other-engine.profile.json") &&
                 warnings.contains("opened without its timings"),
             qPrintable(warnings));
}

void TestPlanCheck::cleanRealPlans_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QStringList>("ids");
    const QStringList none;
    for (const char* plan :
         {"trex/resnet-a100/fp32/resnet.onnx.engine", "trex/resnet-a100/fp16/resnet.onnx.engine",
          "trex/resnet-a100/qat/resnet-qat.onnx.engine",
          "trex/resnet-a100/qat-residual/resnet-qat-residual.onnx.engine",
          "trex/resnet-a100/qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine",
          "trex/mobilenet/mobilenet.qat.onnx.engine",
          "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine", "realworld/aeb-bev-trt86"})
        QTest::newRow(plan) << dataPath(plan) << none;
    // TensorRT 10's shape_call layer, left out as trex does, has a timed profile record.
    for (const char* plan :
         {"realworld/alexnet-trt10-rtx3060/alexnet_fp16",
          "realworld/onnx-op-pairs/alexnet-pyapi-vs-trtexec/b/alexnet_fp16.graph.json"})
        QTest::newRow(plan) << dataPath(plan) << QStringList{"left-out-layers"};
    // Myelin's ForeignNodes write the two halves of one tensor from two layers.
    for (const char* side : {"a", "b"})
        QTest::addRow("controlnet %s", side)
            << dataPath(QStringLiteral("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-"
                                       "d6f4129/%1/layerinfo.json")
                            .arg(side))
            << QStringList{"tensor-written-twice"};
    QTest::newRow("a --dumpProfile log")
        << dataPath("realworld/mnist-trt10.16-h100/trtexec-result-05.log")
        << QStringList{"names-only"};
    QTest::newRow("a --dumpLayerInfo log")
        << dataPath("realworld/mnist-trt10.16-h100/trtexec-result-04.log")
        << QStringList{"weights-vs-build", "no-profile", "activations-vs-build"};
    QTest::newRow("a verbose build log")
        << dataPath("realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log")
        << QStringList{"no-profile"};
}

// The time of a layer trex leaves out is named, not lost: AlexNet's shape_call record.
void TestPlanCheck::namesLeftOutLayersWithTheirTime() {
    const PlanCheck check = checkOf(dataPath("realworld/alexnet-trt10-rtx3060/alexnet_fp16"));
    const CheckResult* r = resultOf(check, "left-out-layers");
    QVERIFY(r);
    QCOMPARE(r->level, CheckLevel::Note);
    QCOMPARE(r->layers.size(), std::size_t(1));
    QCOMPARE(r->layers[0].name, QString("dummy_shape_call__mye622_0_myl9_0"));
    QVERIFY(!r->layers[0].index); // not one of the plan's layers
    QCOMPARE(r->details["average_ms"].get<double>(), 0.00204811);
    QCOMPARE(r->details["percent"].get<double>(), 0.390733);
    QCOMPARE(r->details["layers"][0]["type"], "shape_call");
    QVERIFY2(r->message.contains("(1 shape_call)") &&
                 r->message.contains("carries 0.0020 ms (0.4 % of the profile)"),
             qPrintable(r->message));
}

void TestPlanCheck::cleanRealPlans() {
    QFETCH(QString, plan);
    QFETCH(QStringList, ids);
    const PlanCheck check = checkOf(plan);
    QCOMPARE(idsOf(check), ids);
    QVERIFY(!check.hasError());
}

// The figures trt-perf-analysis (TensorRT 11.1, scripts/trt_perf/data.py) computes in
// infer_count and validate_timing, by its formulas, on the same files.
void TestPlanCheck::figuresAgreeWithNvidiasSkill_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<int>("records");
    QTest::addColumn<long long>("header");
    QTest::addColumn<double>("median");
    QTest::addColumn<long long>("inferred");
    QTest::addColumn<double>("timeMs");
    QTest::addColumn<double>("averageMs");
    QTest::addColumn<double>("percent");
    QTest::newRow("mobilenet") << kMobileNet << 73 << 6610LL << 6610.000964457447 << 6610LL
                               << 3109.2703999999994 << 0.47038875999999985 << 100.00002500000002;
    QTest::newRow("mobilenet v2") << "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine" << 58
                                  << 8657LL << 8656.998854580639 << 8657LL << 3081.2080999999994
                                  << 0.3559209400000001 << 99.99998999999998;
    QTest::newRow("resnet fp16") << "trex/resnet-a100/fp16/resnet.onnx.engine" << 36 << 1LL << 1.0
                                 << 1LL << 1.016832 << 1.016832 << 99.99995799999999;
    QTest::newRow("alexnet") << "realworld/alexnet-trt10-rtx3060/alexnet_fp16" << 14 << 14590LL
                             << 14589.99746128459 << 14590LL << 7647.6503 << 0.52417137
                             << 99.99999700000001;
    QTest::newRow("aeb-bev") << "realworld/aeb-bev-trt86" << 104 << 839LL << 838.999832654655
                             << 839LL << 15533.364940000005 << 18.514140780000005 << 100.0000301;
    QTest::newRow("controlnet b")
        << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json" << 389
        << 175LL << 175.0 << 175LL << 2676.560865999999 << 15.294633550000004 << 100.00004240000005;
}

void TestPlanCheck::figuresAgreeWithNvidiasSkill() {
    QFETCH(QString, plan);
    QFETCH(int, records);
    QFETCH(long long, header);
    QFETCH(double, median);
    QFETCH(long long, inferred);
    QFETCH(double, timeMs);
    QFETCH(double, averageMs);
    QFETCH(double, percent);
    const CheckFigures f = checkOf(dataPath(plan)).figures;
    QCOMPARE(f.records, records);
    QCOMPARE(f.countHeader.value(), header);
    QCOMPARE(f.medianRatio.value(), median);
    QCOMPARE(f.inferredCount.value(), inferred);
    QCOMPARE(f.totalTimeMs.value(), timeMs);
    QCOMPARE(f.totalAverageMs.value(), averageMs);
    QCOMPARE(f.totalPercent.value(), percent);
}

void TestPlanCheck::controlNetWritesATensorTwice() {
    const QString graph =
        dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json");
    const PlanCheck check = checkOf(graph);
    const CheckResult* r = resultOf(check, "tensor-written-twice");
    QVERIFY(r);
    QCOMPARE(r->level, CheckLevel::Note);
    QCOMPARE(r->files, QStringList{graph});
    QCOMPARE(layerNames(*r), QStringList({"PWN(/Sin)", "PWN(/Cos)"}));
    QCOMPARE(r->layers[0].index, std::optional(2));
    QCOMPARE(r->layers[1].index, std::optional(3));
    QCOMPARE(r->details["tensors"][0]["tensor"], "/Concat_output_0");
    QVERIFY2(r->message.contains("\"/Concat_output_0\""), qPrintable(r->message));
    QCOMPARE(check.count(CheckLevel::Note), 1);
}

// A plan whose files are named as NVIDIA's skill wants them, not as trex does.
void TestPlanCheck::aebBevOddFileNames() {
    const EnginePlan plan = loadPlan(dataPath("realworld/aeb-bev-trt86"));
    const PlanCheck check = checkPlan(plan);
    QVERIFY(check.results.empty());
    const Json files = checkedFilesJson(plan);
    QVERIFY(QString::fromStdString(files["graph"]).endsWith("/layers_.json"));
    QVERIFY(QString::fromStdString(files["profile"]).endsWith("/profile_.json"));
    QCOMPARE(checkCountsText(check), QString("no findings"));
}

void TestPlanCheck::checksBrokenCopies_data() {
    QTest::addColumn<Breakage>("breakage");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QString>("id"); // the result looked into
    QTest::addColumn<CheckLevel>("level");
    QTest::addColumn<QStringList>("layers");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<double>("value");
    const auto graphOf = [](const char* plan) {
        return [plan = QString(plan)](const MobileNetCopy& copy) {
            copy.replace("graph", dataPath(plan));
            copy.replace("timing", {});
            copy.replace("profile.metadata", {});
        };
    };
    QTest::newRow("a profile of another engine")
        << Breakage(graphOf("trex/resnet-a100/fp16/resnet.onnx.engine.graph.json"))
        << QStringList{"profile-other-engine"} << "profile-other-engine" << CheckLevel::Error
        << QStringList() << "average_ms" << 0.47038875999999985;
    QTest::newRow("a profile with one name in common")
        << Breakage(graphOf("trex/resnet-a100/qat/resnet-qat.onnx.engine.graph.json"))
        << QStringList{"profile-other-engine"} << "profile-other-engine" << CheckLevel::Error
        << QStringList() << "records_naming_a_layer" << 1.0;
    QTest::newRow("records dropped") << Breakage([](const MobileNetCopy& copy) {
        copy.edit("profile", [](Json& p) { p.erase(p.begin() + 11, p.begin() + 21); });
    }) << QStringList{"layers-without-record", "percent-sum"}
                                     << "layers-without-record" << CheckLevel::Warning
                                     << mobileNetNames(10, 20) << "without_record" << 10.0;
    QTest::newRow("a duplicated layer name")
        << Breakage([](const MobileNetCopy& copy) {
               copy.edit("graph", [](Json& g) { g["Layers"][5]["Name"] = g["Layers"][4]["Name"]; });
           })
        << QStringList{"duplicate-layer-names", "layers-without-record", "records-without-layer"}
        << "duplicate-layer-names" << CheckLevel::Warning
        << QStringList{mobileNetNames(4, 5)[0], mobileNetNames(4, 5)[0] + "_2"} << "" << 0.0;
    QTest::newRow("the renamed layer's record carries its time")
        << Breakage([](const MobileNetCopy& copy) {
               copy.edit("graph", [](Json& g) { g["Layers"][5]["Name"] = g["Layers"][4]["Name"]; });
           })
        << QStringList{"duplicate-layer-names", "layers-without-record", "records-without-layer"}
        << "records-without-layer" << CheckLevel::Warning << QStringList() << "average_ms"
        << 0.00581142;
    QTest::newRow("a duplicated record") << Breakage([](const MobileNetCopy& copy) {
        copy.edit("profile", [](Json& p) { p[6]["name"] = p[5]["name"]; });
    }) << QStringList{"layers-without-record", "duplicate-records"}
                                         << "duplicate-records" << CheckLevel::Warning
                                         << mobileNetNames(4, 5) << "average_ms" << 0.00581142;
    QTest::newRow("a wrong count header") << Breakage([](const MobileNetCopy& copy) {
        copy.edit("profile", [](Json& p) { p[0]["count"] = 100; });
    }) << QStringList{"count-header"} << "count-header"
                                          << CheckLevel::Warning << QStringList() << "header"
                                          << 100.0;
    QTest::newRow("percentages doubled")
        << scaleRecords("percentage", 2) << QStringList{"percent-sum"} << "percent-sum"
        << CheckLevel::Warning << QStringList() << "sum" << 2 * 100.00002500000002;
    QTest::newRow("timeMs inconsistent")
        << scaleRecords("timeMs", 1.5, 2, 7) << QStringList{"record-ratios", "total-time"}
        << "record-ratios" << CheckLevel::Warning << mobileNetNames(1, 6) << "iterations" << 6610.0;
    QTest::newRow("a record without averageMs") << Breakage([](const MobileNetCopy& copy) {
        copy.edit("profile", [](Json& p) { p[73].erase("averageMs"); });
    }) << QStringList{"record-fields"} << "record-fields"
                                                << CheckLevel::Warning << QStringList() << ""
                                                << 0.0;
    QTest::newRow("no medianMs (TensorRT 8.3)") << Breakage([](const MobileNetCopy& copy) {
        copy.edit("profile", [](Json& p) {
            for (std::size_t i = 1; i < p.size(); ++i)
                p[i].erase("medianMs");
        });
    }) << QStringList{"no-median"} << "no-median"
                                                << CheckLevel::Note << QStringList() << "" << 0.0;
    QTest::newRow("another run's timing")
        << Breakage([](const MobileNetCopy& copy) {
               copy.replace("timing", dataPath("trex/resnet-a100/fp16/resnet.onnx.engine."
                                               "timing.json"));
           })
        << QStringList{"timing-vs-metadata"} << "timing-vs-metadata" << CheckLevel::Warning
        << QStringList() << "timing_mean_ms" << 0.8623544970254191;
    QTest::newRow("a timing of four times the batch")
        << Breakage([](const MobileNetCopy& copy) {
               copy.edit("timing", [](Json& t) {
                   for (Json& iteration : t)
                       iteration["latencyMs"] = 4 * iteration["latencyMs"].get<double>();
               });
           })
        << QStringList{"timing-vs-profile", "timing-vs-metadata"} << "timing-vs-profile"
        << CheckLevel::Warning << QStringList() << "factor"
        << 4 * 0.35606154566797094 / 0.47038875999999985;
    QTest::newRow("another engine's performance summary")
        << Breakage([](const MobileNetCopy& copy) {
               copy.edit("profile.metadata", [](Json& m) {
                   for (Json& v : m["performance_summary"]["GPU Compute Time"])
                       v = 3 * v.get<double>();
               });
           })
        << QStringList{"metadata-vs-profile"} << "metadata-vs-profile" << CheckLevel::Warning
        << QStringList() << "run_ms" << 3 * 0.352143;
    QTest::newRow("a layer reading its own output")
        << rewire(3, "365") << QStringList{"layer-reads-own-output"} << "layer-reads-own-output"
        << CheckLevel::Warning << mobileNetNames(3, 4) << "" << 0.0;
    QTest::newRow("a cycle") << rewire(2, "399") << QStringList{"graph-cycle"} << "graph-cycle"
                             << CheckLevel::Warning << mobileNetNames(2, 6) << "" << 0.0;
    QTest::newRow("names only") << Breakage([](const MobileNetCopy& copy) {
        copy.edit("graph", [](Json& g) {
            for (Json& layer : g["Layers"])
                layer = layer["Name"];
        });
    }) << QStringList{"names-only"}
                                << "names-only" << CheckLevel::Warning << QStringList() << ""
                                << 0.0;
    QTest::newRow("no profile") << Breakage([](const MobileNetCopy& copy) {
        copy.replace("profile", {});
    }) << QStringList{"no-profile"}
                                << "no-profile" << CheckLevel::Note << QStringList() << "" << 0.0;
}

void TestPlanCheck::checksBrokenCopies() {
    QFETCH(Breakage, breakage);
    QFETCH(QStringList, ids);
    QFETCH(QString, id);
    QFETCH(CheckLevel, level);
    QFETCH(QStringList, layers);
    QFETCH(QString, detail);
    QFETCH(double, value);
    const MobileNetCopy copy;
    QCOMPARE(checkOf(copy.plan()).results.size(), 0u); // the copy is as clean as the original
    breakage(copy);
    const PlanCheck check = checkOf(copy.plan());
    QCOMPARE(idsOf(check), ids);
    const CheckResult* r = resultOf(check, id);
    QVERIFY(r);
    QCOMPARE(r->level, level);
    QCOMPARE(layerNames(*r), layers);
    if (!detail.isEmpty())
        QCOMPARE(r->details[detail.toStdString()].get<double>(), value);
    QVERIFY(!r->message.isEmpty() && !r->fix.isEmpty());
    QVERIFY2(!r->files.isEmpty() && !r->files.contains(QString()), qPrintable(r->files.join(',')));
    QCOMPARE(check.hasError(), level == CheckLevel::Error);
}

void TestPlanCheck::checksFixtures_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<QString>("profile");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QStringList>("layers");
    QTest::addColumn<QList<int>>("indices"); // -1: a layer trex leaves out
    QTest::newRow("repeated names")
        << "quirks.graph.json"
        << "quirks.profile.json"
        << QStringList{"duplicate-layer-names", "percent-sum", "left-out-layers"}
        << "duplicate-layer-names" << QStringList{"dup", "dup_2"} << QList<int>{2, 3};
    // 5 records for 5 layers: joined by position, the last one a record of another name.
    QTest::newRow("unescaped names")
        << "quirks.graph.json"
        << "unescaped.profile.json"
        << QStringList{"duplicate-layer-names", "layers-without-record", "records-without-layer",
                       "lenient-profile"}
        << "layers-without-record" << QStringList{"add"} << QList<int>{4};
    QTest::newRow("shared writes")
        << "shared-writes.graph.json"
        << "" << QStringList{"layer-reads-own-output", "no-profile", "tensor-written-twice"}
        << "tensor-written-twice" << QStringList{"sin", "cos", "head", "scale", "tail_a", "tail_b"}
        << QList<int>{0, 1, 2, 5, 3, 4};
    QTest::newRow("a layer reading its own output")
        << "shared-writes.graph.json"
        << "" << QStringList{"layer-reads-own-output", "no-profile", "tensor-written-twice"}
        << "layer-reads-own-output" << QStringList{"scale"} << QList<int>{5};
    // TensorRT 10's Myelin ScatterNDs read and write one tensor: in place, no cycle (they and
    // the slice before them made a 3-layer "cycle" and 2 "layers reading their own output").
    QTest::newRow("Myelin kernels updating a tensor in place")
        << "myelin-in-place.graph.json"
        << "" << QStringList{"no-profile", "tensor-written-twice", "in-place-kernels"}
        << "in-place-kernels" << QStringList{"__myl_Scat_myl8_14", "__myl_Scat_myl8_15"}
        << QList<int>{2, 3};
    QTest::newRow("a tensor updated in place has several writers")
        << "myelin-in-place.graph.json"
        << "" << QStringList{"no-profile", "tensor-written-twice", "in-place-kernels"}
        << "tensor-written-twice"
        << QStringList{"__myl_Cast_myl8_12", "__myl_Scat_myl8_14", "__myl_Scat_myl8_15"}
        << QList<int>{0, 2, 3};
    QTest::newRow("names only, before TensorRT 8.4")
        << "names-only.graph.json"
        << "pre84.profile.json" << QStringList{"duplicate-layer-names", "names-only", "no-median"}
        << "duplicate-layer-names" << QStringList{"conv1", "conv1_2"} << QList<int>{0, 2};
    QTest::newRow("a constant's and a NoOp's tensors count")
        << "quirks.graph.json"
        << "quirks.profile.json"
        << QStringList{"duplicate-layer-names", "percent-sum", "left-out-layers"} << "percent-sum"
        << QStringList() << QList<int>();
}

void TestPlanCheck::checksFixtures() {
    QFETCH(QString, graph);
    QFETCH(QString, profile);
    QFETCH(QStringList, ids);
    QFETCH(QString, id);
    QFETCH(QStringList, layers);
    QFETCH(QList<int>, indices);
    LoadOptions options;
    if (!profile.isEmpty())
        options.profileJson = fixturePath(profile);
    const PlanCheck check = checkOf(fixturePath(graph), options);
    QCOMPARE(idsOf(check), ids);
    const CheckResult* r = resultOf(check, id);
    QVERIFY(r);
    QCOMPARE(layerNames(*r), layers);
    QList<int> found;
    for (const CheckLayer& l : r->layers)
        found << l.index.value_or(-1);
    QCOMPARE(found, indices);
}

void TestPlanCheck::recognisesMyelinLayers_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("myelin");
    QTest::newRow("kgen") << "kgen"
                          << "__myl_Scat_myl8_15" << true;
    QTest::newRow("Myelin's gemm") << "gemm"
                                   << "/classifier/classifier_1/Gemm_myl9_2" << true;
    QTest::newRow("gemm of a node_ name") << "gemm"
                                          << "node_linear_myl4_0" << true;
    QTest::newRow("TensorRT 8.6 subgraph") << "Myelin"
                                           << "{ForeignNode[/a/MatMul.../b/Add]}" << true;
    QTest::newRow("a convolution") << "Convolution"
                                   << "/features/features.0/Conv" << false;
    QTest::newRow("no counters") << "PointWise"
                                 << "scale_myl" << false;
    QTest::newRow("not counters") << "PointWise"
                                  << "conv_myl3_x" << false;
}

void TestPlanCheck::recognisesMyelinLayers() {
    QFETCH(QString, type);
    QFETCH(QString, name);
    QFETCH(bool, myelin);
    Layer layer;
    layer.type = type;
    layer.subtype = type;
    layer.name = name;
    QCOMPARE(isMyelinLayer(layer), myelin);
}

void TestPlanCheck::foreignProfileIsAnError() {
    LoadOptions options;
    options.profileJson = fixturePath("other-engine.profile.json");
    const PlanCheck check = checkOf(fixturePath("quirks.graph.json"), options);
    QVERIFY(check.hasError());
    const CheckResult& r = check.results.front();
    QCOMPARE(r.id, QString("profile-other-engine"));
    QCOMPARE(r.files, QStringList({options.profileJson, fixturePath("quirks.graph.json")}));
    QVERIFY2(r.message.startsWith("0 of the 3 records of other-engine.profile.json name a layer "
                                  "of quirks.graph.json"),
             qPrintable(r.message));
    QVERIFY2(r.message.contains("opened the plan without it"), qPrintable(r.message));
    QVERIFY2(r.fix.contains("--exportProfile"), qPrintable(r.fix));
    QCOMPARE(r.details["loaded"], false);
    QCOMPARE(r.details["average_ms"].get<double>(), 0.85);
    // The graph is still checked.
    QCOMPARE(idsOf(check), QStringList({"profile-other-engine", "duplicate-layer-names"}));
}

void TestPlanCheck::writesJson() {
    const EnginePlan plan = quirksPlan();
    const PlanCheck check = checkPlan(plan);
    const Json json = checkJson(plan, check);
    QCOMPARE(json["plan"], "quirks.graph.json");
    QCOMPARE(QString::fromStdString(json["files"]["profile"]), fixturePath("quirks.profile.json"));
    QCOMPARE(json["counts"], Json({{"error", 0}, {"warning", 2}, {"note", 1}}));
    QCOMPARE(json["figures"]["count_header"], 100);
    QCOMPARE(json["figures"]["timing_mean_ms"], nullptr);
    const Json& first = json["results"][0];
    QCOMPARE(first["id"], "duplicate-layer-names");
    QCOMPARE(first["level"], "warning");
    QCOMPARE(first["files"], Json::array({fixturePath("quirks.graph.json").toStdString()}));
    QCOMPARE(first["layers"],
             Json::array({{{"index", 2}, {"name", "dup"}}, {{"index", 3}, {"name", "dup_2"}}}));
    QCOMPARE(first["details"]["names"][0]["name"], "dup");
    for (const char* key : {"message", "fix"})
        QVERIFY(!first[key].get<std::string>().empty());
    QCOMPARE(json["results"][1]["details"]["sum"].get<double>(), 1.54);
}

void TestPlanCheck::countsText() {
    PlanCheck check;
    QCOMPARE(checkCountsText(check), QString("no findings"));
    check.results.emplace_back(CheckKind{QLatin1String("a"), CheckLevel::Error}, QStringList());
    check.results.emplace_back(CheckKind{QLatin1String("b"), CheckLevel::Note}, QStringList());
    check.results.emplace_back(CheckKind{QLatin1String("c"), CheckLevel::Note}, QStringList());
    QCOMPARE(checkCountsText(check), QString("1 error, 2 notes"));
    check.results.emplace_back(CheckKind{QLatin1String("d"), CheckLevel::Warning}, QStringList());
    QCOMPARE(checkCountsText(check), QString("1 error, 1 warning, 2 notes"));
}

void TestPlanCheck::itemModel() {
    const PlanCheck check = checkOf(fixturePath("shared-writes.graph.json"));
    CheckModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCheck(&check);
    QCOMPARE(model.rowCount(), 3);
    const QModelIndex written = model.index(2, 0);
    QCOMPARE(written.data().toString(), QString("tensor-written-twice (6)"));
    QCOMPARE(written.siblingAtColumn(CheckModel::LevelColumn).data().toString(), QString("note"));
    QVERIFY(written.siblingAtColumn(CheckModel::MessageColumn)
                .data()
                .toString()
                .startsWith("3 tensors of shared-writes.graph.json are written by more than one "
                            "layer: \"joined\", \"y\" and 1 more (by \"sin\", \"cos\", "
                            "\"head\", \"scale\" and 2 more)."));
    QVERIFY(written.data(Qt::ToolTipRole).toString().contains("\nWhat to do: Nothing to fix"));
    QCOMPARE(written.data(CheckModel::LayerIndexRole).toInt(), -1);
    QCOMPARE(written.data(CheckModel::LevelRole).toInt(), int(CheckLevel::Note));
    QCOMPARE(model.rowCount(written), 6);
    const QModelIndex scale = model.index(3, 0, written);
    QCOMPARE(scale.data().toString(), QString("5  scale"));
    QCOMPARE(scale.data(CheckModel::LayerIndexRole).toInt(), 5);
    QCOMPARE(scale.data(CheckModel::ResultRole).toInt(), 2);
    QCOMPARE(scale.parent(), written);
    QCOMPARE(model.result(0)->id, QString("layer-reads-own-output"));
    QCOMPARE(model.index(1, 0).data().toString(), QString("no-profile")); // no layers: no count
    model.setCheck(nullptr);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.result(0));
}

PLANSCOPE_TEST_MAIN(TestPlanCheck, QCoreApplication)
#include "tst_plan_check.moc"
