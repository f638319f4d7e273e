#include "CliRun.h"
#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

using Run = planscope::test::CliRun;
using planscope::test::runPlanscope;

const QString kMobileNet = QStringLiteral("trex/mobilenet/mobilenet.qat.onnx.engine");

} // namespace

class TestCli : public QObject {
    Q_OBJECT
  private slots:
    void printsVersionAndHelp();
    void printsWithoutTheAppLibrary();
    void printsSummaryJson();
    void printsSummaryText();
    void listsLayers();
    void filtersLayersByType();
    void printsLintJson();
    void exportsCharts();
    void exportsGraphs();
    void comparesAndGates();
    void writesReports();
    void readsTrtexecLogs();
    void readsLogsOfOtherShapes();
    void gatesOnLintFindings();
    void convertsLog();
    void printsTactics();
    void failsClearly_data();
    void failsClearly();
    void refusesAnotherBuildsProfile();
    void modulesTextShowsSelfTime();
    void lintSaysWhenNoRuleCanRun();
    void compareByModuleNamesAAndBApart();
    void writesJsonOfLogsThatAreNotUtf8();
    void comparesWithoutFalseZeros();
    void readsAccuracyLogs_data();
    void readsAccuracyLogs();
};

void TestCli::printsVersionAndHelp() {
    const Run version = runPlanscope({"--version"});
    QCOMPARE(version.status, 0);
    QCOMPARE(version.out.trimmed(), QByteArray("planscope 0.1.0"));
    const Run help = runPlanscope({"--help"});
    QCOMPARE(help.status, 0);
    for (const char* command : {"summary", "layers", "lint"})
        QVERIFY2(help.out.contains(command), help.out.constData());
    const Run commandHelp = runPlanscope({"layers", "--help"});
    QCOMPARE(commandHelp.status, 0);
    QVERIFY(commandHelp.out.contains("--csv"));
}

// The executable starts with Qt Core and the model only: the window and the commands that draw
// come from the app library beside it (installed: in LIBDIR/planscope), which a text command
// never loads. Without it, a text command still runs and one that draws says what is missing.
void TestCli::printsWithoutTheAppLibrary() {
    QProcess readelf;
    readelf.start(QStringLiteral("readelf"), {QStringLiteral("-d"), PLANSCOPE_BINARY});
    QVERIFY(readelf.waitForFinished());
    const QByteArray needed = readelf.readAllStandardOutput();
    QVERIFY2(needed.contains("libQt6Core"), needed.constData());
    for (const char* library : {"libQt6Gui", "libQt6Widgets", "libgvc", "libonnx"})
        QVERIFY2(!needed.contains(library), library);
    QVERIFY(QFileInfo(QFileInfo(PLANSCOPE_BINARY).dir().filePath("libplanscope-app.so")).isFile());

    QTemporaryDir alone;
    const QString program = alone.filePath("planscope");
    QVERIFY(QFile::copy(PLANSCOPE_BINARY, program));
    const Run summary = runPlanscope({"summary", dataPath(kMobileNet)}, program);
    QCOMPARE(summary.status, 0);
    QVERIFY(summary.text().contains("Layers: 72"));
    const Run chart = runPlanscope({"export-chart", dataPath(kMobileNet), "--chart",
                                    "latency-per-layer-ms", "-o", alone.filePath("chart.svg")},
                                   program);
    QCOMPARE(chart.status, 2);
    QVERIFY2(chart.err.startsWith("planscope: cannot load its window and the commands that draw "
                                  "(libplanscope-app.so)"),
             qPrintable(chart.err));
    QVERIFY(!QFileInfo::exists(alone.filePath("chart.svg")));
}

void TestCli::printsSummaryJson() {
    const Run run = runPlanscope({"summary", dataPath(kMobileNet), "--json"});
    QCOMPARE(run.status, 0);
    const QJsonObject s = QJsonDocument::fromJson(run.out).object();
    for (const char* key : {"name", "layers", "average_time_ms", "weights_bytes",
                            "activations_bytes", "inputs", "outputs", "by_type", "by_precision",
                            "profiles", "device", "builder", "performance", "warnings"})
        QVERIFY2(s.contains(key), key);
    QCOMPARE(s["name"].toString(), QString("mobilenet.qat.onnx.engine.graph.json"));
    QCOMPARE(s["layers"].toInt(), 72);
    QCOMPARE(QString::number(s["average_time_ms"].toDouble(), 'f', 3), QString("0.470"));
    // GPU Compute Time mean 0.352 ms (the profile metadata) minus the per-layer sum, 0.470 ms.
    QCOMPARE(QString::number(s["latency_gap_ms"].toDouble(), 'f', 4), QString("-0.1182"));
    QCOMPARE(s["profiles"].toInt(), 1);
    const QJsonObject input = s["inputs"].toArray().first().toObject();
    QCOMPARE(input["name"].toString(), QString("input1"));
    QCOMPARE(input["shape"].toArray(), QJsonArray({1, 3, 224, 224}));
    QCOMPARE(input["format"].toString(), QString("FP32 NCHW"));
    const QJsonObject conv = s["by_type"].toObject()["Convolution"].toObject();
    QCOMPARE(conv["count"].toInt(), 53);
    QCOMPARE(QString::number(conv["latency_ms"].toDouble(), 'f', 3), QString("0.383"));
    QCOMPARE(s["by_precision"].toObject()["INT8"].toObject()["count"].toInt(), 53);
    QCOMPARE(s["device"].toObject()["Selected Device"].toString(), QString("NVIDIA TITAN RTX"));
    QCOMPARE(s["performance"].toObject()["Throughput"].toDouble(), 2829.15);
}

void TestCli::printsSummaryText() {
    const Run run = runPlanscope({"summary", dataPath(kMobileNet)});
    QCOMPARE(run.status, 0);
    for (const char* line : {"Average time: 0.470 ms", "Layers: 72", "Weights: 3.3 MB",
                             "Activations: 15.9 MB", "input1: [1, 3, 224, 224]xFP32 NCHW",
                             "Selected Device: NVIDIA TITAN RTX", "median 0.351196"})
        QVERIFY2(run.out.contains(line), line);
}

void TestCli::listsLayers() {
    const Run csv = runPlanscope({"layers", dataPath(kMobileNet), "--csv"});
    QCOMPARE(csv.status, 0);
    const QList<QByteArray> lines = csv.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 73);
    for (const char* column : {"name",
                               "type",
                               "subtype",
                               "precision",
                               "output_precision",
                               "tactic",
                               "latency_avg_ms",
                               "latency_median_ms",
                               "latency_pct",
                               "inputs",
                               "outputs",
                               "weights_bytes",
                               "io_bytes",
                               "footprint_bytes",
                               "metadata",
                               "macs",
                               "arithmetic_intensity",
                               "gemm_m",
                               "gemm_n",
                               "gemm_k"})
        QVERIFY2(lines[0].split(',').contains(column), column);
    QVERIFY(lines[1].startsWith("0,QuantizeLinear_2,Reformat,Reformat,FP32,INT8,TensorRT,"));

    const Run text = runPlanscope({"layers", dataPath(kMobileNet)});
    QCOMPARE(text.status, 0);
    QCOMPARE(text.out.trimmed().split('\n').size(), 73);
    // A type longer than the column (a runner's name, from a log) widens it for every row.
    const Run log = runPlanscope(
        {"layers", dataPath("realworld/mnist-verbose-builds/trt8.6.0-rtx3090-verbose-build.log")});
    QCOMPARE(log.status, 0);
    QList<QByteArray> rows = log.out.split('\n');
    rows.removeAll(QByteArray());
    QCOMPARE(rows.size(), 11);
    QVERIFY(rows[7].contains("CaskGemmConvolution  FP16"));
    for (const QByteArray& row : rows)
        QCOMPARE(row.indexOf(row.startsWith("   #") ? "precision" : "FP"), rows[1].indexOf("FP"));
}

void TestCli::filtersLayersByType() {
    const Run run =
        runPlanscope({"layers", dataPath(kMobileNet), "--type", "Convolution", "--json"});
    QCOMPARE(run.status, 0);
    const QJsonArray layers = QJsonDocument::fromJson(run.out).array();
    QCOMPARE(layers.size(), 53);
    for (const auto& l : layers) {
        QCOMPARE(l.toObject()["type"].toString(), QString("Convolution"));
        QVERIFY(l.toObject()["macs"].toDouble() > 0);
    }
    QCOMPARE(layers.first().toObject()["gemm_k"].toInt(), 27);
}

void TestCli::printsLintJson() {
    const Run run = runPlanscope({"lint", dataPath(kMobileNet), "--json"});
    QCOMPARE(run.status, 0);
    const QJsonArray findings = QJsonDocument::fromJson(run.out).object()["findings"].toArray();
    // 42 of trex's rules (conv-not-accelerated judges the kernel's decoded name: 2 findings where
    // trex's substring rule has 18), 25 unquantized-residual, 1 small-batch.
    QCOMPARE(findings.size(), 68);
    const QJsonObject first = [&] {
        for (const auto& f : findings)
            if (f.toObject()["layer"].toString() == "QuantizeLinear_2")
                return f.toObject();
        return QJsonObject();
    }();
    QCOMPARE(first["rule"].toString(), QString("reformat-type-conversion"));
    QCOMPARE(first["severity"].toString(), QString("warning"));
    QCOMPARE(first["details"].toObject()["type conversion"].toString(), QString("FP32 -> INT8"));
    for (const char* key : {"hazard", "mitigation", "help", "layer_index"})
        QVERIFY2(first.contains(key), key);
}

void TestCli::exportsCharts() {
    QTemporaryDir dir;
    const Run list = runPlanscope({"export-chart", "--list"});
    QCOMPARE(list.status, 0);
    QCOMPARE(list.out.trimmed().split('\n').size(), 41);
    QVERIFY(list.out.startsWith("latency-sunburst"));
    const Run one =
        runPlanscope({"export-chart", dataPath(kMobileNet), "--chart", "latency-sunburst", "-o",
                      dir.filePath("s.svg"), "--width", "800", "--height", "600"});
    QCOMPARE(one.status, 0);
    QVERIFY2(one.err.isEmpty(), qPrintable(one.err)); // no display, and no noise about it
    QFile svg(dir.filePath("s.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<svg width=\"800\" height=\"600\""));
    const Run all = runPlanscope({"export-chart", dataPath(kMobileNet), "--all", "-o",
                                  dir.filePath("all"), "--format", "png"});
    QVERIFY2(all.status == 0, qPrintable(all.err));
    QCOMPARE(QDir(dir.filePath("all")).entryList({"*.png"}).size(), 41);
}

void TestCli::exportsGraphs() {
    QTemporaryDir dir;
    const Run dot =
        runPlanscope({"export-graph", dataPath(kMobileNet), "-o", dir.filePath("g.dot")});
    QCOMPARE(dot.status, 0);
    QFile file(dir.filePath("g.dot"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(int(file.readAll().count("[label=")), 74); // 72 layers and the two bindings
    const Run around =
        runPlanscope({"export-graph", dataPath(kMobileNet), "--around", "QuantizeLinear_2",
                      "--radius", "2", "-o", dir.filePath("n.dot")});
    QCOMPARE(around.status, 0);
    QFile near(dir.filePath("n.dot"));
    QVERIFY(near.open(QIODevice::ReadOnly));
    QCOMPARE(int(near.readAll().count("[label=")),
             4); // input1, QuantizeLinear_2 and two convolutions
    for (const char* picture : {"g.svg", "g.png"}) {
        const Run run = runPlanscope({"export-graph", dataPath(kMobileNet), "--color", "precision",
                                      "--detail", "detailed", "-o", dir.filePath(picture)});
        QCOMPARE(run.status, 0);
        QVERIFY(QFileInfo(dir.filePath(picture)).size() > 10000);
    }
    const Run bad = runPlanscope(
        {"export-graph", dataPath(kMobileNet), "--around", "nope", "-o", dir.filePath("x.svg")});
    QCOMPARE(bad.status, 2);
    QVERIFY(bad.err.contains("no layer is named 'nope'"));
    // The format: --format over the name's suffix, in any case; the errors name every format.
    const Run named = runPlanscope(
        {"export-graph", dataPath(kMobileNet), "--format", "DOT", "-o", dir.filePath("g.txt")});
    QCOMPARE(named.status, 0);
    QVERIFY(QFile(dir.filePath("g.txt")).size() > 100);
    const Run suffix =
        runPlanscope({"export-graph", dataPath(kMobileNet), "-o", dir.filePath("g.bmp")});
    QCOMPARE(suffix.status, 2);
    QVERIFY2(suffix.err.contains("the output name must end with .svg, .png, .dot or .onnx (or "
                                 "give --format)"),
             qPrintable(suffix.err));
    const Run format = runPlanscope(
        {"export-graph", dataPath(kMobileNet), "--format", "bmp", "-o", dir.filePath("g.svg")});
    QCOMPARE(format.status, 2);
    QVERIFY2(format.err.contains("--format takes svg, png, dot or onnx"), qPrintable(format.err));
}

void TestCli::comparesAndGates() {
    const QString fp16 = dataPath("trex/resnet-a100/fp16");
    const QString fp32 = dataPath("trex/resnet-a100/fp32");
    const Run json =
        runPlanscope({"compare", dataPath(kMobileNet),
                      dataPath("trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine"), "--json"});
    QCOMPARE(json.status, 0);
    const QJsonObject c = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(c["pairs"].toArray().size(), 72);
    QCOMPARE(c["pairs"].toArray()[8].toArray(), QJsonArray({7, QJsonValue()}));
    QCOMPARE(c["a"].toObject()["layers"].toInt(), 72);
    const Run faster = runPlanscope({"compare", fp32, fp16, "--fail-if-slower", "5"});
    QCOMPARE(faster.status, 0); // fp16 is faster than fp32
    QVERIFY(faster.out.contains("Speedup of B over A"));
    const Run slower = runPlanscope({"compare", fp16, fp32, "--fail-if-slower", "5"});
    QCOMPARE(slower.status, 1);
    QVERIFY2(slower.err.contains("gate failed") && slower.err.contains("limit 5%"),
             qPrintable(slower.err));
    const Run generous = runPlanscope({"compare", fp16, fp32, "--fail-if-slower", "500"});
    QCOMPARE(generous.status, 0);
    QTemporaryDir dir;
    const Run charts =
        runPlanscope({"export-chart", "--compare", fp32, fp16, "--all", "-o", dir.filePath("c")});
    QCOMPARE(charts.status, 0);
    QCOMPARE(QDir(dir.filePath("c")).entryList({"compare-*.svg"}).size(), 8);
}

void TestCli::writesReports() {
    QTemporaryDir dir;
    for (const char* name : {"r.html", "r.pdf"}) {
        const Run run = runPlanscope({"report", dataPath(kMobileNet), "-o", dir.filePath(name)});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QVERIFY(QFileInfo(dir.filePath(name)).size() > 10000);
    }
    const Run compare =
        runPlanscope({"report", "--compare", dataPath("trex/resnet-a100/fp16"),
                      dataPath("trex/resnet-a100/qat"), "-o", dir.filePath("c.html")});
    QVERIFY2(compare.status == 0, qPrintable(compare.err));
    QVERIFY(QFileInfo(dir.filePath("c.html")).size() > 10000);
    const Run docx = runPlanscope({"report", dataPath(kMobileNet), "-o", dir.filePath("r.docx")});
    QCOMPARE(docx.status, 2);
    QCOMPARE(docx.err.count('\n'), 1);
    QVERIFY2(docx.err.contains(".html or .pdf"), qPrintable(docx.err));
    QVERIFY(!QFileInfo::exists(dir.filePath("r.docx")));
}

void TestCli::readsTrtexecLogs() {
    const QString log = dataPath("realworld/mnist-trt10.16-h100/trtexec-result-05.log");
    const Run summary = runPlanscope({"summary", log, "--json"});
    QCOMPARE(summary.status, 0);
    const QJsonObject s = QJsonDocument::fromJson(summary.out).object();
    QCOMPARE(s["layers"].toInt(), 15);
    QCOMPARE(s["tensorrt_version"].toString(), QString("10.16.1"));
    QCOMPARE(s["profiled_iterations"].toInt(), 18362);
    QCOMPARE(s["device"].toObject()["SMs"].toDouble(), 114.0);
    QCOMPARE(s["files"].toObject()["profile"].toString(), log);
    QVERIFY(s["commands"].toArray().first().toString().startsWith("trtexec --loadEngine"));

    const Run text = runPlanscope({"summary", fixturePath("trt86-profile.log")});
    QCOMPARE(text.status, 0);
    for (const char* line : {"Average time: 0.305 ms", "Layers: 5", "TensorRT: 8.6.1",
                             "Selected Device: NVIDIA A100-SXM4-40GB", "Precision: FP32+FP16",
                             "Latency: min 0.629883"})
        QVERIFY2(text.out.contains(line), line);

    const Run layers = runPlanscope({"layers", fixturePath("trt10-layerinfo.log"), "--csv"});
    QCOMPARE(layers.status, 0);
    QCOMPARE(layers.out.count('\n'), 5);
    QVERIFY(layers.out.contains("{ForeignNode[/fc/MatMul.../fc/Add]}"));

    // Beside a plan: --log adds the build's device and configuration.
    const Run beside =
        runPlanscope({"summary", "--json",
                      dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log"),
                      "--log", dataPath("realworld/mnist-trt10.16-h100/trtexec-result-04.log")});
    QCOMPARE(beside.status, 0);
    QCOMPARE(QJsonDocument::fromJson(beside.out)["builder"]["Precision"].toString(),
             QString("FP32"));
}

// Issue 44, item 6: a Python-API verbose build log, a run log without layers and a TensorRT 8.4
// verbose build open alone in every command, with what they do not give shown as "-".
void TestCli::readsLogsOfOtherShapes() {
    const QString python = fixturePath("python-api-build.log");
    const Run pythonSummary = runPlanscope({"summary", python});
    QCOMPARE(pythonSummary.status, 0);
    for (const char* line : {"\tLayers: 3\n", "\tActivations: 0.2 MB\n", "Convolution", "Myelin"})
        QVERIFY2(pythonSummary.out.contains(line), line);
    QVERIFY(!pythonSummary.out.contains("ends before trtexec finished"));
    QCOMPARE(runPlanscope({"tactics", python}).status, 0);

    const QString run = dataPath("realworld/mnist-trt10.16-h100/trtexec-result-01.log");
    const Run runSummary = runPlanscope({"summary", run});
    QCOMPARE(runSummary.status, 0);
    for (const char* line :
         {"\tInputs: -\n", "\tAverage time: - (no per-layer timings)\n", "\tLayers: 0\n",
          "\tWeights: -\n", "\tActivations: -\n", "Selected Device: NVIDIA H100 PCIe",
          "Throughput: 15374.3", "Latency: min 0.0410156", "a run timed as a whole"})
        QVERIFY2(runSummary.out.contains(line), line);
    for (const char* command : {"layers", "lint", "check", "leads", "modules"}) {
        const Run other = runPlanscope({command, run});
        QVERIFY2(other.status == 0 && other.err.isEmpty(),
                 qPrintable(QString(command) + ": " + other.err));
    }
    QVERIFY(runPlanscope({"lint", run}).out.contains("a run without layers: no lint rule can run"));
    QCOMPARE(runPlanscope({"lint", run, "--fail-on", "warning"}).status, 2);

    const Run tactics = runPlanscope({"tactics", fixturePath("trt84-verbose-build.log")});
    QCOMPARE(tactics.status, 0);
    const QList<QByteArray> rows = tactics.out.split('\n');
    const qsizetype tune = rows[0].indexOf("tune s");
    QVERIFY(rows[1].endsWith("Conv-1 + ReLU-2"));
    QCOMPARE(rows[1].mid(tune, 6).trimmed(), QByteArray("-")); // no "profiling completed" lines
}

void TestCli::gatesOnLintFindings() {
    const QString plan = fixturePath("lint-rules.graph.json");
    const Run warning = runPlanscope({"lint", plan, "--json", "--fail-on", "warning"});
    QCOMPARE(warning.status, 1);
    QVERIFY2(warning.err.startsWith("planscope: lint gate failed: ") &&
                 warning.err.contains("at warning or above") &&
                 warning.err.contains("unquantized-residual x3"),
             qPrintable(warning.err));
    const QJsonArray findings = QJsonDocument::fromJson(warning.out)["findings"].toArray();
    QVERIFY(findings.size() > 10); // the report still comes out
    QCOMPARE(runPlanscope({"lint", plan, "--fail-on", "error"}).status, 0);
    const Run info = runPlanscope(
        {"lint", plan, "--only", "weights-sparsity,small-batch", "--fail-on", "warning", "--json"});
    QCOMPARE(info.status, 0);
    QCOMPARE(QJsonDocument::fromJson(info.out)["findings"].toArray().size(), 2);
    const Run quiet = runPlanscope(
        {"lint", plan, "--only", "shuffle-costly", "--set", "shuffle-percent=50", "--json"});
    QCOMPARE(QJsonDocument::fromJson(quiet.out)["findings"].toArray().size(), 1);
    const Run list = runPlanscope({"lint", "--list-rules"});
    QCOMPARE(list.status, 0);
    QVERIFY(list.out.contains("unquantized-residual") && list.out.contains("shuffle-percent"));
}

void TestCli::convertsLog() {
    QTemporaryDir dir;
    const QString prefix = dir.filePath("mnist");
    const Run run = runPlanscope({"convert-log",
                                  dataPath("realworld/mnist-trt10.16-h100/trtexec-result-01.log"),
                                  "-o", prefix});
    QCOMPARE(run.status, 0);
    QCOMPARE(run.out, QByteArray("wrote " + prefix.toUtf8() + ".build.metadata.json\nwrote " +
                                 prefix.toUtf8() + ".profile.metadata.json\n"));
    QFile build(prefix + ".build.metadata.json");
    QVERIFY(build.open(QIODevice::ReadOnly));
    const QJsonObject metadata = QJsonDocument::fromJson(build.readAll()).object();
    QCOMPARE(metadata.keys(),
             QStringList({"build_options", "device_information", "model_options"}));
    QCOMPARE(metadata["build_options"]["Precision"].toString(), QString("FP32"));
    QFile profile(prefix + ".profile.metadata.json");
    QVERIFY(profile.open(QIODevice::ReadOnly));
    const QJsonObject perf =
        QJsonDocument::fromJson(profile.readAll())["performance_summary"].toObject();
    QCOMPARE(perf["Throughput"].toDouble(), 15374.3);
    QCOMPARE(perf["Latency"].toArray().size(), 7);

    const Run usage = runPlanscope({"convert-log", fixturePath("trt86-profile.log")});
    QCOMPARE(usage.status, 2);
    QVERIFY2(usage.err.contains("missing -o PREFIX"), qPrintable(usage.err));
}

void TestCli::failsClearly_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    const QString plan = fixturePath("lint-rules.graph.json");
    QTest::newRow("missing file") << QStringList({"summary", "/nonexistent/x.engine"})
                                  << "/nonexistent/x.engine: no such file";
    QTest::newRow("truncated") << QStringList({"summary", fixturePath("truncated.graph.json")})
                               << "truncated.graph.json: the JSON ends early";
    QTest::newRow("invalid") << QStringList({"layers", fixturePath("invalid.graph.json")})
                             << "invalid.graph.json: not valid JSON";
    QTest::newRow("wrong shape") << QStringList({"lint", fixturePath("wrong-shape.graph.json")})
                                 << "not an engine graph";
    QTest::newRow("other engine") << QStringList({"summary", fixturePath("quirks.graph.json"),
                                                  "--profile-json",
                                                  fixturePath("other-engine.profile.json")})
                                  << "another engine";
    QTest::newRow("profile out of range")
        << QStringList({"summary", fixturePath("profiles.graph.json"), "--profile", "5"})
        << "profile 5 does not exist";
    for (const char* kind : {"graph", "profile", "timing", "build.metadata"}) {
        const QString file = QStringLiteral("huge-number.%1.json").arg(kind);
        QStringList arguments = {"summary", fixturePath("quirks.graph.json")};
        if (QString(kind) == "graph")
            arguments = QStringList({"summary", fixturePath(file)});
        else
            arguments << (QString(kind) == "build.metadata" ? QString("--build-metadata")
                                                            : "--" + QString(kind) + "-json")
                      << fixturePath(file);
        QTest::newRow(qPrintable("400-digit number in " + file))
            << arguments << file + ": holds a number too large to read";
    }
    // One of --json and --csv, wherever a command writes both; no --csv where it writes none.
    const QString log = dataPath("realworld/polygraphy-mnist-trt10.16/polygraphy-run-04.log");
    for (const QStringList& command :
         {QStringList{"layers", plan}, QStringList{"modules", plan}, QStringList{"accuracy", log}})
        QTest::newRow(qPrintable(command.front() + " --json --csv"))
            << command + QStringList{"--json", "--csv"} << "choose one of --json and --csv";
    QTest::newRow("summary --csv")
        << QStringList({"summary", plan, "--csv"}) << "Unknown option 'csv'";
    QTest::newRow("no plan") << QStringList({"summary"}) << "missing PLAN";
    QTest::newRow("unknown option")
        << QStringList({"lint", "--bogus", fixturePath("lint.graph.json")}) << "bogus";
    QTest::newRow("unknown command") << QStringList({"frobnicate"}) << "unknown command";
    QTest::newRow("unknown rule") << QStringList({"lint", plan, "--disable", "bogus"})
                                  << "unknown rule 'bogus'";
    QTest::newRow("unknown threshold")
        << QStringList({"lint", plan, "--set", "nonsense=1"}) << "unknown threshold";
    QTest::newRow("bad gate") << QStringList({"lint", plan, "--fail-on", "sometimes"})
                              << "--fail-on takes warning or error";
    QTest::newRow("log without layers or performance")
        << QStringList({"summary", fixturePath("build-only.log")})
        << "build-only.log: this trtexec log has no per-layer information";
    QTest::newRow("TensorRT log without its layer list")
        << QStringList({"layers", fixturePath("tactics-trt84-python.log")})
        << "tactics-trt84-python.log: this TensorRT log has no engine layer list";
    QTest::newRow("another tool's log")
        << QStringList({"layers", fixturePath("not-a-trtexec.log")})
        << "not-a-trtexec.log: text that is neither JSON nor a trtexec log";
    QTest::newRow("convert another tool's log")
        << QStringList({"convert-log", fixturePath("not-a-trtexec.log"), "-o", "/tmp/x"})
        << "not-a-trtexec.log: not a trtexec log";
}

void TestCli::failsClearly() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const Run run = runPlanscope(arguments);
    QCOMPARE(run.status, 2);
    QVERIFY(run.out.isEmpty());
    QVERIFY2(run.err.contains(expected), qPrintable(run.err));
    QCOMPARE(run.err.trimmed().count('\n'), 0); // one line
}

// A stale profile beside a graph (the QAT ResNet's beside the residual QAT build: 2 of its
// layers find their record) is refused by every command that shows timings, used only when
// allowed, and never lets a --fail-if-slower gate pass (issue 44).
void TestCli::refusesAnotherBuildsProfile() {
    const QString graph = dataPath("trex/resnet-a100/qat-residual/resnet-qat-residual.onnx.engine");
    const QString stale = dataPath("trex/resnet-a100/qat/resnet-qat.onnx.engine.profile.json");
    QTemporaryDir dir;
    for (const QStringList& command :
         {QStringList{"summary"}, QStringList{"leads"}, QStringList{"modules"},
          QStringList{"report", "-o", dir.filePath("report.html")}}) {
        const Run run = runPlanscope(command + QStringList{graph, "--profile-json", stale});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(stale + ": only 2 of the "), qPrintable(run.err));
        QVERIFY2(run.err.contains("another build of the model"), qPrintable(run.err));
    }
    const Run allowed = runPlanscope(
        {"summary", graph, "--profile-json", stale, "--allow-partial-profile", "--json"});
    QCOMPARE(allowed.status, 0);
    const QJsonObject summary = QJsonDocument::fromJson(allowed.out).object();
    QVERIFY(summary["has_profile"].toBool());
    QVERIFY2(QJsonDocument(summary["warnings"].toArray()).toJson().contains("another build's"),
             allowed.out.constData());

    // The same pair found beside each other by name, as compare finds profiles.
    const QString prefix = dir.filePath("stale.onnx.engine");
    QVERIFY(QFile::copy(graph + ".graph.json", prefix + ".graph.json"));
    QVERIFY(QFile::copy(stale, prefix + ".profile.json"));
    const Run gate = runPlanscope({"compare", prefix, prefix, "--fail-if-slower", "5"});
    QCOMPARE(gate.status, 2);
    QVERIFY2(gate.err.contains("only 2 of the"), qPrintable(gate.err));
    const Run allowedGate = runPlanscope(
        {"compare", prefix, prefix, "--fail-if-slower", "5", "--allow-partial-profile"});
    QCOMPARE(allowedGate.status, 2);
    QVERIFY2(allowedGate.err.contains("cannot tell a slowdown"), qPrintable(allowedGate.err));
    const Run check = runPlanscope({"check", prefix});
    QCOMPARE(check.status, 1);
    QVERIFY2(check.out.contains("profile-other-engine"), check.out.constData());
    QVERIFY2(check.out.contains("PlanScope opened the plan without it"), check.out.constData());
}

// A module's children and its own layers' time (Self) add up to its time: ControlNet's root
// holds 0.211 ms of its own beside its top-level modules (issue 44).
void TestCli::modulesTextShowsSelfTime() {
    const Run run =
        runPlanscope({"modules",
                      dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/"
                               "layerinfo.json"),
                      "--depth", "1"});
    QCOMPARE(run.status, 0);
    const QStringList lines = run.text().split('\n');
    const auto header = std::find_if(lines.begin(), lines.end(),
                                     [](const QString& l) { return l.startsWith("Module "); });
    QVERIFY(header != lines.end());
    QCOMPARE(header->simplified(), QString("Module Time Self Share Layers"));
    const QStringList root = std::next(header)->simplified().split(' ');
    QCOMPARE(root.mid(0, 7), (QStringList{"(model)", "15.295", "ms", "0.211", "ms", "100.0", "%"}));
    const QStringList first = std::next(header, 2)->simplified().split(' ');
    QCOMPARE(first.mid(0, 5), (QStringList{"input_blocks.1", "2.211", "ms", "0.000", "ms"}));
}

// A names-only graph gives no rule anything to read: lint says so instead of "No findings.", and
// a gate on it cannot pass (issue 44).
void TestCli::lintSaysWhenNoRuleCanRun() {
    const QString plan = fixturePath("names-only.graph.json");
    const Run text = runPlanscope({"lint", plan});
    QCOMPARE(text.status, 0);
    QVERIFY2(text.text().startsWith("names-only.graph.json lists layer names only, so types, "
                                    "tensors and precisions are unknown: no lint rule can run."),
             qPrintable(text.text()));
    QVERIFY(!text.text().contains("No findings"));
    const Run gate = runPlanscope({"lint", plan, "--fail-on", "warning"});
    QCOMPARE(gate.status, 2);
    QVERIFY2(gate.err.contains("the lint gate cannot judge: names-only.graph.json"),
             qPrintable(gate.err));
    const Run full = runPlanscope({"lint", fixturePath("lint.graph.json")});
    QVERIFY(!full.text().contains("no lint rule can run"));
}

// compare --by module names A and B as the other modes do (two files named layerinfo.json), and
// its notes say which side they are about (issue 44).
void TestCli::compareByModuleNamesAAndBApart() {
    const QString pair = dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/");
    const Run run = runPlanscope(
        {"compare", "--by", "module", pair + "a/layerinfo.json", pair + "b/layerinfo.json"});
    QCOMPARE(run.status, 0);
    // On top, the change every block shares (TestCompare::saysWhenEverythingChangedAlike).
    QVERIFY2(run.text().startsWith("Warning: B is slower in 27 of 27 top-level modules"),
             qPrintable(run.text()));
    QVERIFY2(run.text().contains("\n\nTime by module: A = a/layerinfo.json (3.592 ms), B = "
                                 "b/layerinfo.json (15.295 ms)"),
             qPrintable(run.text()));
    const Run json = runPlanscope({"compare", "--by", "module", "--json", pair + "a/layerinfo.json",
                                   pair + "b/layerinfo.json"});
    QVERIFY(json.text().contains("\"warnings\": [\n    \"B is slower in 27 of 27 top-level"));
    const Run noPaths =
        runPlanscope({"compare", "--by", "module", dataPath("trex/resnet-a100/fp16"),
                      dataPath("trex/resnet-a100/qat")});
    QCOMPARE(noPaths.status, 0);
    const QStringList lines = noPaths.text().split('\n');
    QVERIFY(lines.size() > 3);
    QVERIFY2(lines[1].startsWith("A (resnet.onnx.engine): no layer names a module path"),
             qPrintable(lines[1]));
    QVERIFY2(lines[2].startsWith("B (resnet-qat.onnx.engine): no layer names a module path"),
             qPrintable(lines[2]));
}

// A log's bytes that are not UTF-8 become U+FFFD: the JSON stays valid and complete.
void TestCli::writesJsonOfLogsThatAreNotUtf8() {
    const Run run = runPlanscope({"summary", "--json", fixturePath("quirks.graph.json"), "--log",
                                  fixturePath("not-utf8.log")});
    QCOMPARE(run.status, 0);
    QJsonParseError error;
    const QJsonObject summary = QJsonDocument::fromJson(run.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(summary["builder"].toObject()["Format"].toString(), QString("\uFFFD\uFFFDONNX"));
    QCOMPARE(summary["commands"].toArray().first().toString(),
             QString("trtexec --onnx=m\uFFFD\uFFFD.onnx"));
}

// The 10.16.1 build log: 27 subjects and 1361 timings (see tst_tactic_log), linked to the
// engine's layers by the log's own list or by the plan exported from that build.
void TestCli::printsTactics() {
    const QString log =
        dataPath("realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log");
    const Run json = runPlanscope({"tactics", log, "--json"});
    QCOMPARE(json.status, 0);
    const QJsonObject t = QJsonDocument::fromJson(json.out).object();
    const QJsonArray subjects = t["subjects"].toArray();
    QCOMPARE(subjects.size(), 27);
    QCOMPARE(t["timing_count"].toInt(), 1361);
    const QJsonObject first = subjects[0].toObject();
    QCOMPARE(first["name"].toString(), QString("node_conv2d + node_relu"));
    QVERIFY(first["layer"].isNull()); // Myelin runs it in the kept engine
    QCOMPARE(first["timings"].toArray().size(), 537);
    QCOMPARE(first["fastest_ms"].toDouble(), 0.00521567);
    for (const char* key : {"format", "runner", "tactic", "tactic_name", "time_ms"})
        QVERIFY2(first["timings"].toArray()[0].toObject().contains(key), key);
    QCOMPARE(first["skipped"].toArray()[0].toObject()["runner"].toString(),
             QString("CaskFlattenConvolution"));
    QCOMPARE(subjects[1].toObject()["layer"].toString(), QString("node_max_pool2d"));
    QCOMPARE(t["builds"].toArray().size(), 3);
    QVERIFY(t["builds"].toArray()[1].toObject()["kept"].toBool());

    const Run linked = runPlanscope(
        {"tactics", log, "--plan",
         dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log"), "--json"});
    QCOMPARE(linked.status, 0);
    const QJsonObject pool = QJsonDocument::fromJson(linked.out).object()["subjects"][1].toObject();
    QCOMPARE(pool["layer"].toString(), QString("node_max_pool2d"));
    QCOMPARE(pool["engine_tactic"].toString(), QString("0xdd39499496c9cc38"));

    const Run table = runPlanscope({"tactics", log});
    QCOMPARE(table.status, 0);
    QVERIFY(table.out.contains("27 subjects, 1361 timings"));
    // The chosen kernel is named under its subject's row (the pooling layer's, and a runner
    // whose tactics have no names).
    QVERIFY2(table.out.contains("node_max_pool2d\n         chosen: CaskPooling "
                                "sm50_xmma_pooling_tiled_FP32NCHW_kMAX_tP2_tQ16_tR2_tS2_tU2_tV2_"
                                "tUnroll4_tThreads128\n"),
             table.out.constData());
    QVERIFY(table.out.contains("node_view\n         chosen: Shuffle\n"));

    const Run plain =
        runPlanscope({"tactics", dataPath("realworld/mnist-trt10.16-h100/trtexec-result-05.log")});
    QCOMPARE(plain.status, 2);
    QVERIFY2(plain.err.contains("trtexec-result-05.log: the log holds no tactic timings") &&
                 plain.err.contains("--verbose"),
             qPrintable(plain.err));
}

// A layer found in one engine only, or a plan without profile, has no latency and no speedup:
// null in JSON, "-" in text, an empty CSV cell; a gate on latency refuses to guess.
void TestCli::comparesWithoutFalseZeros() {
    const QString fp32 = dataPath("trex/resnet-a100/fp32");
    const QString fp16 = dataPath("trex/resnet-a100/fp16");
    const Run json = runPlanscope({"compare", fp32, fp16, "--json"});
    QCOMPARE(json.status, 0);
    const QJsonArray layers = QJsonDocument::fromJson(json.out).object()["layers"].toArray();
    QCOMPARE(layers.size(), 26);
    const QJsonObject onlyB = layers[1].toObject(); // trex's pair [-1, 0]
    QVERIFY(onlyB["a"].isNull() && onlyB["latency_a_ms"].isNull() && onlyB["speedup"].isNull());
    QCOMPARE(onlyB["latency_b_ms"].toDouble(), 0.080896);
    const QJsonObject onlyA = layers[4].toObject(); // [2, -1]
    QVERIFY(onlyA["latency_b_ms"].isNull() && onlyA["speedup"].isNull());
    QVERIFY(layers[25].toObject()["latency_a_ms"].isNull()); // [-1, 24]
    QCOMPARE(layers[0].toObject()["speedup"].toDouble(), 0.52224 / 0.111616);

    const Run text = runPlanscope({"compare", fp32, fp16});
    QCOMPARE(text.status, 0);
    const QString onlyBLine =
        QString::fromUtf8(text.out).split('\n').filter("Input Tensor 0 to Conv_0").value(0);
    QVERIFY2(onlyBLine.simplified().startsWith("- 0 Reformat - 0.0809 -"), qPrintable(onlyBLine));

    const Run csv = runPlanscope({"compare", fp32, fp16, "--csv"});
    QCOMPARE(csv.status, 0);
    const QList<QByteArray> rows = csv.out.trimmed().split('\n');
    QCOMPARE(rows.size(), 27);
    // B's SOL %: FP32 in and FP16 out, 32 x 3 x 224 x 224 (28,901,376 bytes) at 1935.36 GB/s.
    QVERIFY2(rows[2].startsWith(",0,Reformat,,0.080896,,,18.459915611814345,,Reformatting"),
             rows[2]);
    QVERIFY(qAbs(28901376 / 1935.36e6 / 0.080896 * 100 - 18.459915611814345) < 1e-9);

    // The fp16 graph alone: no profile, so no average time, speedup or gate.
    QTemporaryDir dir;
    const QString graph = dir.filePath("resnet.onnx.engine.graph.json");
    QVERIFY(QFile::link(dataPath("trex/resnet-a100/fp16/resnet.onnx.engine.graph.json"), graph));
    const Run unprofiled = runPlanscope({"compare", fp32, graph, "--json"});
    QCOMPARE(unprofiled.status, 0);
    const QJsonObject c = QJsonDocument::fromJson(unprofiled.out).object();
    QVERIFY(c["speedup"].isNull() && c["slowdown_pct"].isNull());
    for (const auto& layer : c["layers"].toArray())
        QVERIFY(layer.toObject()["latency_b_ms"].isNull() && layer.toObject()["speedup"].isNull());
    const Run unprofiledText = runPlanscope({"compare", fp32, graph});
    QVERIFY2(unprofiledText.out.contains("Speedup of B over A: - (B has no profile"),
             unprofiledText.out);
    QVERIFY(unprofiledText.out.simplified().contains("Average time (ms) 2.124 not measured"));
    const Run gate = runPlanscope({"compare", fp32, graph, "--fail-if-slower", "5"});
    QCOMPARE(gate.status, 2);
    QVERIFY2(gate.err.contains(graph + ": no profile") && gate.err.contains("--exportProfile"),
             qPrintable(gate.err));
    QCOMPARE(runPlanscope({"compare", fp32, fp16, "--json", "--csv"}).status, 2);
}

// `planscope accuracy`: FP16 overflow named on the tensor and on top, a validation run headed as
// one, a plan the log's tensors do not match said so (issue 44, item 7).
void TestCli::readsAccuracyLogs_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("status");
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QStringList>("absent");
    const QString logs = dataPath("realworld/polygraphy-mnist-trt10.16/");
    QTest::newRow("FP16 overflow")
        << QStringList{"accuracy", fixturePath("polygraphy-fp16-overflow.log")} << 1
        << QStringList{"First failing tensor: 'mul_out_2' (max abs error inf, max rel error inf)",
                       "First FP16 overflow: 'add_out_1' (trt-runner-N0 at 65504)",
                       "Verdict FP16 overflow ",
                       "add_out_1                    PASSED  trt-runner-N0 at 65504     ",
                       "sub_out_3                    FAILED  trt-runner-N0 at -65504    "}
        << QStringList{"Validation run"};
    QTest::newRow("validation run")
        << QStringList{"accuracy", logs + "polygraphy-run-08.log"} << 1
        << QStringList{"Validation run of polygraphy-run-08.log: "
                       "onnxrt-runner-N0-07/07/26-02:09:57, onnxrt-runner-N0-07/07/26-02:09:59\n",
                       "This is a validation run (--validate): 3 outputs checked for NaN and Inf, "
                       "1 failed; no runners compared.",
                       "\tFAILED  InvalidModel-V-0-Div-0  (onnxrt-runner-N0-07/07/26-02:09:59)  "
                       "Inf detected\n"}
        << QStringList{"Accuracy of", " vs. ", "Tensor "};
    QTest::newRow("another model's plan")
        << QStringList{"accuracy", logs + "polygraphy-run-04.log", "--plan",
                       fixturePath("lint.graph.json")}
        << 0
        << QStringList{"No layer of lint.graph.json writes any of the log's 12 tensors or names "
                       "its "
                       "ONNX node: is the log of another model?\n"}
        << QStringList{"Layers from", "FP16 overflow"};
    QTest::newRow("its own plan")
        << QStringList{"accuracy", logs + "polygraphy-run-04.log", "--plan",
                       dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log")}
        << 0 << QStringList{"Layers from model-trained-exportLayerInfo"}
        << QStringList{"No layer of"};
}

void TestCli::readsAccuracyLogs() {
    QFETCH(QStringList, arguments);
    QFETCH(int, status);
    QFETCH(QStringList, present);
    QFETCH(QStringList, absent);
    const Run run = runPlanscope(arguments);
    QCOMPARE(run.status, status);
    QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
    for (const QString& text : present)
        QVERIFY2(run.text().contains(text), qPrintable(text + "\n---\n" + run.text()));
    for (const QString& text : absent)
        QVERIFY2(!run.text().contains(text), qPrintable(text + "\n---\n" + run.text()));
}

PLANSCOPE_TEST_MAIN(TestCli, QCoreApplication)
#include "tst_cli.moc"
