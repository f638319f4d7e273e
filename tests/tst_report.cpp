#include "AnalysisSupport.h"
#include "PlantedWeights.h"
#include "TestSupport.h"
#include "charts/ChartCatalog.h"
#include "charts/CompareCharts.h"
#include "demo/SyntheticPlan.h"
#include "io/PlanLoader.h"
#include "leads/Lead.h"
#include "lint/Linter.h"
#include "plan/FigureText.h"
#include "report/ComparisonReport.h"
#include "report/HtmlReportWriter.h"
#include "report/PdfCursor.h"
#include "report/PdfTable.h"
#include "report/PlanReport.h"
#include "report/ReportExport.h"
#include "report/ReportGraph.h"
#include "report/ReportSections.h"
#include "roofline/GpuTable.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace planscope;
using namespace planscope::report;
using planscope::test::analysisOf;
using planscope::test::dataPath;

namespace {

const QString kMobileNet = QStringLiteral("trex/mobilenet/mobilenet.qat.onnx.engine");
const QString kResNetFp16 = QStringLiteral("trex/resnet-a100/fp16/resnet.onnx.engine");
const QString kResNetQat = QStringLiteral("trex/resnet-a100/qat/resnet-qat.onnx.engine");

int chartsWithData(const EnginePlan& plan) {
    int count = 0;
    for (const charts::ChartDefinition& d : charts::chartCatalog()) {
        const charts::Chart chart = charts::buildChart(analysisOf(plan), d.id);
        count += std::any_of(chart.panels.begin(), chart.panels.end(),
                             [](const charts::Panel& p) { return !p.isEmpty(); });
    }
    return count;
}

const Section* findSection(const Report& report, const QString& anchor) {
    for (const Section& s : report.sections)
        if (s.anchor == anchor)
            return &s;
    return nullptr;
}

int picturesIn(const Section& section) {
    return static_cast<int>(
        std::count_if(section.blocks.begin(), section.blocks.end(),
                      [](const Block& b) { return std::holds_alternative<Picture>(b); }));
}

std::vector<const Picture*> picturesOf(const Section& section) {
    std::vector<const Picture*> pictures;
    for (const Block& b : section.blocks)
        if (const auto* picture = std::get_if<Picture>(&b))
            pictures.push_back(picture);
    return pictures;
}

// The layers the graph section's pictures are drawn around, in order, each once.
QList<int> neighbourhoodLayers(const Section& section) {
    static const QRegularExpression around(QStringLiteral("^Around layer (\\d+), "));
    QList<int> layers;
    for (const Block& b : section.blocks) { // drawn, or listed where too wide to draw
        const auto* picture = std::get_if<Picture>(&b);
        const auto* paragraph = std::get_if<Paragraph>(&b);
        const QString caption = picture     ? picture->caption
                                : paragraph ? paragraph->text
                                            : QString();
        if (const auto match = around.match(caption); match.hasMatch())
            if (!layers.contains(match.captured(1).toInt()))
                layers << match.captured(1).toInt();
    }
    return layers;
}

// A gemm "hub_gemm" (2 ms, the slowest) whose output `readers` layers read (0.025 ms each).
EnginePlan fanOutPlan(int readers) {
    EnginePlan plan;
    plan.hasProfile = true;
    plan.bindings = {"x"};
    const auto tensor = [](const QString& name) {
        Tensor t;
        t.name = name;
        t.shape = {1, 64};
        t.storage = std::make_shared<const TensorStorage>(TensorStorage{.precision = "FP16"});
        return t;
    };
    const auto layer = [&](const QString& name, const QString& in, const QString& out, double ms) {
        Layer l;
        l.index = static_cast<int>(plan.layers.size());
        l.name = name;
        l.type = l.subtype = QStringLiteral("gemm");
        l.inputs = {tensor(in)};
        l.outputs = {tensor(out)};
        l.timing = {true, ms, ms, ms, 0};
        plan.layers.push_back(l);
    };
    layer(QStringLiteral("hub_gemm"), QStringLiteral("x"), QStringLiteral("h"), 2.0);
    for (int i = 0; i < readers; ++i)
        layer(QStringLiteral("reader_%1").arg(i), QStringLiteral("h"), QStringLiteral("y%1").arg(i),
              0.025);
    return plan;
}

// The HTML from the element with id `from` to the one with id `to`.
QString htmlBetween(const QString& html, const QString& from, const QString& to) {
    const qsizetype start = html.indexOf(QStringLiteral("id=\"%1\"").arg(from));
    const qsizetype end = html.indexOf(QStringLiteral("id=\"%1\"").arg(to), start);
    return start < 0 || end < 0 ? QString() : html.mid(start, end - start);
}

// A self-contained page: nothing it refers to lies outside it, and every link has a target.
void verifySelfContained(const QString& html) {
    for (const char* external : {"http", "src=", "file:", "@import"})
        QVERIFY2(!html.contains(QLatin1String(external)), external);
    static const QRegularExpression reference(QStringLiteral("(?:href=\"|url\\()(#?)([^\")]*)"));
    QSet<QString> targets;
    for (auto it = reference.globalMatch(html); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        QVERIFY2(match.captured(1) == "#", qPrintable(match.captured(0))); // inside the page
        targets.insert(match.captured(2));
    }
    for (const QString& target : targets)
        QVERIFY2(html.count(QStringLiteral("id=\"%1\"").arg(target)) == 1, qPrintable(target));
}

int pdfPages(const QByteArray& pdf) {
    static const QRegularExpression page(QStringLiteral(R"(/Type\s*/Page[^s])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

// Renders each page with pdftoppm (when installed) and checks none is blank.
void verifyPagesNotBlank(const QString& pdf, int pages) {
    const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
    if (pdftoppm.isEmpty()) {
        qWarning("pdftoppm is not installed (poppler-utils): pages not rendered");
        return;
    }
    QTemporaryDir dir;
    QCOMPARE(QProcess::execute(pdftoppm, {"-r", "30", "-png", pdf, dir.filePath("page")}), 0);
    const QStringList images = QDir(dir.path()).entryList({"page*.png"}, QDir::Files, QDir::Name);
    QCOMPARE(images.size(), pages);
    for (const QString& name : images) {
        const QImage image(dir.filePath(name));
        QVERIFY(!image.isNull());
        // Between the running header and the page number, every page shows something.
        int ink = 0;
        for (int y = image.height() * 7 / 100; y < image.height() * 93 / 100; ++y)
            for (int x = 0; x < image.width(); ++x)
                ink += qGray(image.pixel(x, y)) < 200;
        QVERIFY2(ink > image.width() * image.height() / 1000,
                 qPrintable(QString("%1: %2 inked pixels").arg(name).arg(ink)));
    }
}

void verifyPdf(const Report& report, const QString& file) {
    QString error;
    QVERIFY2(exportReport(report, file, &error), qPrintable(error));
    QFile pdf(file);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QByteArray bytes = pdf.readAll();
    QVERIFY(bytes.startsWith("%PDF"));
    QVERIFY(bytes.contains("/Creator"));
    const int pages = pdfPages(bytes);
    QVERIFY2(pages > 1, qPrintable(QString::number(pages)));
    verifyPagesNotBlank(file, pages);
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void htmlHasTheWholeReportCard();
    void pdfRenders();
    void bigPlansShowNeighbourhoods();
    void graphShowsTheSlowestLayers_data();
    void graphShowsTheSlowestLayers();
    void smallPlansShowTheWholeGraph_data();
    void smallPlansShowTheWholeGraph();
    void slicesGraphsTooWideToRead();
    void listsAWideFanOut();
    void wrapsNarrowColumnTitles();
    void bigPlanWithoutProfileSaysSo();
    void comparisonReportRenders();
    void comparisonReportLeavesMissingTimesMissing();
    void comparisonReportComparesModules();
    void refusesOtherFormats();
    void namesEveryPerformanceStatistic();
    void opensWithTheLeads();
    void leadsWithoutTimingsSayWhatTheyNeed();
    void saysHowFarFromTheSpeedOfLight();
    void showsTheModelsWeights();

  private:
    std::shared_ptr<EnginePlan> m_mobileNet;
    QTemporaryDir m_dir;
};

void TestReport::initTestCase() {
    m_mobileNet = std::make_shared<EnginePlan>(loadPlan(dataPath(kMobileNet)));
}

void TestReport::htmlHasTheWholeReportCard() {
    const Report report = planReport(PlanAnalysis(m_mobileNet));
    const QString file = m_dir.filePath("mobilenet.html");
    QString error;
    QVERIFY2(exportReport(report, file, &error), qPrintable(error));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(written.readAll());
    QVERIFY(html.startsWith("<!DOCTYPE html>"));
    QVERIFY(html.contains("<th>Layers</th><td class=\"wrap\">72</td>"));
    QVERIFY(html.contains("<th>Average time</th><td class=\"wrap\">0.470 ms</td>"));
    verifySelfContained(html);

    // The 20 slowest layers, each with a row of its own.
    QCOMPARE(html.count("<tr id=\"layer-"), 20);
    for (const Layer* layer : slowestLayers(*m_mobileNet, 20))
        QVERIFY2(htmlBetween(html, "top-layers", "charts").contains(layer->name.toHtmlEscaped()),
                 qPrintable(layer->name));

    const std::vector<LintFinding> findings = lintPlan(*m_mobileNet);
    QVERIFY(!findings.empty());
    const QString lint = htmlBetween(html, "lint", "graph");
    for (const LintFinding& f : findings)
        QVERIFY2(lint.contains(f.layerName.toHtmlEscaped()), qPrintable(f.layerName));

    // One inline picture per chart with data, and the slowest layers' neighbourhoods.
    const int graphPictures = picturesIn(*findSection(report, "graph"));
    QCOMPARE(graphPictures, kHotNeighbourhoods);
    QCOMPARE(int(html.count("<svg")), chartsWithData(*m_mobileNet) + graphPictures);
    QVERIFY(html.mid(html.indexOf("id=\"graph\"")).contains("<svg"));
}

// With the ONNX model: a Weights section (coverage, the layers with weights), and the weights'
// charts among the charts; without one, neither.
void TestReport::showsTheModelsWeights() {
    QVERIFY(!findSection(planReport(PlanAnalysis(m_mobileNet)), "weights"));
    QVERIFY(!findSection(planReport(PlanAnalysis(m_mobileNet)), "charts-weights"));
    const PlanAnalysis analysis =
        PlanAnalysis(m_mobileNet)
            .withModelWeights(planscope::test::plantedModel(
                {planscope::test::plantedLayer(1, planscope::test::twoOfFourZeros()),
                 planscope::test::plantedLayer(2, planscope::test::outlierChannel())}));
    const Report report = planReport(analysis);
    const Section* weights = findSection(report, "weights");
    QVERIFY(weights);
    QCOMPARE(weights->blocks.size(), std::size_t(3));
    const Table& coverage = std::get<Table>(weights->blocks[1]);
    QCOMPARE(coverage.rows[0][1].text, QString("planted.onnx (graph main_graph)"));
    QCOMPARE(coverage.rows[1][1].text, QString("4, in a layer: 2 (50.0 %)"));
    QCOMPARE(coverage.rows[2][1].text, QString("64 parameters, read by a layer: 100.0 %"));
    QCOMPARE(coverage.rows[3][1].text, QString("0"));
    const Table& layers = std::get<Table>(weights->blocks[2]);
    QCOMPARE(layers.rows.size(), std::size_t(2));
    QCOMPARE(layers.rows[0][4].text, QString("100.0 %"));
    QCOMPARE(layers.rows[0][6].text, QString("2:4-ready"));
    QCOMPARE(layers.rows[1][5].text, QString("50.0"));
    QCOMPARE(layers.rows[1][6].text, QString("outlier channel"));
    const Section* charts = findSection(report, "charts-weights");
    QVERIFY(charts);
    QCOMPARE(picturesIn(*charts), 2);
}

void TestReport::pdfRenders() {
    verifyPdf(planReport(PlanAnalysis(m_mobileNet)), m_dir.filePath("mobilenet.pdf"));
}

void TestReport::bigPlansShowNeighbourhoods() {
    SyntheticPlanOptions options;
    options.layers = 2000;
    QString error;
    QVERIFY(writeSyntheticPlan(m_dir.filePath("big.onnx.engine"), options, &error));
    const EnginePlan plan = loadPlan(m_dir.filePath("big.onnx.engine"));
    QElapsedTimer timer;
    timer.start();
    const Report report = planReport(analysisOf(plan));
    const QByteArray html = reportHtml(report);
    qInfo("2000-layer report: %lld ms, HTML %lld KB", timer.elapsed(), html.size() / 1024);

    const Section* graph = findSection(report, "graph");
    QVERIFY(graph);
    QCOMPARE(neighbourhoodLayers(*graph).size(), kHotNeighbourhoods);
    QCOMPARE(neighbourhoodLayers(*graph).first(), slowestLayers(plan, 1).front()->index);
    QCOMPARE(int(html.count("<figcaption>Around layer ")), picturesIn(*graph));
    QCOMPARE(int(html.count("<svg")), chartsWithData(plan) + picturesIn(*graph));
}

void TestReport::graphShowsTheSlowestLayers_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QList<int>>("around");
    QTest::addColumn<bool>("listed"); // the slowest layer's neighbourhood too wide to draw
    // MobileNet's second slowest layer (62) is two steps from the slowest (58): not again.
    QTest::newRow("mobilenet") << kMobileNet << QList<int>{58, 50, 34, 67} << false;
    // Four Myelin layers read the binding onnx::MatMul_3: each is its own neighbourhood.
    QTest::newRow("controlnet")
        << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json"
        << QList<int>{63, 40, 131, 152} << false;
    // Its Myelin layer (46 % of the time) reads ten reformatted inputs and writes five bindings:
    // sixteen links, more than three strips of a page: listed.
    QTest::newRow("aeb-bev") << "realworld/aeb-bev-trt86/layers_.json" << QList<int>{100, 12, 6, 8}
                             << true;
    QTest::newRow("resnet qat") << kResNetQat << QList<int>{1, 6, 16, 30} << false;
}

// The slowest measured layers each with their neighbourhood, every picture no wider than an A4
// page shows at full size (labels 7.5 pt), the slowest layer haloed in each.
void TestReport::graphShowsTheSlowestLayers() {
    QFETCH(QString, plan);
    QFETCH(QList<int>, around);
    QFETCH(bool, listed);
    const EnginePlan loaded = loadPlan(dataPath(plan));
    const Report report = planReport(analysisOf(loaded));
    const Section* graph = findSection(report, "graph");
    QVERIFY(graph);
    QCOMPARE(neighbourhoodLayers(*graph), around);
    for (const Picture* picture : picturesOf(*graph))
        QVERIFY2(
            picture->size.width() <= kLegibleGraphWidth,
            qPrintable(QString("%1: %2 px wide").arg(picture->caption).arg(picture->size.width())));
    // The halo (trex's yellow) rings the layer the pictures are drawn around.
    int halo = 0;
    for (const Picture* picture : picturesOf(*graph)) {
        if (!picture->caption.startsWith(QString("Around layer %1, ").arg(around.first())))
            continue;
        QImage image(picture->size.toSize(), QImage::Format_ARGB32);
        QPainter painter(&image);
        picture->paint(painter, QRectF(QPointF(0, 0), picture->size));
        painter.end();
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                halo += image.pixelColor(x, y) == QColor(0xFF, 0xD7, 0x00);
    }
    if (listed) {
        QCOMPARE(halo, 0); // no picture of it
        const auto text = [](const Block& b) {
            const auto* p = std::get_if<Paragraph>(&b);
            return p ? p->text : QString();
        };
        QVERIFY(std::any_of(graph->blocks.begin(), graph->blocks.end(), [&](const Block& b) {
            return text(b).startsWith(QString("Around layer %1, ").arg(around.first())) &&
                   text(b).endsWith("too many to draw legibly; listed.");
        }));
    } else {
        QVERIFY2(halo > 200, qPrintable(QString::number(halo)));
    }
}

void TestReport::smallPlansShowTheWholeGraph_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<int>("layers");
    QTest::addColumn<bool>("profiled");
    QTest::newRow("resnet fp16") << kResNetFp16 << 25 << true;
    QTest::newRow("alexnet") << "realworld/alexnet-trt10-rtx3060" << 13 << true;
    QTest::newRow("mnist, no profile")
        << "realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log" << 9 << false;
}

// A graph no taller than the slowest layers' neighbourhoods together (or without a profile to
// find them) is shown whole, once.
void TestReport::smallPlansShowTheWholeGraph() {
    QFETCH(QString, plan);
    QFETCH(int, layers);
    QFETCH(bool, profiled);
    const EnginePlan loaded = loadPlan(dataPath(plan));
    QCOMPARE(int(loaded.layers.size()), layers);
    QCOMPARE(loaded.hasProfile, profiled);
    const Report report = planReport(analysisOf(loaded));
    const Section* graph = findSection(report, "graph");
    QVERIFY(graph);
    QCOMPARE(picturesIn(*graph), 1);
    QVERIFY(picturesOf(*graph).front()->caption.startsWith("Plan graph of "));
    QVERIFY(picturesOf(*graph).front()->size.width() <= kLegibleGraphWidth);
}

// A layer read by eight others: its nearest neighbours are too wide for a page. The picture
// is cut into slices a page shows legibly (up to three; more are listed), each node whole in at
// least one of them.
void TestReport::slicesGraphsTooWideToRead() {
    const EnginePlan plan = fanOutPlan(8);
    const Report report = planReport(analysisOf(plan));
    const Section* graph = findSection(report, "graph");
    QVERIFY(graph);
    std::vector<const Picture*> slices;
    for (const Picture* picture : picturesOf(*graph))
        if (picture->caption.startsWith("Around layer 0, "))
            slices.push_back(picture);
    QVERIFY2(slices.size() >= 2 && slices.size() <= 3, qPrintable(QString::number(slices.size())));
    QVERIFY(slices.front()->caption.endsWith(
        QString("within 1 step (part 1 of %1, left to right)").arg(slices.size())));
    for (const Picture* slice : slices)
        QVERIFY(slice->size.width() <= kLegibleGraphWidth);
    verifyPdf(report, m_dir.filePath("fan-out.pdf")); // no page left blank
}

// A layer feeding forty others (as the slowest gemm of a 1309-layer Blackwell plan, whose
// neighbourhood was cut into seven strips of edge stubs): its neighbourhood is listed, each
// layer with the tensor linking it, and not drawn.
void TestReport::listsAWideFanOut() {
    const EnginePlan plan = fanOutPlan(40);
    const Report report = planReport(analysisOf(plan));
    const Section* graph = findSection(report, "graph");
    QVERIFY(graph);
    for (const Picture* picture : picturesOf(*graph))
        QVERIFY2(!picture->caption.startsWith("Around layer 0, "), qPrintable(picture->caption));
    QStringList readers;
    for (const Block& b : graph->blocks)
        if (const auto* table = std::get_if<Table>(&b))
            for (const auto& row : table->rows)
                if (row[1].text == QLatin1String("reads its h")) {
                    readers << row[2].text;
                    QCOMPARE(row[4].text, QString("0.0250"));
                }
    QCOMPARE(readers.size(), 40);
    QCOMPARE(readers.front(), QString("reader_0"));
    QVERIFY(neighbourhoodLayers(*graph).contains(0));
}

// A title wider than the column the page left it wraps to a second line, never cut (the
// comparison PDF read "Precision A..."): its table's header is one line taller than with a
// title that fits.
void TestReport::wrapsNarrowColumnTitles() {
    QPdfWriter writer(m_dir.filePath("table.pdf"));
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    const auto height = [&writer](const QString& title) {
        PdfCursor cursor(writer, nullptr, QMarginsF(40, 40, 40, 40), [](PdfCursor&) {});
        Table table;
        table.columns = {{title}, {QStringLiteral("Layer")}}; // neither wraps its cells
        table.rows = {
            {{QStringLiteral("FP16 / INT8"), {}},
             {QStringLiteral("/input_blocks.1/input_blocks.1.1/proj_in/Conv ").repeated(8), {}}}};
        const double top = cursor.y();
        drawTable(cursor, table);
        return (cursor.y() - top) / cursor.pt(1);
    };
    const double fits = height(QStringLiteral("P"));
    const double wraps = height(QStringLiteral("Precision A / B"));
    QVERIFY2(wraps > fits + 6, qPrintable(QString("%1 pt, %2 pt").arg(wraps).arg(fits)));
}

// Without a profile there are no slowest layers, and a big graph whole would fill dozens of
// pages: the section says so and names the command that writes it.
void TestReport::bigPlanWithoutProfileSaysSo() {
    QString error;
    QVERIFY(QDir(m_dir.path()).mkpath("noprofile"));
    QVERIFY(
        writeSyntheticPlan(m_dir.filePath("noprofile/big.onnx.engine"), {.layers = 400}, &error));
    QFile::remove(m_dir.filePath("noprofile/big.onnx.engine.profile.json"));
    const EnginePlan plan = loadPlan(m_dir.filePath("noprofile/big.onnx.engine"));
    QVERIFY(!plan.hasProfile);
    const Report report = planReport(analysisOf(plan));
    const Section* graph = findSection(report, "graph");
    QVERIFY(graph);
    QCOMPARE(picturesIn(*graph), 0);
    const auto& note = std::get<Paragraph>(graph->blocks.front()).text;
    QVERIFY2(note.contains("400 layers and no profile") && note.contains("planscope export-graph"),
             qPrintable(note));
}

void TestReport::comparisonReportRenders() {
    const EnginePlan a = loadPlan(dataPath(kResNetFp16));
    const EnginePlan b = loadPlan(dataPath(kResNetQat));
    const Report report = comparisonReport(analysisOf(a), analysisOf(b));
    const QString html = QString::fromUtf8(reportHtml(report));
    verifySelfContained(html);
    QVERIFY(html.contains("A: resnet.onnx.engine<") && html.contains("B: resnet-qat.onnx.engine<"));
    QVERIFY(html.contains("Speedup of B over A: "));
    QCOMPARE(htmlBetween(html, "differences", "charts").count("<tr><td class=\"num\">"), 20);
    QCOMPARE(picturesIn(*findSection(report, "charts")), int(charts::compareChartCatalog().size()));
    // resnet fp16 whole (25 layers), resnet qat as its slowest layers' neighbourhoods.
    const int graphA = picturesIn(*findSection(report, "graph-a"));
    const int graphB = picturesIn(*findSection(report, "graph-b"));
    QCOMPARE(graphA, 1);
    QCOMPARE(neighbourhoodLayers(*findSection(report, "graph-b")), QList<int>({1, 6, 16, 30}));
    QCOMPARE(int(html.count("<svg")), int(charts::compareChartCatalog().size()) + graphA + graphB);
    verifyPdf(report, m_dir.filePath("comparison.pdf"));
}

// Against a plan without profile: no average time ("not measured"), no speedup, no ranked
// differences, and nothing reads 0.
void TestReport::comparisonReportLeavesMissingTimesMissing() {
    const EnginePlan a = loadPlan(dataPath(kResNetFp16));
    PlanSources graphOnly;
    graphOnly.graph = dataPath(kResNetQat + ".graph.json");
    const EnginePlan b = loadPlan(graphOnly);
    const QString html =
        QString::fromUtf8(reportHtml(comparisonReport(analysisOf(a), analysisOf(b))));
    const QString summary = htmlBetween(html, "summary", "lint");
    QVERIFY2(summary.contains("1.017</td><td class=\"wrap\">not measured</td>"),
             qPrintable(summary));
    QVERIFY(summary.contains("Speedup of B over A: - (B has no profile"));
    QVERIFY(!summary.contains("0.000"));
    const QString differences = htmlBetween(html, "differences", "charts");
    QVERIFY2(differences.contains(">Latency differences<"), qPrintable(differences));
    QVERIFY(differences.contains("36 of 36 rows are not ranked"));
    // With both profiles, fp16 and qat's one-sided layers are left out of the ranking.
    const QString profiled = QString::fromUtf8(
        reportHtml(comparisonReport(analysisOf(a), analysisOf(loadPlan(dataPath(kResNetQat))))));
    QVERIFY(
        htmlBetween(profiled, "differences", "charts").contains("12 of 36 rows are not ranked"));
    QVERIFY(htmlBetween(profiled, "summary", "lint").contains("<td>differs</td>"));
}

// The module section: ControlNet's commits, slower alike in every top-level module (said first),
// the ten largest changes; the ResNets name no module path.
void TestReport::comparisonReportComparesModules() {
    const QString pair = "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/";
    const QString html = QString::fromUtf8(
        reportHtml(comparisonReport(analysisOf(loadPlan(dataPath(pair + "a/layerinfo.json"))),
                                    analysisOf(loadPlan(dataPath(pair + "b/layerinfo.json"))))));
    const QString modules = htmlBetween(html, "modules", "charts");
    QVERIFY2(modules.contains("B is slower in 27 of 27 top-level modules"), qPrintable(modules));
    QVERIFY(modules.contains("A 3.592 ms (every layer in a module), B 15.295 ms"));
    QCOMPARE(modules.count("<tr><td"), 10);
    QVERIFY(modules.contains(">input_blocks.1</td><td class=\"num\">0.421 ms</td><td "
                             "class=\"num\">2.211 ms</td><td class=\"num\">+1.790 ms</td>"));
    QVERIFY(htmlBetween(html, "summary", "lint").contains("B is slower in 211 of 211 matched"));
    const QString resnets = QString::fromUtf8(reportHtml(comparisonReport(
        analysisOf(loadPlan(dataPath(kResNetFp16))), analysisOf(loadPlan(dataPath(kResNetQat))))));
    QVERIFY(htmlBetween(resnets, "modules", "charts").contains("Neither engine names a module"));
}

void TestReport::refusesOtherFormats() {
    const Report report = planReport(PlanAnalysis(m_mobileNet));
    QString error;
    QVERIFY(!exportReport(report, m_dir.filePath("r.docx"), &error));
    QVERIFY(error.contains(".html or .pdf"));
    QVERIFY(!exportReport(report, "/nonexistent/folder/r.html", &error));
    QVERIFY(error.contains("cannot write"));
}

// trex's older metadata lists five statistics (min, max, mean, median, p99): each is named.
void TestReport::namesEveryPerformanceStatistic() {
    const EnginePlan plan = loadPlan(dataPath("trex/resnet-a100/fp32"));
    const QString html = QString::fromUtf8(reportHtml(planReport(analysisOf(plan))));
    const QString performance = htmlBetween(html, "performance", "top-layers");
    QVERIFY(!performance.isEmpty());
    QVERIFY(!performance.contains("[1.98438"));
    const QString latency = performance.mid(performance.indexOf("<td>Latency</td>"));
    QVERIFY2(latency.startsWith("<td>Latency</td><td class=\"num\">1.9844</td>"),
             qPrintable(latency.left(300)));
    QVERIFY(performance.contains("<th class=\"num\">p99</th>"));
    QVERIFY(performance.contains("<td class=\"num\">2.0562</td>")); // p99
    QVERIFY(performance.contains("499.294 qps"));
}

// The report starts with the leads, ranked, each with its evidence and next step; a lead's
// slowest layer links to its row among the slowest layers.
void TestReport::opensWithTheLeads() {
    const Report report = planReport(PlanAnalysis(m_mobileNet));
    QCOMPARE(report.sections.front().anchor, QStringLiteral("leads"));
    QCOMPARE(report.sections.front().title, QStringLiteral("What to fix first"));
    const PlanLeads leads = findLeads(*m_mobileNet);
    // far-from-roof first (every layer under 5 % of the TITAN RTX's roofs); latency-gap: a lead
    // without layers
    QCOMPARE(leads.leads.size(), std::size_t(5));
    const QString file = m_dir.filePath("leads.html");
    QString error;
    QVERIFY2(exportReport(report, file, &error), qPrintable(error));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QString html = htmlBetween(QString::fromUtf8(written.readAll()), "leads", "summary");
    int at = 0;
    for (const Lead& lead : leads.leads) { // in rank order
        const qsizetype found = html.indexOf("(" + lead.id + ")", at);
        QVERIFY2(found > at, qPrintable(lead.id));
        at = int(found);
        QVERIFY(html.contains(lead.nextStep.left(40).toHtmlEscaped()));
    }
    QVERIFY(html.contains("28.1 %")); // tiny kernels
    QVERIFY(html.contains("href=\"#layer-"));
    QVERIFY(html.contains("slower-tactic needs a verbose build log"));
    verifyPdf(report, m_dir.filePath("leads.pdf"));
}

void TestReport::leadsWithoutTimingsSayWhatTheyNeed() {
    const EnginePlan plan =
        loadPlan(dataPath("realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log"));
    const Report report = planReport(analysisOf(plan));
    const Section& leads = report.sections.front();
    QCOMPARE(leads.anchor, QStringLiteral("leads"));
    const auto* table = std::get_if<Table>(&leads.blocks[1]);
    QVERIFY(table);
    QCOMPARE(table->rows.size(), std::size_t(1)); // non-tensor-core-gemm; its conv reads 1 channel
    QCOMPARE(table->rows[0][2].text, QStringLiteral("-")); // no time, not 0
    QCOMPARE(table->rows[0][3].text, QStringLiteral("-"));
    bool timingsHint = false;
    for (const Block& block : leads.blocks)
        if (const auto* p = std::get_if<Paragraph>(&block))
            timingsHint = timingsHint || (p->text.startsWith("hot-layer needs per-layer timings") &&
                                          p->text.contains("--exportProfile"));
    QVERIFY(timingsHint);
}

// Issue 45: the Speed of light section, after Time by module: the device, the engine's speed of
// light, the ten layers with the most time above theirs. ResNet FP16's Conv_0 first: 0.111616 ms
// measured, 61,032,960 bytes at 1935.36 GB/s = 0.0315 ms.
void TestReport::saysHowFarFromTheSpeedOfLight() {
    const auto sectionOf = [](const Report& report) -> const Section* {
        for (const Section& section : report.sections)
            if (section.anchor == QLatin1String("speed-of-light"))
                return &section;
        return nullptr;
    };
    const EnginePlan plan = loadPlan(dataPath(kResNetFp16));
    const Report report = planReport(analysisOf(plan));
    const Section* section = sectionOf(report);
    QVERIFY(section);
    QCOMPARE(section->level, 2);
    const auto* work = std::get_if<Table>(&section->blocks[0]);
    QVERIFY(work);
    QCOMPARE(work->rows[2][1].text, QStringLiteral("0.449 ms, 44.1 % of the measured 1.017 ms"));
    const auto* device = std::get_if<Paragraph>(&section->blocks[1]);
    QVERIFY(device &&
            device->text.startsWith("On the NVIDIA A100 80GB PCIe (from the plan's "
                                    "files") &&
            device->text.contains("DRAM 1935.4 GB/s"));
    const auto* layers = std::get_if<Table>(&section->blocks[3]);
    QVERIFY(layers);
    QCOMPARE(layers->rows.size(), std::size_t(10));
    QCOMPARE(layers->rows[0][0].text, QStringLiteral("Conv_0 + Relu_1"));
    QCOMPARE(layers->rows[0][1].text,
             millisecondsText(0.111616 - 61032960 / (5120 / 8.0 * 1.512 * 2 * 1e6), 4));
    QCOMPARE(layers->rows[0][1].text, QStringLiteral("0.0801 ms"));
    QCOMPARE(layers->rows[0][4].text, QStringLiteral("28.3 %"));
    QCOMPARE(layers->rows[0][5].text, QStringLiteral("memory"));
    // On a GPU chosen (the window's chooser hands the report its analysis), that one.
    const Report onT4 =
        planReport(analysisOf(plan).onDevice(deviceOf(*gpuTableEntryNamed("NVIDIA T4"))));
    const auto* t4 = std::get_if<Paragraph>(&sectionOf(onT4)->blocks[1]);
    QVERIFY(t4 && t4->text.startsWith("On the NVIDIA T4 (chosen from the built-in table"));
    // Without a device: the work, and how to give one.
    const Report noDevice =
        planReport(analysisOf(loadPlan(dataPath("realworld/aeb-bev-trt86/layers_.json"))));
    const Section* none = sectionOf(noDevice);
    QCOMPARE(none->blocks.size(), std::size_t(2));
    QVERIFY(std::get<Paragraph>(none->blocks[1]).text.contains("roofline --gpu NAME"));
}

PLANSCOPE_TEST_MAIN(TestReport, QApplication)
#include "tst_report.moc"
