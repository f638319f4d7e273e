#include "TestSupport.h"
#include "charts/ChartCatalog.h"
#include "charts/CompareCharts.h"
#include "demo/SyntheticPlan.h"
#include "io/PlanLoader.h"
#include "lint/Linter.h"
#include "report/ComparisonReport.h"
#include "report/HtmlReportWriter.h"
#include "report/PlanReport.h"
#include "report/ReportExport.h"
#include "report/ReportSections.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace planscope;
using namespace planscope::report;
using planscope::test::dataPath;

namespace {

const QString kMobileNet = QStringLiteral("trex/mobilenet/mobilenet.qat.onnx.engine");
const QString kResNetFp16 = QStringLiteral("trex/resnet-a100/fp16/resnet.onnx.engine");
const QString kResNetQat = QStringLiteral("trex/resnet-a100/qat/resnet-qat.onnx.engine");

int chartsWithData(const EnginePlan& plan) {
    int count = 0;
    for (const charts::ChartDefinition& d : charts::chartCatalog()) {
        const charts::Chart chart = charts::buildChart(plan, d.id);
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
    void comparisonReportRenders();
    void comparisonReportLeavesMissingTimesMissing();
    void refusesOtherFormats();
    void namesEveryPerformanceStatistic();

  private:
    std::shared_ptr<EnginePlan> m_mobileNet;
    QTemporaryDir m_dir;
};

void TestReport::initTestCase() {
    m_mobileNet = std::make_shared<EnginePlan>(loadPlan(dataPath(kMobileNet)));
}

void TestReport::htmlHasTheWholeReportCard() {
    const Report report = planReport(*m_mobileNet);
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

    // One inline picture per chart with data, and the whole graph (72 layers is not big).
    QCOMPARE(int(html.count("<svg")), chartsWithData(*m_mobileNet) + 1);
    QCOMPARE(picturesIn(*findSection(report, "graph")), 1);
    QVERIFY(html.mid(html.indexOf("id=\"graph\"")).contains("<svg"));
}

void TestReport::pdfRenders() {
    verifyPdf(planReport(*m_mobileNet), m_dir.filePath("mobilenet.pdf"));
}

void TestReport::bigPlansShowNeighbourhoods() {
    SyntheticPlanOptions options;
    options.layers = 2000;
    QString error;
    QVERIFY(writeSyntheticPlan(m_dir.filePath("big.onnx.engine"), options, &error));
    const EnginePlan plan = loadPlan(m_dir.filePath("big.onnx.engine"));
    QVERIFY(plan.layers.size() > std::size_t(kWholeGraphLimit));
    QElapsedTimer timer;
    timer.start();
    const Report report = planReport(plan);
    const QByteArray html = reportHtml(report);
    qInfo("2000-layer report: %lld ms, HTML %lld KB", timer.elapsed(), html.size() / 1024);

    const Section* graph = findSection(report, "graph");
    QVERIFY(graph);
    QCOMPARE(picturesIn(*graph), kNeighbourhoods);
    QCOMPARE(int(html.count("<figcaption>Around layer ")), kNeighbourhoods);
    for (const Layer* layer : slowestLayers(plan, kNeighbourhoods))
        QVERIFY(html.contains(QString("Around layer %1, ").arg(layer->index).toUtf8()));
    QCOMPARE(int(html.count("<svg")), chartsWithData(plan) + kNeighbourhoods);
}

void TestReport::comparisonReportRenders() {
    const EnginePlan a = loadPlan(dataPath(kResNetFp16));
    const EnginePlan b = loadPlan(dataPath(kResNetQat));
    const Report report = comparisonReport(a, b);
    const QString html = QString::fromUtf8(reportHtml(report));
    verifySelfContained(html);
    QVERIFY(html.contains("A: resnet.onnx.engine<") && html.contains("B: resnet-qat.onnx.engine<"));
    QVERIFY(html.contains("Speedup of B over A: "));
    QCOMPARE(htmlBetween(html, "differences", "charts").count("<tr><td class=\"num\">"), 20);
    QCOMPARE(picturesIn(*findSection(report, "charts")), int(charts::compareChartCatalog().size()));
    QCOMPARE(picturesIn(*findSection(report, "graph-a")) +
                 picturesIn(*findSection(report, "graph-b")),
             2);
    QCOMPARE(int(html.count("<svg")), int(charts::compareChartCatalog().size()) + 2);
    verifyPdf(report, m_dir.filePath("comparison.pdf"));
}

// Against a plan without profile: no average time ("not measured"), no speedup, no ranked
// differences, and nothing reads 0.
void TestReport::comparisonReportLeavesMissingTimesMissing() {
    const EnginePlan a = loadPlan(dataPath(kResNetFp16));
    PlanSources graphOnly;
    graphOnly.graph = dataPath(kResNetQat + ".graph.json");
    const EnginePlan b = loadPlan(graphOnly);
    const QString html = QString::fromUtf8(reportHtml(comparisonReport(a, b)));
    const QString summary = htmlBetween(html, "summary", "lint");
    QVERIFY2(summary.contains("1.017</td><td class=\"wrap\">not measured</td>"),
             qPrintable(summary));
    QVERIFY(summary.contains("Speedup of B over A: - (B has no profile"));
    QVERIFY(!summary.contains("0.000"));
    const QString differences = htmlBetween(html, "differences", "charts");
    QVERIFY2(differences.contains(">Latency differences<"), qPrintable(differences));
    QVERIFY(differences.contains("36 of 36 rows are not ranked"));
    // With both profiles, fp16 and qat's one-sided layers are left out of the ranking.
    const QString profiled =
        QString::fromUtf8(reportHtml(comparisonReport(a, loadPlan(dataPath(kResNetQat)))));
    QVERIFY(
        htmlBetween(profiled, "differences", "charts").contains("12 of 36 rows are not ranked"));
    QVERIFY(htmlBetween(profiled, "summary", "lint").contains("<td>differs</td>"));
}

void TestReport::refusesOtherFormats() {
    const Report report = planReport(*m_mobileNet);
    QString error;
    QVERIFY(!exportReport(report, m_dir.filePath("r.docx"), &error));
    QVERIFY(error.contains(".html or .pdf"));
    QVERIFY(!exportReport(report, "/nonexistent/folder/r.html", &error));
    QVERIFY(error.contains("cannot write"));
}

// trex's older metadata lists five statistics (min, max, mean, median, p99): each is named.
void TestReport::namesEveryPerformanceStatistic() {
    const EnginePlan plan = loadPlan(dataPath("trex/resnet-a100/fp32"));
    const QString html = QString::fromUtf8(reportHtml(planReport(plan)));
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

PLANSCOPE_TEST_MAIN(TestReport, QApplication)
#include "tst_report.moc"
