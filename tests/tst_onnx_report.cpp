#include "AnalysisSupport.h"
#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "report/ComparisonReport.h"
#include "report/HtmlReportWriter.h"
#include "report/ReportExport.h"

#include <QApplication>
#include <QTemporaryDir>

using namespace planscope;
using namespace planscope::report;
using planscope::test::analysisOf;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

const QString kAlexNet = QStringLiteral("realworld/onnx-op-pairs/alexnet-pyapi-vs-trtexec/");

const Section* findSection(const Report& report, const QString& anchor) {
    for (const Section& s : report.sections)
        if (s.anchor == anchor)
            return &s;
    return nullptr;
}

const Table* tableOf(const Section& section) {
    for (const Block& b : section.blocks)
        if (const auto* table = std::get_if<Table>(&b))
            return table;
    return nullptr;
}

QStringList paragraphsOf(const Section& section) {
    QStringList texts;
    for (const Block& b : section.blocks)
        if (const auto* paragraph = std::get_if<Paragraph>(&b))
            texts << paragraph->text;
    return texts;
}

QStringList rowText(const Table& table, std::size_t row) {
    QStringList cells;
    for (const Cell& cell : table.rows[row])
        cells << cell.text;
    return cells;
}

} // namespace

// The comparison report's groups of ONNX nodes (compare/OnnxComparison.h).
class TestOnnxReport : public QObject {
    Q_OBJECT
  private slots:
    void listsTenLargestGroupsOnAlexNet();
    void showsMissingTimesAsDashes();
    void saysWhyWithoutMetadata();
    void shortensLongNames();
    void writesHtmlAndPdf();
};

void TestOnnxReport::listsTenLargestGroupsOnAlexNet() {
    const EnginePlan a = loadPlan(dataPath(kAlexNet + "a/trt_engine_info.json"));
    const EnginePlan b = loadPlan(dataPath(kAlexNet + "b/alexnet_fp16.graph.json"));
    const Report report = comparisonReport(analysisOf(a), analysisOf(b));
    const Section* onnx = findSection(report, "onnx");
    QVERIFY(onnx);
    QCOMPARE(onnx->title, QStringLiteral("The 10 ONNX groups whose time changed most"));
    // After the layer differences, before the time by module and the charts.
    QCOMPARE((onnx - 1)->anchor, QStringLiteral("differences"));
    QCOMPARE((onnx + 1)->anchor, QStringLiteral("modules"));
    QCOMPARE((onnx + 2)->anchor, QStringLiteral("charts"));
    const Table* table = tableOf(*onnx);
    QVERIFY(table);
    QCOMPARE(table->rows.size(), std::size_t(10)); // of 11 groups
    QCOMPARE(rowText(*table, 0),
             (QStringList{"/Flatten, /classifier/classifier.1/Gemm, /classifier/classifier.2/Relu",
                          QStringLiteral("/classifier/classifier.1/Gemm + (Unnamed Layer* 25) "
                                         "[ElementWise] + /classifier/classifier.2/Relu\n"
                                         "/Flatten + reshape_before_/classifier/classifier.1/"
                                         "Gemm (NoOp)"),
                          "__myl_Res_myl9_1\n/classifier/classifier_1/Gemm_myl9_2", "0.4709",
                          "0.2437", "-0.2272", "1.93x", "n:m*"}));
    QCOMPARE(table->rows[1][0].text, QStringLiteral("/classifier/{classifier.4/Gemm, "
                                                    "classifier.5/Relu}"));
    QVERIFY(table->rows[6][1].text.endsWith("(NoOp)\n+ 1 reformatting copy"));
    QCOMPARE(table->rows[6][7].text, QStringLiteral("n:1*"));
    const QStringList paragraphs = paragraphsOf(*onnx);
    QVERIFY(paragraphs[0].contains("11 groups: 2 fused differently"));
    QCOMPARE(paragraphs[1], QStringLiteral("A's 1.093 ms = 1.093 ms in groups + 0.000 ms without "
                                           "ONNX origin. B's 0.522 ms = 0.522 ms in groups + "
                                           "0.000 ms without ONNX origin."));
}

// A group one engine lacks, a layer no record times, a plan without profile: "-", never 0.
void TestOnnxReport::showsMissingTimesAsDashes() {
    QTemporaryDir dir;
    const QString untimed = dir.filePath("untimed.graph.json");
    QVERIFY(QFile::copy(fixturePath("onnx-edge/b.graph.json"), untimed));
    const EnginePlan a = loadPlan(fixturePath("onnx-edge/a.graph.json"));
    const EnginePlan b = loadPlan(untimed);
    const Report report = comparisonReport(analysisOf(a), analysisOf(b));
    const Section* onnx = findSection(report, "onnx");
    const Table* table = tableOf(*onnx);
    QCOMPARE(table->rows.size(), std::size_t(4));
    // No group has both times: all in the comparison's order.
    QCOMPARE(rowText(*table, 0),
             (QStringList{"/conv1/Conv, /relu1/Relu, /add/Add",
                          "conv1 + relu1\nadd1\nreshape_add1 (NoOp)\n+ 1 reformatting copy",
                          "conv1\nrelu1 + add1", "0.1300", "-", "-", "-", "n:m*"}));
    QCOMPARE(rowText(*table, 1),
             (QStringList{"/extra/Mul", "only_in_a", "-", "0.0300", "-", "-", "-", "1:0"}));
    QCOMPARE(rowText(*table, 2),
             (QStringList{"/extra2/Sigmoid", "-", "only_in_b", "-", "-", "-", "-", "0:1"}));
    QVERIFY(paragraphsOf(*onnx).contains(
        "A's 0.670 ms = 0.160 ms in groups + 0.510 ms without ONNX origin. B has no profile, so "
        "its time was not measured."));
}

void TestOnnxReport::saysWhyWithoutMetadata() {
    const EnginePlan a = loadPlan(dataPath("trex/resnet-a100/fp16/resnet.onnx.engine"));
    const EnginePlan b = loadPlan(dataPath("trex/resnet-a100/qat/resnet-qat.onnx.engine"));
    const Report report = comparisonReport(analysisOf(a), analysisOf(b));
    const Section* onnx = findSection(report, "onnx");
    QCOMPARE(onnx->title, QStringLiteral("Differences by ONNX op"));
    QVERIFY(!tableOf(*onnx));
    const QStringList paragraphs = paragraphsOf(*onnx);
    QCOMPARE(paragraphs.size(), 3); // the times, and a note per engine
    QVERIFY(paragraphs[1].startsWith("A's layers have no ONNX origin (Metadata)"));
    QVERIFY(paragraphs[2].contains("--profilingVerbosity=detailed"));
}

// ControlNet's horizontally fused Gemms: a layer name of hundreds of characters keeps its ends,
// 22 layers a side (11 NoOps) become two and a count; nodes that share a path say it once.
void TestOnnxReport::shortensLongNames() {
    const QString pair =
        QStringLiteral("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/");
    const EnginePlan a = loadPlan(dataPath(pair + "a/layerinfo.json"));
    const EnginePlan b = loadPlan(dataPath(pair + "b/layerinfo.json"));
    const Report report = comparisonReport(analysisOf(a), analysisOf(b));
    const Table* table = tableOf(*findSection(report, "onnx"));
    QCOMPARE(table->rows.size(), std::size_t(10));
    const QStringList layers = table->rows[1][1].text.split('\n');
    QCOMPARE(layers.size(), 3);
    QVERIFY(layers[0].startsWith("/input_blocks.7/input_blocks.7.0/emb_layers/emb_layers.1/Gemm"));
    QVERIFY(layers[0].contains(QChar(0x2026)) && layers[0].size() == 127);
    QCOMPARE(layers[2], QStringLiteral("+20 more"));
    QCOMPARE(table->rows[1][0].text,
             QStringLiteral("/input_blocks.1/input_blocks.1.0/emb_layers/emb_layers.1/Gemm, "
                            "/input_blocks.7/input_blocks.7.0/emb_layers/emb_layers.1/Gemm +8 "
                            "more"));
    QCOMPARE(table->rows[0][0].text,
             QStringLiteral("/input_blocks.8/input_blocks.8.0/{out_layers/out_layers.3/Conv, "
                            "Add_1}"));
}

void TestOnnxReport::writesHtmlAndPdf() {
    const EnginePlan a = loadPlan(dataPath(kAlexNet + "a/trt_engine_info.json"));
    const EnginePlan b = loadPlan(dataPath(kAlexNet + "b/alexnet_fp16.graph.json"));
    const Report report = comparisonReport(analysisOf(a), analysisOf(b));
    const QString html = QString::fromUtf8(reportHtml(report));
    QVERIFY(html.contains("id=\"onnx\""));
    QVERIFY(html.contains("__myl_Res_myl9_1\n/classifier/classifier_1/Gemm_myl9_2"));
    QTemporaryDir dir;
    QString error;
    QVERIFY2(exportReport(report, dir.filePath("alexnet.pdf"), &error), qPrintable(error));
    QFile pdf(dir.filePath("alexnet.pdf"));
    QVERIFY(pdf.open(QIODevice::ReadOnly) && pdf.read(4) == "%PDF");
}

PLANSCOPE_TEST_MAIN(TestOnnxReport, QApplication)
#include "tst_onnx_report.moc"
