#include "TestSupport.h"
#include "demo/SyntheticPlan.h"
#include "graph/PlanGraph.h"
#include "io/LayerNames.h"
#include "io/PlanLoader.h"
#include "io/graph/GraphReader.h"
#include "io/text/FileText.h"
#include "lint/Linter.h"
#include "plan/PlanError.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <utility>

using namespace planscope;
using planscope::test::fixturePath;

namespace {

QStringList layerNames(const EnginePlan& plan) {
    QStringList names;
    for (const Layer& l : plan.layers)
        names << l.name;
    return names;
}

// A graph of `count` small layers; the entries at `broken` are numbers, not layers.
QByteArray graphWithBrokenEntries(int count, const QList<int>& broken) {
    QByteArray text = R"({"Layers": [)";
    for (int i = 0; i < count; ++i) {
        if (i > 0)
            text += ",\n";
        text += broken.contains(i)
                    ? QByteArray::number(i)
                    : R"({"Name": "layer )" + QByteArray::number(i) +
                          R"(", "LayerType": "Reformat", "Inputs": [], "Outputs": []})";
    }
    return text + "]}";
}

QStringList tensorNames(const std::vector<const Tensor*>& tensors) {
    QStringList names;
    for (const Tensor* t : tensors)
        names << t->name;
    return names;
}

} // namespace

class TestGraphParser : public QObject {
    Q_OBJECT
  private slots:
    void namesLayersAsTrex_data();
    void namesLayersAsTrex();
    void appliesTrexQuirks();
    void foldsNoOps();
    void computesSizes();
    void saturatesAbsurdWeightCounts();
    void joinsProfileByPosition();
    void loadsOneOptimizationProfile_data();
    void loadsOneOptimizationProfile();
    void rejectsMissingProfile();
    void loadsNamesOnlyGraph();
    void readsProfileWithoutMedian();
    void reportsBrokenGraphs_data();
    void reportsBrokenGraphs();
    void survivesAbsurdValues();
    void readsRawAttributesWhenAsked();
    void readsALargeFileAsItsText();
    void saysAFileWasCutShortWhileRead();
    void reportsTheFirstBrokenEntry_data();
    void reportsTheFirstBrokenEntry();
    void reportsProgressAndHearsACancel();
};

void TestGraphParser::namesLayersAsTrex_data() {
    QTest::addColumn<QStringList>("exported");
    QTest::addColumn<QStringList>("named");
    QTest::newRow("separators") << QStringList{QString("a\x1e"
                                                       "b\x1f"
                                                       "c")}
                                << QStringList{"a+b+c"};
    QTest::newRow("repeats") << QStringList{"x", "y", "x", "x"}
                             << QStringList{"x", "y", "x_2", "x_3"};
    QTest::newRow("repeats after separators")
        << QStringList{QString("p\x1eq"), "p+q"} << QStringList{"p+q", "p+q_2"};
}

void TestGraphParser::namesLayersAsTrex() {
    QFETCH(QStringList, exported);
    QFETCH(QStringList, named);
    QHash<QString, int> seen;
    QStringList names;
    for (const QString& name : exported)
        names << disambiguatedName(seen, replaceRecordSeparators(name));
    QCOMPARE(names, named);
}

void TestGraphParser::appliesTrexQuirks() {
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"));
    // signal, wait and shape_call dropped; NoOps folded; Constant set apart; "dup" repeated.
    QCOMPARE(layerNames(plan), QStringList({"in+reformat", "up", "dup", "dup_2", "add"}));
    QCOMPARE(plan.layers[1].type, QString("Deconvolution"));
    QCOMPARE(plan.layers[1].subtype, QString("CaskDeconvolutionV2"));
    QCOMPARE(plan.layers[4].type, QString("PointWise"));
    QCOMPARE(plan.layers[0].metadata, QString("[ONNX Layer: Q]+[ONNX Layer: R]"));
    QCOMPARE(plan.layers[0].tactic, QString("TensorRT")); // no TacticName
    QCOMPARE(plan.layers[1].tactic, QString("sm80_xmma_deconv_int8"));
    QCOMPARE(plan.constants.size(), std::size_t(1));
    QCOMPARE(plan.constants[0].name, QString("const"));
    for (int i = 0; i < 5; ++i)
        QCOMPARE(plan.layers[i].index, i);
}

void TestGraphParser::foldsNoOps() {
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"));
    const Layer* dup = plan.findLayer("dup");
    QVERIFY(dup);
    // The graph reads through the folded NoOp; the layer keeps the tensor it was exported with.
    QCOMPARE(dup->graphInputs()[0].name, QString("t1"));
    QCOMPARE(dup->inputs[0].name, QString("t2"));
    const Layer* add = plan.findLayer("add");
    QVERIFY(add);
    QCOMPARE(add->graphOutputs()[0].name, QString("output")); // the leaf NoOp's binding
    QCOMPARE(add->outputs[0].name, QString("t5"));
    QCOMPARE(plan.findLayer("up")->graphInputs()[0].name, plan.findLayer("up")->inputs[0].name);
    QCOMPARE(tensorNames(plan.inputBindings()), QStringList({"input"}));
    QCOMPARE(tensorNames(plan.outputBindings()), QStringList({"output"}));
}

// A constant input of a damaged file's size (1e54 elements, which fuzzing found) counts as the
// largest count there is, not as an overflow.
void TestGraphParser::saturatesAbsurdWeightCounts() {
    Layer layer;
    Tensor huge;
    huge.shape = {1000000000000000000, 1000000000000000000, 1000000};
    huge.storage = std::make_shared<const TensorStorage>(TensorStorage{.precision = "FP32"});
    layer.addWeightTensor(huge);
    QCOMPARE(layer.weightsCount, std::numeric_limits<qint64>::max());
    Tensor small;
    small.shape = {4, 4};
    Layer usual;
    usual.addWeightTensor(small);
    usual.addWeightTensor(small);
    QCOMPARE(usual.weightsCount, qint64(32));
}

void TestGraphParser::computesSizes() {
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"));
    const Layer& up = plan.layers[1];
    QCOMPARE(up.inputBytes, 1024.0);  // 1x16x8x8 Int8
    QCOMPARE(up.outputBytes, 4096.0); // 1x16x16x16 Int8
    QCOMPARE(up.ioBytes, 5120.0);
    QCOMPARE(up.weightsBytes, 1024.0); // 1024 Int8 weights
    QCOMPARE(up.biasBytes, 64.0);      // 16 Float biases
    QCOMPARE(up.footprintBytes, 6144.0);
    QCOMPARE(plan.layers[0].inputBytes, 4096.0); // 1x16x8x8 FP32
    QCOMPARE(plan.totalWeightsBytes().value(), 1024.0);
    // 5120 (in) + 5120 (up) + 4096+8192 (dup) + 8192+8192 (dup_2) + 8192+32+8192 (add)
    QCOMPARE(plan.totalActivationBytes().value(), 55328.0);
}

void TestGraphParser::joinsProfileByPosition() {
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"));
    QVERIFY(plan.hasProfile);
    QCOMPARE(plan.profiledIterations, 100LL);
    // Records of dropped, folded and constant layers are skipped, so the rest line up.
    QCOMPARE(plan.layers[2].timing.averageMs, 0.02);
    QCOMPARE(plan.layers[3].timing.averageMs, 0.03);
    QCOMPARE(plan.layers[4].timing.averageMs, 0.04);
    QCOMPARE(plan.layers[4].timing.totalMs, 4.0);
    QVERIFY(qAbs(plan.totalAverageMs().value() - 0.15) < 1e-12);
    for (const QString& w : plan.warnings)
        QVERIFY2(!w.contains("Partial") && !w.contains("differ"), qPrintable(w));
}

void TestGraphParser::loadsOneOptimizationProfile_data() {
    QTest::addColumn<int>("profile");
    QTest::addColumn<QStringList>("layers");
    QTest::addColumn<QStringList>("inputs");
    QTest::newRow("profile 0") << 0 << QStringList({"conv", "relu"}) << QStringList({"x"});
    QTest::newRow("profile 1") << 1 << QStringList({"conv [profile 1]", "relu [profile 1]"})
                               << QStringList({"x [profile 1]"});
}

void TestGraphParser::loadsOneOptimizationProfile() {
    QFETCH(int, profile);
    QFETCH(QStringList, layers);
    QFETCH(QStringList, inputs);
    LoadOptions options;
    options.profile = profile;
    const EnginePlan plan = loadPlan(fixturePath("profiles.graph.json"), options);
    QCOMPARE(plan.profileCount, 2);
    QCOMPARE(plan.profileIndex, profile);
    QCOMPARE(layerNames(plan), layers);
    QCOMPARE(tensorNames(plan.inputBindings()), inputs);
    QVERIFY(plan.warnings.join(' ').contains("2 optimization profiles"));
}

void TestGraphParser::rejectsMissingProfile() {
    LoadOptions options;
    options.profile = 2;
    try {
        loadPlan(fixturePath("profiles.graph.json"), options);
        QFAIL("profile 2 should not load");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().contains("profiles.graph.json"), qPrintable(e.message()));
        QVERIFY2(e.message().contains("from 0 to 1"), qPrintable(e.message()));
    }
}

void TestGraphParser::loadsNamesOnlyGraph() {
    const EnginePlan plan = loadPlan(fixturePath("names-only.graph.json"));
    QVERIFY(plan.namesOnly);
    QCOMPARE(layerNames(plan), QStringList({"conv1", "relu1", "conv1_2", "fc"}));
    QCOMPARE(plan.layers[0].type, QString("Unknown"));
    QVERIFY(plan.warnings.join(' ').contains("--profilingVerbosity=detailed"));
    QCOMPARE(plan.layers[2].timing.averageMs, 0.2);
    QVERIFY(qAbs(plan.totalAverageMs().value() - 1.0) < 1e-12);
}

void TestGraphParser::readsProfileWithoutMedian() {
    LoadOptions options;
    options.profileJson = fixturePath("pre84.profile.json");
    const EnginePlan plan = loadPlan(fixturePath("names-only.graph.json"), options);
    QCOMPARE(plan.layers[3].timing.averageMs, 0.4);
    QCOMPARE(plan.layers[3].timing.medianMs, 0.0);
    QCOMPARE(plan.layers[3].timing.percent, 40.0);
}

void TestGraphParser::reportsBrokenGraphs_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected");
    QTest::newRow("truncated") << "truncated.graph.json"
                               << "ends early";
    QTest::newRow("invalid") << "invalid.graph.json"
                             << "not valid JSON";
    QTest::newRow("empty") << "empty.graph.json"
                           << "empty";
    QTest::newRow("no layers") << "no-layers.graph.json"
                               << "no layers";
    QTest::newRow("wrong shape") << "wrong-shape.graph.json"
                                 << "not an engine graph";
    QTest::newRow("missing") << "absent.graph.json"
                             << "no such file";
    QTest::newRow("400-digit number") << "huge-number.graph.json"
                                      << "holds a number too large to read";
}

void TestGraphParser::reportsBrokenGraphs() {
    QFETCH(QString, file);
    QFETCH(QString, expected);
    try {
        loadPlan(fixturePath(file));
        QFAIL("a broken graph should not load");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().contains(file), qPrintable(e.message()));
        QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
    }
}

// Found while fuzzing: shapes, counts and names far past any real engine must not overflow
// (the UBSan build checks it), nor give negative sizes.
void TestGraphParser::survivesAbsurdValues() {
    const EnginePlan plan = loadPlan(fixturePath("absurd-values.graph.json"));
    QCOMPARE(plan.profileCount, 1); // a "[profile N]" past four digits is part of the name
    QCOMPARE(plan.layers.size(), std::size_t(1));
    const Layer& conv = plan.layers[0];
    QCOMPARE(conv.weightsBytes, 0.0); // a count that is not an integer is no count
    QCOMPARE(conv.biasBytes, 0.0);    // nor is one past 2^63
    QCOMPARE(conv.inputBytes, 4.0 * std::pow(4.0e9, 4));
    QVERIFY(std::isfinite(conv.ioBytes));
    QVERIFY(conv.convolution);
    QCOMPARE(conv.convolution->gemmM, qint64(9000000000000000000));
    QVERIFY(!lintPlan(plan).empty());
    QCOMPARE(PlanGraph::build(plan).nodes().size(), std::size_t(3));
}

// The raw attributes stay in the layer's text until asked for, then read as the whole-document
// reader had them: sorted by key, the last of a repeated key, keys and strings unescaped,
// strings unquoted, anything else compact JSON. Long values (the kernel name) are kept once for
// every layer that has them.
void TestGraphParser::readsRawAttributesWhenAsked() {
    const EnginePlan plan = loadPlan(fixturePath("raw-attributes.graph.json"));
    QCOMPARE(plan.layers.size(), std::size_t(2));
    const Layer& layer = plan.layers[0];
    QCOMPARE(layer.name, QString("a \"quoted\" } name"));
    const QString kernel = "sm80_xmma_fprop_implicit_gemm_f16f16_t1r3s3";
    const std::vector<std::pair<QString, QString>> expected = {
        {"Alpha", "[1,2]"},     {"Big", "18446744073709551615"},
        {"Dup", "2"},           {"Esc", "tab\there"},
        {"Float", "0.0015"},    {"Kernel", "[3,3]"}, // written with an escape
        {"LayerType", "Scale"}, {"Metadata", "m+N"},
        {"Neg", "-7"},          {"Nested", R"({"a":[true,null,"x\"y"],"b":1})"},
        {"TacticName", kernel}, {"Zeta", "last"},
    };
    QCOMPARE(layer.attributes(), expected);
    QCOMPARE(layer.attribute("Dup"), QString("2"));
    QCOMPARE(layer.attribute("Nested"), expected[9].second);
    QCOMPARE(layer.attribute("Kernel"), QString("[3,3]"));
    QCOMPARE(layer.attribute("TacticName"), kernel);
    QCOMPARE(layer.attribute("Name"), QString()); // the name and tensors are not attributes
    QCOMPARE(layer.attribute("Inputs"), QString());
    QCOMPARE(layer.attribute("Absent"), QString());

    const Layer& second = plan.layers[1];
    const std::vector<std::pair<QString, QString>> secondExpected = {{"Kernel", "[1,1]"},
                                                                     {"LayerType", "Scale"},
                                                                     {"Metadata", "second"},
                                                                     {"TacticName", kernel}};
    QCOMPARE(second.attributes(), secondExpected);
    QCOMPARE(second.attribute("Dup"), QString()); // another layer's attribute
    QCOMPARE(second.attributeJson("Kernel").value_or(""), std::string_view("[1,1]"));
}

// A graph of several megabytes is mapped and handed back as it is read, its
// entries by two threads a megabyte at a time: every layer comes out as from the same text held
// whole in memory. Cut short, the file is said to end early.
void TestGraphParser::readsALargeFileAsItsText() {
    QTemporaryDir dir;
    const QString prefix = dir.filePath("large.onnx.engine");
    QString error;
    QVERIFY2(writeSyntheticPlan(prefix, {.layers = 5000, .timingSamples = 10}, &error),
             qPrintable(error));
    const QString path = prefix + ".graph.json";
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.size() > 5'000'000); // past the size read into pages of its own
    FileText fromFile = FileText::open(path);
    FileText fromMemory(text);
    const GraphEntries read = readGraphEntries(fromFile, path);
    const GraphEntries expected = readGraphEntries(fromMemory, path);
    QCOMPARE(read.layers.size(), std::size_t(5000));
    QCOMPARE(read.layers.size(), expected.layers.size());
    for (std::size_t i = 0; i < read.layers.size(); ++i) {
        const Layer& layer = read.layers[i];
        QCOMPARE(layer.name, expected.layers[i].name);
        QCOMPARE(layer.attributes(), expected.layers[i].attributes());
        QCOMPARE(layer.inputs.size(), expected.layers[i].inputs.size());
        if (layer.tactic != "TensorRT")
            QCOMPARE(layer.attribute("TacticName"), layer.tactic);
    }

    const QString cut = dir.filePath("cut.graph.json");
    QFile cutFile(cut);
    QVERIFY(cutFile.open(QIODevice::WriteOnly));
    cutFile.write(text.left(text.size() * 2 / 3));
    cutFile.close();
    try {
        loadPlan(cut);
        QFAIL("a graph cut short loaded");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().contains("the JSON ends early"), qPrintable(e.message()));
    }
}

// A large graph is mapped, not copied: another program cutting it short while it is read would
// end the process (SIGBUS). What was cut reads as zeros, and the load says the file was cut.
void TestGraphParser::saysAFileWasCutShortWhileRead() {
    QTemporaryDir dir;
    const QString prefix = dir.filePath("cut.onnx.engine");
    QString error;
    QVERIFY2(writeSyntheticPlan(prefix, {.layers = 5000, .timingSamples = 10}, &error),
             qPrintable(error));
    const QString path = prefix + ".graph.json";
    const qint64 size = QFileInfo(path).size();
    QVERIFY(size > 5'000'000);
    {
        FileText text = FileText::open(path);
        QVERIFY(QFile::resize(path, size / 2));
        QVERIFY(!text.wasCut());
        QCOMPARE(text.view()[std::size_t(size) - 2], '\0'); // past the cut: zeros, no signal
        QVERIFY(text.wasCut());
        QCOMPARE(text.view().size(), std::size_t(size));
    }
    // Cut while the reader is on its way (its first progress report).
    QVERIFY2(writeSyntheticPlan(prefix, {.layers = 5000, .timingSamples = 10}, &error),
             qPrintable(error));
    LoadOptions options;
    options.progress = [&, cut = false](int) mutable {
        if (!std::exchange(cut, true))
            QFile::resize(path, size / 3);
        return true;
    };
    try {
        loadPlan(path, options);
        QFAIL("a graph cut short while read loaded");
    } catch (const PlanError& e) {
        QVERIFY2(e.message().contains("was cut short by another program while it was read"),
                 qPrintable(e.message()));
        QVERIFY2(e.message().startsWith(path), qPrintable(e.message()));
    }
}

// The entries are read by two threads, a chunk at a time: whichever thread meets a broken entry
// first, the error said is the one earliest in the file.
void TestGraphParser::reportsTheFirstBrokenEntry_data() {
    QTest::addColumn<int>("count");
    QTest::addColumn<QList<int>>("broken");
    QTest::newRow("first of two chunks apart") << 2000 << QList<int>{300, 1900};
    QTest::newRow("neighbours") << 2000 << QList<int>{700, 701};
    QTest::newRow("the very first and last") << 2000 << QList<int>{0, 1999};
    QTest::newRow("the last only") << 2000 << QList<int>{1999};
    QTest::newRow("a short list") << 10 << QList<int>{3, 5};
}

void TestGraphParser::reportsTheFirstBrokenEntry() {
    QFETCH(int, count);
    QFETCH(QList<int>, broken);
    for (int run = 0; run < 20; ++run) { // the threads' timing differs from run to run
        FileText text(graphWithBrokenEntries(count, broken));
        try {
            readGraphEntries(text, QStringLiteral("broken.graph.json"));
            QFAIL("a broken entry was read");
        } catch (const PlanError& e) {
            const QString expected = QStringLiteral("layer %1 is neither").arg(broken.first());
            QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
        }
    }
}

void TestGraphParser::reportsProgressAndHearsACancel() {
    const QByteArray graph = graphWithBrokenEntries(3000, {});
    QList<int> heard;
    FileText whole(graph);
    const GraphEntries read = readGraphEntries(whole, QStringLiteral("a.graph.json"), [&](int p) {
        heard << p;
        return true;
    });
    QCOMPARE(read.layers.size(), std::size_t(3000));
    QCOMPARE(read.layers[2999].name, QStringLiteral("layer 2999"));
    QVERIFY(!heard.isEmpty()); // how often depends on which thread read which chunk
    QVERIFY(std::is_sorted(heard.begin(), heard.end()));
    QVERIFY(heard.first() >= 0);
    QCOMPARE(heard.last(), 89); // of 90: the list's closing brackets are not entries

    FileText cancelled(graph);
    int calls = 0;
    QVERIFY_THROWS_EXCEPTION(LoadCancelled,
                             readGraphEntries(cancelled, QStringLiteral("a.graph.json"),
                                              [&](int) { return ++calls > 1; }));
    QCOMPARE(calls, 1); // nothing more is read, nor heard, once cancelled
}

PLANSCOPE_TEST_MAIN(TestGraphParser, QCoreApplication)
#include "tst_graph_parser.moc"
