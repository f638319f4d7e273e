#include "TestSupport.h"
#include "compare/LayerMatching.h"
#include "compare/PlanComparison.h"
#include "io/PlanLoader.h"
#include "itemmodels/ComparisonTableModel.h"
#include "roofline/Roofline.h"

#include <QAbstractItemModelTester>

using namespace planscope;
using planscope::test::dataPath;

// The comparison of ResNet-50 fp32 and fp16 on an A100 (trex's match_layers: 26 rows, the last
// a Reformat only fp16 has).
class TestComparisonTableModel : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void showsEveryPair();
    void fillsEveryColumn();
    void showsMissingValuesAsMissing();
    void sortsMissingValuesLast_data();
    void sortsMissingValuesLast();
    void exportsVisibleRowsAsCsv();
    void sortsNumbersAsNumbers();
    void highlightsVerdictsAndMismatches();
    void filtersMismatchesAndTypes();
    void namesPlansInHeaderTooltips();
    void showsEachSidesSpeedOfLight();

  private:
    ComparisonTableModel m_model;
    ComparisonFilterModel m_filter;
    std::vector<LayerComparison> m_rows;
};

void TestComparisonTableModel::initTestCase() {
    const EnginePlan a = loadPlan(dataPath("trex/resnet-a100/fp32"));
    const EnginePlan b = loadPlan(dataPath("trex/resnet-a100/fp16"));
    m_rows = compareLayers(a, b, matchLayers(a, b));
    new QAbstractItemModelTester(&m_model, QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 this);
    new QAbstractItemModelTester(&m_filter, QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 this);
    m_filter.setSourceModel(&m_model);
    m_model.setRows(m_rows);
}

void TestComparisonTableModel::showsEveryPair() {
    QCOMPARE(m_model.rowCount(), 26);
    QCOMPARE(m_model.columnCount(), int(ComparisonTableModel::ColumnCount));
    const auto cell = [&](int row, int column) { return m_model.index(row, column).data(); };
    QCOMPARE(cell(0, ComparisonTableModel::IndexAColumn).toInt(), 0);
    QCOMPARE(cell(0, ComparisonTableModel::IndexBColumn).toInt(), 1);
    QCOMPARE(cell(0, ComparisonTableModel::NameAColumn).toString(), QString("Conv_0 + Relu_1"));
    QCOMPARE(cell(0, ComparisonTableModel::LatencyAColumn).toString(), QString("0.5222"));
    QCOMPARE(cell(0, ComparisonTableModel::LatencyBColumn).toString(), QString("0.1116"));
    QCOMPARE(cell(0, ComparisonTableModel::SpeedupColumn).toString(), QString("4.68x"));
    QCOMPARE(cell(0, ComparisonTableModel::PrecisionBColumn).toString(), QString("FP16"));
    // Only fp16 has the last layer: no index, latency or speedup on A's side.
    QCOMPARE(cell(25, ComparisonTableModel::IndexAColumn).toString(), QString("-"));
    QCOMPARE(cell(25, ComparisonTableModel::IndexBColumn).toInt(), 24);
    QCOMPARE(cell(25, ComparisonTableModel::TypeColumn).toString(), QString("Reformat"));
    QCOMPARE(cell(25, ComparisonTableModel::LatencyAColumn).toString(), QString("-"));
    QCOMPARE(cell(25, ComparisonTableModel::LatencyBColumn).toString(), QString("0.0072"));
    QCOMPARE(cell(25, ComparisonTableModel::SpeedupColumn).toString(), QString("-"));
    QCOMPARE(cell(25, ComparisonTableModel::NameAColumn).toString(), QString("-"));
    QCOMPARE(cell(25, ComparisonTableModel::FormatsAColumn).toString(), QString("-"));
}

// The names follow the indices; every column has its text, formats included.
void TestComparisonTableModel::fillsEveryColumn() {
    const auto header = [&](int column) {
        return m_model.headerData(column, Qt::Horizontal).toString();
    };
    QCOMPARE(header(ComparisonTableModel::NameAColumn), QString("Name A"));
    QCOMPARE(int(ComparisonTableModel::NameAColumn), 2);
    QCOMPARE(int(ComparisonTableModel::NameBColumn), 3);
    for (int column = 0; column < m_model.columnCount(); ++column)
        QVERIFY2(!m_model.index(0, column).data().toString().isEmpty(), qPrintable(header(column)));
    const QModelIndex formatsA = m_model.index(0, ComparisonTableModel::FormatsAColumn);
    const QModelIndex formatsB = m_model.index(0, ComparisonTableModel::FormatsBColumn);
    QCOMPARE(formatsA.data().toString(),
             QString("in: FP32 NCHW:[32, 3, 224, 224]   out: FP32 NCHW:[32, 64, 112, 112]"));
    QCOMPARE(formatsB.data(Qt::ToolTipRole).toString(),
             QString("in: FP16 NHWC4:[32, 3, 224, 224]\nout: FP16 NHWC8:[32, 64, 112, 112]"));
    // A name the view elides is whole in its tooltip.
    const QModelIndex nameB = m_model.index(1, ComparisonTableModel::NameBColumn);
    QCOMPARE(nameB.data(Qt::ToolTipRole).toString(),
             QString("Reformatting CopyNode for Input Tensor 0 to Conv_0 + Relu_1"));
}

// A side without a counterpart has no latency and the row no speedup: "-", never 0, and no
// sort value; the tooltip says why.
void TestComparisonTableModel::showsMissingValuesAsMissing() {
    const QModelIndex latencyA = m_model.index(1, ComparisonTableModel::LatencyAColumn);
    QCOMPARE(m_rows[1].pair, (LayerPair{-1, 0}));
    QCOMPARE(latencyA.data().toString(), QString("-"));
    QVERIFY(!latencyA.data(ComparisonTableModel::SortRole).isValid());
    QVERIFY(latencyA.data(Qt::ToolTipRole).toString().contains("no layer matching"));
    const QModelIndex speedup = m_model.index(4, ComparisonTableModel::SpeedupColumn);
    QCOMPARE(m_rows[4].pair, (LayerPair{2, -1}));
    QCOMPARE(speedup.data().toString(), QString("-"));
    QVERIFY(!speedup.data(ComparisonTableModel::SortRole).isValid());
    QCOMPARE(speedup.data(ComparisonTableModel::VerdictRole).toInt(), 0);
    QCOMPARE(m_model.index(4, ComparisonTableModel::LatencyAColumn).data().toString(),
             QString("0.0451"));
}

// Rows without the sorted value come last, ascending and descending alike.
void TestComparisonTableModel::sortsMissingValuesLast_data() {
    QTest::addColumn<int>("column");
    QTest::addColumn<int>("order");
    QTest::addColumn<int>("missing");
    for (const auto& [column, missing] : {std::pair{ComparisonTableModel::LatencyAColumn, 2},
                                          std::pair{ComparisonTableModel::LatencyBColumn, 1},
                                          std::pair{ComparisonTableModel::SpeedupColumn, 3},
                                          std::pair{ComparisonTableModel::IndexAColumn, 2},
                                          std::pair{ComparisonTableModel::NameBColumn, 1}})
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder})
            QTest::addRow("%s %s",
                          qPrintable(m_model.headerData(column, Qt::Horizontal).toString()),
                          order == Qt::AscendingOrder ? "ascending" : "descending")
                << int(column) << int(order) << missing;
}

void TestComparisonTableModel::sortsMissingValuesLast() {
    QFETCH(int, column);
    QFETCH(int, order);
    QFETCH(int, missing);
    m_filter.sort(column, Qt::SortOrder(order));
    const int rows = m_filter.rowCount();
    for (int r = 0; r < rows; ++r) {
        const QVariant value = m_filter.index(r, column).data(ComparisonTableModel::SortRole);
        QVERIFY2(value.isValid() == (r < rows - missing), qPrintable(QString::number(r)));
        if (r > 0 && value.isValid()) {
            const QVariant previous =
                m_filter.index(r - 1, column).data(ComparisonTableModel::SortRole);
            const QPartialOrdering wrong =
                order == Qt::AscendingOrder ? QPartialOrdering::Greater : QPartialOrdering::Less;
            QVERIFY(QVariant::compare(previous, value) != wrong);
        }
    }
    m_filter.sort(-1);
}

void TestComparisonTableModel::sortsNumbersAsNumbers() {
    const QModelIndex first = m_model.index(0, ComparisonTableModel::SpeedupColumn);
    QCOMPARE(first.data(ComparisonTableModel::SortRole).toDouble(), m_rows[0].speedup.value());
    m_filter.sort(ComparisonTableModel::SpeedupColumn, Qt::DescendingOrder);
    double previous = m_filter.index(0, ComparisonTableModel::SpeedupColumn)
                          .data(ComparisonTableModel::SortRole)
                          .toDouble();
    QVERIFY(previous >= m_rows[0].speedup.value()); // the biggest speedup (4.68x or more) first
    for (int r = 1; r < m_filter.rowCount(); ++r) {
        const double speedup = m_filter.index(r, ComparisonTableModel::SpeedupColumn)
                                   .data(ComparisonTableModel::SortRole)
                                   .toDouble();
        QVERIFY(speedup <= previous);
        previous = speedup;
    }
    m_filter.sort(-1);
}

void TestComparisonTableModel::highlightsVerdictsAndMismatches() {
    const auto highlight = [&](int row, int column) {
        return ComparisonTableModel::Highlight(
            m_model.index(row, column).data(ComparisonTableModel::HighlightRole).toInt());
    };
    QCOMPARE(highlight(0, ComparisonTableModel::SpeedupColumn),
             ComparisonTableModel::Highlight::Faster);
    QCOMPARE(highlight(0, ComparisonTableModel::PrecisionBColumn),
             ComparisonTableModel::Highlight::Mismatch);
    QCOMPARE(highlight(0, ComparisonTableModel::TacticBColumn),
             ComparisonTableModel::Highlight::Mismatch);
    QCOMPARE(highlight(0, ComparisonTableModel::NameBColumn),
             ComparisonTableModel::Highlight::None);
    QCOMPARE(highlight(25, ComparisonTableModel::SpeedupColumn),
             ComparisonTableModel::Highlight::None);
    QCOMPARE(m_model.index(25, 0).data(ComparisonTableModel::VerdictRole).toInt(), 0);
    // A speedup within the threshold counts as even.
    m_model.setThreshold(4);
    QCOMPARE(m_model.index(0, 0).data(ComparisonTableModel::VerdictRole).toInt(), 0);
    m_model.setThreshold(0.03);
    QCOMPARE(m_model.index(0, 0).data(ComparisonTableModel::VerdictRole).toInt(), 1);
}

void TestComparisonTableModel::filtersMismatchesAndTypes() {
    const auto count = [&](auto predicate) {
        return int(std::count_if(m_rows.begin(), m_rows.end(), predicate));
    };
    m_filter.setShow(ComparisonFilterModel::Show::PrecisionMismatch);
    QCOMPARE(m_filter.rowCount(),
             count([](const LayerComparison& r) { return r.precisionMismatch; }));
    QVERIFY(m_filter.rowCount() > 10);
    m_filter.setShow(ComparisonFilterModel::Show::TacticMismatch);
    QCOMPARE(m_filter.rowCount(), count([](const LayerComparison& r) { return r.tacticMismatch; }));
    m_filter.setShow(ComparisonFilterModel::Show::All);
    m_filter.setTypeFilter("Reformat");
    QCOMPARE(m_filter.rowCount(),
             count([](const LayerComparison& r) { return r.type == QLatin1String("Reformat"); }));
    QCOMPARE(
        m_filter.index(m_filter.rowCount() - 1, ComparisonTableModel::IndexBColumn).data().toInt(),
        24);
    m_filter.setTypeFilter({});
    QCOMPARE(m_filter.rowCount(), 26);
}

// The CSV has the rows the filter shows, in its order, with `compare --json`'s fields; a missing
// value is an empty cell.
void TestComparisonTableModel::exportsVisibleRowsAsCsv() {
    m_filter.setTypeFilter("Reformat");
    m_filter.sort(ComparisonTableModel::LatencyBColumn, Qt::DescendingOrder);
    const std::vector<const LayerComparison*> visible = m_filter.visibleRows();
    QCOMPARE(int(visible.size()), m_filter.rowCount());
    const QList<QByteArray> lines = comparisonCsv(visible).split('\n');
    QCOMPARE(lines.size(), int(visible.size()) + 2); // header, rows, and the last line's end
    QVERIFY(lines[0].startsWith(
        "a,b,type,latency_a_ms,latency_b_ms,speedup,sol_percent_a,sol_percent_b,name_a,name_b,"));
    // The slowest Reformat of B first: the input copy only fp16 has, 0.080896 ms.
    QVERIFY2(lines[1].startsWith(",0,Reformat,,0.080896,,,,,Reformatting CopyNode"), lines[1]);
    QVERIFY2(lines.last().isEmpty(), lines.last());
    QVERIFY2(lines[lines.size() - 2].startsWith("2,,Reformat,0.045056,,,"),
             lines[lines.size() - 2]);
    m_filter.setTypeFilter({});
    m_filter.sort(-1);
    QCOMPARE(comparisonCsv(m_filter.visibleRows()).count('\n'), 27);
}

void TestComparisonTableModel::namesPlansInHeaderTooltips() {
    QCOMPARE(m_model.headerData(ComparisonTableModel::SpeedupColumn, Qt::Horizontal).toString(),
             QString("Speedup"));
    QVERIFY(m_model.headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    m_model.setPlanLabels("fp32/resnet.onnx.engine", "fp16/resnet.onnx.engine");
    QCOMPARE(m_model.headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString(),
             QString("A: fp32/resnet.onnx.engine\nB: fp16/resnet.onnx.engine"));
}

PLANSCOPE_TEST_MAIN(TestComparisonTableModel, QCoreApplication)
// Issue 45: each side's SOL % for matched layers, from its plan's roofline. Conv_0 + Relu_1 on the
// A100: in FP32 on CUDA cores its 7,552,892,928 FLOPs take 0.3875 ms at 19.49 TFLOP/s, of
// 0.52224 ms measured; in FP16 its 61,032,960 bytes take 0.0315 ms at 1935.36 GB/s, of 0.111616.
void TestComparisonTableModel::showsEachSidesSpeedOfLight() {
    const EnginePlan a = loadPlan(dataPath("trex/resnet-a100/fp32"));
    const EnginePlan b = loadPlan(dataPath("trex/resnet-a100/fp16"));
    const Roofline rooflineA = rooflineFromFiles(a);
    const Roofline rooflineB = rooflineFromFiles(b);
    ComparisonTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRows(compareLayers(a, b, matchLayers(a, b), &rooflineA, &rooflineB));
    const double solA = 7552892928.0 / (108 * 1.41e9 * 128) * 1e3 / 0.52224 * 100;
    const double solB = 61032960 / (5120 / 8.0 * 1.512 * 2 * 1e6) / 0.111616 * 100;
    QVERIFY(qAbs(*model.rows()[0].solPercentA - solA) < 1e-9);
    QVERIFY(qAbs(*model.rows()[0].solPercentB - solB) < 1e-9);
    QCOMPARE(model.index(0, ComparisonTableModel::SolPercentAColumn).data().toString(),
             QStringLiteral("74.2 %"));
    QCOMPARE(model.index(0, ComparisonTableModel::SolPercentBColumn).data().toString(),
             QStringLiteral("28.3 %"));
    QCOMPARE(model.index(0, ComparisonTableModel::SolPercentBColumn)
                 .data(ComparisonTableModel::SortRole)
                 .toDouble(),
             *model.rows()[0].solPercentB);
    // The layer only B has: A's side missing.
    QCOMPARE(model.index(25, ComparisonTableModel::SolPercentAColumn).data().toString(),
             QStringLiteral("-"));
    QVERIFY(!model.index(25, ComparisonTableModel::SolPercentAColumn)
                 .data(ComparisonTableModel::SortRole)
                 .isValid());
}

#include "tst_comparison_table_model.moc"
