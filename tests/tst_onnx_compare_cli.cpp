#include "CliRun.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>

using planscope::test::dataPath;
using planscope::test::fixturePath;
using planscope::test::runPlanscope;

namespace {

const QString kPairs = QStringLiteral("realworld/onnx-op-pairs/");
const QString kAlexNetA = kPairs + "alexnet-pyapi-vs-trtexec/a/trt_engine_info.json";
const QString kAlexNetB = kPairs + "alexnet-pyapi-vs-trtexec/b/alexnet_fp16.graph.json";
const QString kControlNetA = kPairs + "controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json";
const QString kControlNetB = kPairs + "controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json";

QJsonObject compareJson(const QString& a, const QString& b) {
    const auto run = runPlanscope({"compare", a, b, "--by", "onnx", "--json"});
    if (run.status != 0)
        qWarning("%s", qPrintable(run.err));
    return QJsonDocument::fromJson(run.out).object();
}

// The layer names a graph file gives, as written.
QSet<QString> graphNames(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QSet<QString> names;
    for (const QJsonValue layer : QJsonDocument::fromJson(file.readAll())["Layers"].toArray())
        names.insert(layer["Name"].toString());
    return names;
}

} // namespace

// planscope compare A B --by onnx, as a script reads it.
class TestOnnxCompareCli : public QObject {
    Q_OBJECT
  private slots:
    void printsJson_data();
    void printsJson();
    void printsNullsWhereFilesSayNothing();
    void printsCsv();
    void printsText_data();
    void printsText();
    void gatesOnTotals();
    void warnsOnUnrelatedEngines();
    void comparesByLayersByDefault();
    void refusesBadArguments_data();
    void refusesBadArguments();
};

void TestOnnxCompareCli::printsJson_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("groups");
    QTest::addColumn<double>("aTotal");
    QTest::addColumn<double>("bTotal");
    QTest::addColumn<int>("unattributedA");
    QTest::addColumn<int>("unattributedB");
    QTest::addColumn<int>("pairs");
    QTest::addColumn<int>("notes");
    QTest::newRow("AlexNet") << kAlexNetA << kAlexNetB << 11 << 1.0925305555085651 << 0.52212326
                             << 0 << 0 << 0 << 0;
    QTest::newRow("ControlNet") << kControlNetA << kControlNetB << 219 << 3.59189866 << 15.29463355
                                << 23 << 28 << 21 << 2;
}

void TestOnnxCompareCli::printsJson() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, groups);
    QFETCH(double, aTotal);
    QFETCH(double, bTotal);
    QFETCH(int, unattributedA);
    QFETCH(int, unattributedB);
    QFETCH(int, pairs);
    QFETCH(int, notes);
    const QJsonObject json = compareJson(dataPath(a), dataPath(b));
    for (const char* key : {"groups", "a_total_ms", "b_total_ms", "unattributed"})
        QVERIFY2(json.contains(key), key);
    QCOMPARE(json["groups"].toArray().size(), groups);
    QVERIFY(std::abs(json["a_total_ms"].toDouble() - aTotal) < 1e-9);
    QVERIFY(std::abs(json["b_total_ms"].toDouble() - bTotal) < 1e-9);
    const QJsonObject unattributed = json["unattributed"].toObject();
    QCOMPARE(unattributed["a_layers"].toArray().size(), unattributedA);
    QCOMPARE(unattributed["b_layers"].toArray().size(), unattributedB);
    QCOMPARE(unattributed["pairs"].toArray().size(), pairs);
    QCOMPARE(json["notes"].toArray().size(), notes);

    // Every group has the documented fields; names are the graph files' own; the times add up.
    const QSet<QString> namesA = graphNames(dataPath(a));
    const QSet<QString> namesB = graphNames(dataPath(b));
    double groupedA = 0;
    for (const QJsonValue value : json["groups"].toArray()) {
        const QJsonObject group = value.toObject();
        for (const char* key : {"onnx", "a_layers", "b_layers", "a_ms", "b_ms", "shape", "only_in"})
            QVERIFY2(group.contains(key), key);
        QVERIFY(group["only_in"].isNull()); // both pairs hold every group on both sides
        QVERIFY(!group["onnx"].toArray().isEmpty());
        for (const char* side : {"a_layers", "a_charged"})
            for (const QJsonValue name : group[side].toArray())
                QVERIFY2(namesA.contains(name.toString()), qPrintable(name.toString()));
        for (const char* side : {"b_layers", "b_charged"})
            for (const QJsonValue name : group[side].toArray())
                QVERIFY2(namesB.contains(name.toString()), qPrintable(name.toString()));
        groupedA += group["a_ms"].toDouble();
    }
    for (const QJsonValue layer : unattributed["a_layers"].toArray())
        QVERIFY(namesA.contains(layer["name"].toString()));
    QVERIFY(std::abs(groupedA + unattributed["a_ms"].toDouble() - aTotal) < 1e-9);
}

// A plan without profile: its totals and times are null, never 0; groups in one engine only
// have null on the other side.
void TestOnnxCompareCli::printsNullsWhereFilesSayNothing() {
    QTemporaryDir dir;
    const QString graph = dir.filePath("untimed.graph.json");
    QVERIFY(QFile::copy(fixturePath("onnx-edge/a.graph.json"), graph));
    const QJsonObject json = compareJson(graph, fixturePath("onnx-edge/b.graph.json"));
    QVERIFY(json["a_total_ms"].isNull());
    QVERIFY(json["unattributed"]["a_ms"].isNull());
    QCOMPARE(json["b_total_ms"].toDouble(), 0.5);
    const QJsonArray groups = json["groups"].toArray();
    QCOMPARE(groups.size(), 4);
    for (const QJsonValue group : groups) {
        QVERIFY(group["a_ms"].isNull());
        QVERIFY(group["delta_ms"].isNull() && group["speedup"].isNull());
    }
    QCOMPARE(groups[1]["only_in"].toString(), QStringLiteral("a"));
    QCOMPARE(groups[1]["shape"].toString(), QStringLiteral("1:0"));
    QVERIFY(groups[1]["b_ms"].isNull());
    QCOMPARE(groups[2]["only_in"].toString(), QStringLiteral("b"));
    QCOMPARE(groups[2]["b_ms"].toDouble(), 0.01);
    QVERIFY(groups[3]["b_ms"].isNull()); // a layer no record times
    QCOMPARE(groups[0]["a_folded"].toArray().first().toString(), QStringLiteral("reshape_add1"));
    QCOMPARE(groups[0]["a_charged"].toArray().first().toString(),
             QStringLiteral("Reformatting CopyNode for Input Tensor 0 to conv1 + relu1"));
    QVERIFY(groups[0]["fusion_differs"].toBool());
    QCOMPARE(json["unattributed"]["b_layers"][0]["name"].toString(),
             QStringLiteral("{ForeignNode[/attn/MatMul.../attn/Softmax]}"));
}

void TestOnnxCompareCli::printsCsv() {
    const auto run = runPlanscope(
        {"compare", dataPath(kAlexNetA), dataPath(kAlexNetB), "--by", "onnx", "--csv"});
    QCOMPARE(run.status, 0);
    const QStringList lines = run.text().split('\n');
    QCOMPARE(lines.first(), QStringLiteral("group,onnx,a_layers,b_layers,a_ms,b_ms,shape,only_in,"
                                           "delta_ms,speedup,fusion_differs,a_charged,b_charged,"
                                           "a_folded,b_folded,a_types,b_types"));
    // The classifier's row: its three nodes in one quoted cell, a line each.
    QVERIFY(run.text().contains("\"/Flatten\n/classifier/classifier.1/Gemm\n"
                                "/classifier/classifier.2/Relu\","));
    QVERIFY(run.text().contains(",\"__myl_Res_myl9_1\n/classifier/classifier_1/Gemm_myl9_2\","
                                "0.47090367555618284,0.24366922000000002,n:m,,"));
    QCOMPARE(run.text().count(",1:1,,"), 9); // the other groups, none one-sided
}

void TestOnnxCompareCli::printsText_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QStringList>("lines");
    QTest::newRow("AlexNet")
        << kAlexNetA << kAlexNetB
        << QStringList{
               QStringLiteral(
                   "11 ONNX groups: 2 fuse differently (*), 0 only in A, 0 only in B; 19 "
                   "ONNX nodes named by both engines."),
               // largest |delta| first: the classifier, fused differently
               QStringLiteral(
                   "   0.4709    0.2437   -0.2272  1.93x faster   n:m*  2:2      /Flatten, "
                   "/classifier/classifier.1/Gemm, /classifier/classifier.2/Relu"),
               "  in groups                         1.0925    0.5221",
               "  unattributed                      0.0000    0.0000",
               "  total (sum of layer averages)     1.0925    0.5221",
               QStringLiteral(
                   "Unattributed layers: none (every layer names its ONNX nodes or is a copy "
                   "for one that does).")};
    QTest::newRow("ControlNet")
        << kControlNetA << kControlNetB
        << QStringList{
               QStringLiteral(
                   "219 ONNX groups: 0 fuse differently (*), 0 only in A, 0 only in B; 318 "
                   "ONNX nodes named by both engines."),
               "  unattributed                      1.3075    6.3569",
               "  total (sum of layer averages)     3.5919   15.2946",
               QStringLiteral(
                   "   0.2244    1.1461  {ForeignNode[input_blocks.1.1.transformer_blocks.0."
                   "norm1.weight + (Unnamed Layer* 109) [Shuffle].../input_blocks.1/"
                   "input_blocks.1.1/Reshape_2 + /input_blocks.1/input_blocks.1.1/Transpose_1 "
                   "+ /input_blocks.1/input_blocks.1.1/Reshape_3]}"),
               "        -    0.0173  /Cast_1",
               QStringLiteral(
                   "  - 36.4 % of A's time (1.307 ms of 3.592 ms) has no ONNX origin: 7 "
                   "Myelin ForeignNode layers (1.239 ms), 14 Myelin reformats (0.059 ms), 2 "
                   "reformatting copies (0.009 ms) for engine inputs and outputs or layers "
                   "without origin. TensorRT 8.6 writes Myelin's layers without Metadata "
                   "(TensorRT 10 names their ONNX nodes). These layers are listed apart and "
                   "paired with the other engine's by name.")};
}

void TestOnnxCompareCli::printsText() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QStringList, lines);
    const auto run = runPlanscope({"compare", dataPath(a), dataPath(b), "--by", "onnx"});
    QCOMPARE(run.status, 0);
    const QStringList printed = run.text().split('\n');
    for (const QString& line : lines)
        QVERIFY2(printed.contains(line), qPrintable(line + "\n---\n" + run.text().left(3000)));
    // Notes, when there are any, come before the rows they explain (issue 36).
    if (run.text().contains("Notes:"))
        QVERIFY(run.text().indexOf("Notes:") < run.text().indexOf("Time (ms)"));
}

// --fail-if-slower reads the engines' totals, whatever the comparison.
void TestOnnxCompareCli::gatesOnTotals() {
    const auto run = runPlanscope({"compare", dataPath(kControlNetA), dataPath(kControlNetB),
                                   "--by", "onnx", "--json", "--fail-if-slower", "10"});
    QCOMPARE(run.status, 1);
    QVERIFY(run.err.contains("gate failed"));
    QCOMPARE(QJsonDocument::fromJson(run.out)["groups"].toArray().size(), 219);
}

void TestOnnxCompareCli::comparesByLayersByDefault() {
    for (const QStringList& by : {QStringList{}, QStringList{"--by", "layers"}}) {
        const auto run = runPlanscope(
            QStringList{"compare", dataPath(kAlexNetA), dataPath(kAlexNetB), "--json"} + by);
        QCOMPARE(run.status, 0);
        const QJsonObject json = QJsonDocument::fromJson(run.out).object();
        QVERIFY(json.contains("pairs") && json.contains("layers"));
        QVERIFY(!json.contains("groups"));
    }
}

void TestOnnxCompareCli::refusesBadArguments_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString a = dataPath(kAlexNetA);
    const QString b = dataPath(kAlexNetB);
    QTest::newRow("unknown --by") << QStringList{"compare", a, b, "--by", "ops"}
                                  << "--by takes 'layers', 'onnx' or 'module', not 'ops'";
    QTest::newRow("matching options") << QStringList{"compare", a, b, "--by", "onnx", "--exact"}
                                      << "--exact and --inexact choose how layers are matched";
    QTest::newRow("json and csv") << QStringList{"compare", a, b, "--by", "onnx", "--json", "--csv"}
                                  << "choose one of --json and --csv";
    QTest::newRow("missing plan") << QStringList{"compare", a, a + ".missing", "--by", "onnx"}
                                  << a + ".missing: no such file or folder";
}

void TestOnnxCompareCli::refusesBadArguments() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const auto run = runPlanscope(arguments);
    QCOMPARE(run.status, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

// AlexNet against mnist: no layer matched, no input shared. The comparison says so on top and
// in JSON; a gate cannot tell a slowdown and exits 2 (issue 36: it said "885.9 % slower").
void TestOnnxCompareCli::warnsOnUnrelatedEngines() {
    const QString alexNet = dataPath("realworld/alexnet-trt10-rtx3060/alexnet_fp16");
    const QString mnist = dataPath("realworld/mnist-trt10.16-h100/trtexec-result-05.log");
    const auto text = runPlanscope({"compare", alexNet, mnist});
    QCOMPARE(text.status, 0);
    QVERIFY(text.text().startsWith("Warning: A and B look like engines of different models: 0 of"));
    const auto json = runPlanscope({"compare", alexNet, mnist, "--json"});
    const QJsonObject object = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(object["warnings"].toArray().size(), 1);
    const auto gate = runPlanscope({"compare", alexNet, mnist, "--fail-if-slower", "10"});
    QCOMPARE(gate.status, 2);
    QVERIFY2(gate.err.contains("cannot tell a slowdown"), qPrintable(gate.err));
    // Two builds of one model are not warned about.
    const auto related =
        runPlanscope({"compare", dataPath(kAlexNetA), dataPath(kAlexNetB), "--json"});
    QCOMPARE(QJsonDocument::fromJson(related.out).object()["warnings"].toArray().size(), 0);
}

PLANSCOPE_TEST_MAIN(TestOnnxCompareCli, QCoreApplication)
#include "tst_onnx_compare_cli.moc"
