#include "TestSupport.h"
#include "compare/LayerMatching.h"
#include "compare/PlanComparison.h"
#include "io/PlanLoader.h"
#include "itemmodels/ComparisonTableModel.h"

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
    void sortsNumbersAsNumbers();
    void highlightsVerdictsAndMismatches();
    void filtersMismatchesAndTypes();
    void namesPlansInHeaderTooltips();

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
    m_filter.setSortRole(ComparisonTableModel::SortRole);
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
    QCOMPARE(cell(25, ComparisonTableModel::LatencyAColumn).toString(), QString());
    QCOMPARE(cell(25, ComparisonTableModel::SpeedupColumn).toString(), QString());
    QCOMPARE(m_model.index(0, ComparisonTableModel::TypeColumn).data(Qt::ToolTipRole).toString(),
             QString("in: FP32 NCHW:[32, 3, 224, 224]\tout: FP32 NCHW:[32, 64, 112, 112]\n"
                     "in: FP16 NHWC4:[32, 3, 224, 224]\tout: FP16 NHWC8:[32, 64, 112, 112]"));
}

void TestComparisonTableModel::sortsNumbersAsNumbers() {
    const QModelIndex first = m_model.index(0, ComparisonTableModel::SpeedupColumn);
    QCOMPARE(first.data(ComparisonTableModel::SortRole).toDouble(), m_rows[0].speedup);
    m_filter.sort(ComparisonTableModel::SpeedupColumn, Qt::DescendingOrder);
    double previous = m_filter.index(0, ComparisonTableModel::SpeedupColumn)
                          .data(ComparisonTableModel::SortRole)
                          .toDouble();
    QVERIFY(previous >= m_rows[0].speedup); // the biggest speedup (4.68x or more) first
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

void TestComparisonTableModel::namesPlansInHeaderTooltips() {
    QCOMPARE(m_model.headerData(ComparisonTableModel::SpeedupColumn, Qt::Horizontal).toString(),
             QString("Speedup"));
    QVERIFY(m_model.headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    m_model.setPlanLabels("fp32/resnet.onnx.engine", "fp16/resnet.onnx.engine");
    QCOMPARE(m_model.headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString(),
             QString("A: fp32/resnet.onnx.engine\nB: fp16/resnet.onnx.engine"));
}

PLANSCOPE_TEST_MAIN(TestComparisonTableModel, QCoreApplication)
#include "tst_comparison_table_model.moc"
