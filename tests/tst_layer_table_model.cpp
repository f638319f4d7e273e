#include "PlantedWeights.h"
#include "TestSupport.h"
#include "analysis/PlanAnalysis.h"
#include "io/PlanLoader.h"
#include "itemmodels/LayerFilterModel.h"
#include "itemmodels/LayerTableModel.h"
#include "roofline/Roofline.h"

#include <QAbstractItemModelTester>
#include <algorithm>
#include <numeric>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

class TestLayerTableModel : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void showsEveryLayer();
    void sortsLatencyAsNumber();
    void sortsNumericColumnsByTheirSortValues_data();
    void sortsNumericColumnsByTheirSortValues();
    void filtersByType();
    void searchesNamesTacticsAndMetadata_data();
    void searchesNamesTacticsAndMetadata();
    void addsAttributeColumnsOfType();
    void showsMissingFiguresAsMissing();
    void showsSpeedOfLight();
    void showsModelWeights();

  private:
    EnginePlan m_plan;
    LayerTableModel m_model;
    LayerFilterModel m_filter;
};

void TestLayerTableModel::initTestCase() {
    m_plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    new QAbstractItemModelTester(&m_model, QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 this);
    new QAbstractItemModelTester(&m_filter, QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 this);
    m_filter.setSourceModel(&m_model);
    m_model.setPlan(&m_plan);
}

void TestLayerTableModel::showsEveryLayer() {
    QCOMPARE(m_model.rowCount(), 72);
    QCOMPARE(m_model.columnCount(), int(LayerTableModel::FixedColumnCount));
    const QModelIndex first = m_model.index(0, LayerTableModel::NameColumn);
    QCOMPARE(first.data().toString(), QString("QuantizeLinear_2"));
    QCOMPARE(m_model.index(0, LayerTableModel::TypeColumn).data().toString(), QString("Reformat"));
    QCOMPARE(
        m_model.index(0, LayerTableModel::LatencyColumn).data(LayerTableModel::SortRole).toDouble(),
        0.00474854);
    QCOMPARE(
        m_model.index(1, LayerTableModel::MacsColumn).data(LayerTableModel::SortRole).toDouble(),
        10838016.0);
    QCOMPARE(m_model.headerData(LayerTableModel::LatencyColumn, Qt::Horizontal).toString(),
             QString("Avg (ms)"));
}

void TestLayerTableModel::sortsLatencyAsNumber() {
    m_filter.sort(LayerTableModel::LatencyColumn, Qt::DescendingOrder);
    double previous = 1e9;
    double maximum = 0;
    for (const Layer& l : m_plan.layers)
        maximum = std::max(maximum, l.timing.averageMs);
    for (int r = 0; r < m_filter.rowCount(); ++r) {
        const double v = m_filter.index(r, LayerTableModel::LatencyColumn)
                             .data(LayerTableModel::SortRole)
                             .toDouble();
        QVERIFY(v <= previous);
        previous = v;
    }
    QCOMPARE(m_filter.index(0, LayerTableModel::LatencyColumn)
                 .data(LayerTableModel::SortRole)
                 .toDouble(),
             maximum);
    m_filter.sort(LayerTableModel::IndexColumn, Qt::AscendingOrder);
    QCOMPARE(m_filter.index(10, 0).data(LayerTableModel::LayerIndexRole).toInt(), 10);
}

void TestLayerTableModel::sortsNumericColumnsByTheirSortValues_data() {
    QTest::addColumn<int>("column");
    QTest::addColumn<Qt::SortOrder>("order");
    for (int c = 0; c < LayerTableModel::FixedColumnCount; ++c)
        if (LayerTableModel::isNumericColumn(c))
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder})
                QTest::addRow("%s %s", qPrintable(m_model.headerData(c, Qt::Horizontal).toString()),
                              order == Qt::AscendingOrder ? "up" : "down")
                    << c << order;
}

// The proxy compares numeric columns' figures without QVariants: the order must be the one the
// sort role gives (ties and missing figures, such as MACs of non-convolutions, in engine order).
void TestLayerTableModel::sortsNumericColumnsByTheirSortValues() {
    QFETCH(int, column);
    QFETCH(Qt::SortOrder, order);
    std::vector<int> expected(m_plan.layers.size());
    std::iota(expected.begin(), expected.end(), 0);
    const auto value = [&](int row) {
        return m_model.index(row, column).data(LayerTableModel::SortRole);
    };
    std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) {
        const QVariant x = value(a);
        const QVariant y = value(b);
        if (!x.isValid() || !y.isValid())
            return x.isValid() && !y.isValid();
        return order == Qt::AscendingOrder ? x.toDouble() < y.toDouble()
                                           : y.toDouble() < x.toDouble();
    });
    m_filter.sort(column, order);
    std::vector<int> shown;
    for (int r = 0; r < m_filter.rowCount(); ++r)
        shown.push_back(m_filter.index(r, 0).data(LayerTableModel::LayerIndexRole).toInt());
    QCOMPARE(shown, expected);
    int missing = 0;
    for (int r = 0; r < m_model.rowCount(); ++r)
        missing += !value(r).isValid();
    if (column == LayerTableModel::MacsColumn)
        QVERIFY(missing > 0); // the case that orders missing figures is exercised
    m_filter.sort(LayerTableModel::IndexColumn, Qt::AscendingOrder);
}

void TestLayerTableModel::filtersByType() {
    m_filter.setTypeFilter("Convolution");
    QCOMPARE(m_filter.rowCount(), 53);
    const LayerFilterModel::Totals totals = m_filter.visibleTotals();
    QCOMPARE(totals.layers, 53);
    QCOMPARE(QString::number(totals.latencyPct.value(), 'f', 1), QString("81.5"));
    QCOMPARE(QString::number(totals.latencyMs.value(), 'f', 3), QString("0.383"));
    m_filter.setTypeFilter("Pooling");
    QCOMPARE(m_filter.visibleLayers(), QList<int>({69}));
    m_filter.setTypeFilter({});
    QCOMPARE(m_filter.rowCount(), 72);
}

void TestLayerTableModel::searchesNamesTacticsAndMetadata_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rows");
    QTest::newRow("name") << "QuantizeLinear_2" << 11; // QuantizeLinear_2, _25, _217 ...
    QTest::newRow("exact part") << "Conv_125" << 1;
    QTest::newRow("any case") << "conv_125" << 1;
    QTest::newRow("tactic") << "icudnn" << 1;
    QTest::newRow("type") << "Pooling" << 1;
    QTest::newRow("two words") << "features.1 Conv_29" << 1;
    QTest::newRow("nothing") << "no-such-layer" << 0;
    QTest::newRow("empty") << "" << 72;
    QTest::newRow("type:") << "type:pooling" << 1;
    QTest::newRow("type: regex") << "type:/^(pooling|reformat)$/" << 19;
    QTest::newRow("precision: and type:") << "precision:INT8 type:Convolution" << 53;
    QTest::newRow("precision:") << "precision:fp16" << 15;
    QTest::newRow("name: is not metadata") << "name:Conv_12" << 2;
    QTest::newRow("tactic: regex") << "tactic:/sm75.*implicit/" << 18;
    QTest::newRow("regex anywhere") << "/conv_1[0-9]{2}/" << 6;
    QTest::newRow("regex with a space") << "/conv 1/" << 0;
    QTest::newRow("invalid regex") << "/conv_(/" << 0;
}

void TestLayerTableModel::searchesNamesTacticsAndMetadata() {
    QFETCH(QString, text);
    QFETCH(int, rows);
    m_filter.setSearchText(text);
    QCOMPARE(m_filter.rowCount(), rows);
    QCOMPARE(m_filter.searchError().isEmpty(), !text.contains("conv_(/"));
    m_filter.setSearchText({});
}

void TestLayerTableModel::addsAttributeColumnsOfType() {
    const QStringList keys = LayerTableModel::attributeKeysOfType(m_plan, "Convolution");
    for (const char* key : {"Kernel", "Groups", "OutMaps", "Stride", "Weights"})
        QVERIFY2(keys.contains(key), key);
    QVERIFY(!keys.contains("TacticName")); // already a fixed column
    m_model.setAttributeColumns(keys);
    const int outMaps = LayerTableModel::FixedColumnCount + int(keys.indexOf("OutMaps"));
    QCOMPARE(m_model.headerData(outMaps, Qt::Horizontal).toString(), QString("OutMaps"));
    QCOMPARE(m_model.index(1, outMaps).data().toString(), QString("32"));
    // Numeric attributes sort as numbers: 1280 after 320.
    m_filter.setTypeFilter("Convolution");
    m_filter.sort(outMaps, Qt::DescendingOrder);
    QCOMPARE(m_filter.index(0, outMaps).data().toString(), QString("1280"));
    m_filter.setTypeFilter({});
    m_model.setAttributeColumns({});
    QCOMPARE(m_model.columnCount(), int(LayerTableModel::FixedColumnCount));
}

// A partial profile times "up" and "add" only: the other layers show "-", have no sort value,
// sort last in both orders (in engine order) and count in no total.
void TestLayerTableModel::showsMissingFiguresAsMissing() {
    LoadOptions options;
    options.profileJson = fixturePath("partial.profile.json");
    options.allowPartialProfile = true; // 2 of 5 layers: another build's unless allowed
    const EnginePlan plan = loadPlan(fixturePath("quirks.graph.json"), options);
    LayerTableModel model;
    LayerFilterModel filter;
    new QAbstractItemModelTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 this);
    filter.setSourceModel(&model);
    model.setPlan(&plan);
    const int dup = plan.findLayer("dup")->index;
    QCOMPARE(model.index(dup, LayerTableModel::LatencyColumn).data().toString(), QString("-"));
    QVERIFY(!model.index(dup, LayerTableModel::LatencyColumn)
                 .data(LayerTableModel::SortRole)
                 .isValid());
    const auto names = [&] {
        QStringList list;
        for (int r = 0; r < filter.rowCount(); ++r)
            list << filter.index(r, LayerTableModel::NameColumn).data().toString();
        return list;
    };
    QStringList unmeasured;
    for (const Layer& l : plan.layers)
        if (!l.timing.measured)
            unmeasured << l.name;
    QVERIFY(!unmeasured.isEmpty());
    filter.sort(LayerTableModel::LatencyColumn, Qt::DescendingOrder);
    QCOMPARE(names(), QStringList({"up", "add"}) + unmeasured);
    filter.sort(LayerTableModel::LatencyColumn, Qt::AscendingOrder);
    QCOMPARE(names(), QStringList({"add", "up"}) + unmeasured);
    QCOMPARE(filter.visibleTotals().latencyMs.value(), 0.75);
    filter.setSearchText("name:dup");
    QCOMPARE(filter.visibleTotals().layers, 2); // "dup" twice: neither timed
    QVERIFY(!filter.visibleTotals().latencyMs);
}

// The SOL % column: blank until the analysis gives the figures, then each layer's percentage
// ("-" where the files do not give it), sorted as numbers with the missing last.
void TestLayerTableModel::showsSpeedOfLight() {
    const int column = LayerTableModel::SolPercentColumn;
    QCOMPARE(m_model.index(0, column).data().toString(), QString());
    const PlanAnalysis analysis(std::make_shared<const EnginePlan>(m_plan));
    std::vector<std::optional<double>> percents;
    const Roofline& roofline = analysis.roofline();
    for (std::size_t i = 0; i < roofline.size(); ++i)
        percents.push_back(roofline.layer(i).solPercent);
    m_model.setSolPercents(percents);
    int known = 0;
    for (int row = 0; row < m_model.rowCount(); ++row) {
        const QString text = m_model.index(row, column).data().toString();
        const auto& percent = percents[std::size_t(row)];
        QCOMPARE(text, percent ? QString::number(*percent, 'f', 1) + " %" : QString("-"));
        known += percent ? 1 : 0;
    }
    QVERIFY(known > 30);
    m_filter.sort(column, Qt::DescendingOrder);
    double previous = 1e300;
    for (int row = 0; row < known; ++row) {
        const double value = m_filter.index(row, column).data(LayerTableModel::SortRole).toDouble();
        QVERIFY(value <= previous);
        previous = value;
    }
    QVERIFY(!m_filter.index(known, column).data(LayerTableModel::SortRole).isValid());
    m_model.setSolPercents({});
}

// The ONNX model's weight columns: blank without a model, each layer's figures with one ("-" for a
// layer naming none of its nodes), sorted as numbers with the missing last.
void TestLayerTableModel::showsModelWeights() {
    using C = LayerTableModel;
    QCOMPARE(m_model.headerData(C::Sparse24Column, Qt::Horizontal).toString(), QString("2:4 %"));
    QCOMPARE(m_model.index(1, C::ParamsColumn).data().toString(), QString());
    m_model.setModelWeights(test::plantedModel({test::plantedLayer(1, test::twoOfFourZeros()),
                                                test::plantedLayer(2, test::outlierChannel())}));
    const auto text = [&](int row, int column) {
        return m_model.index(row, column).data().toString();
    };
    QCOMPARE(text(1, C::ParamsColumn), QString("32"));
    QCOMPARE(text(1, C::ZeroPercentColumn), QString("50.0 %"));
    QCOMPARE(text(1, C::Sparse24Column), QString("100.0 %"));
    QCOMPARE(text(1, C::RangeRatioColumn), QString("1.0"));
    QCOMPARE(text(2, C::ZeroPercentColumn), QString("0.0 %"));
    QCOMPARE(text(2, C::Sparse24Column), QString("0.0 %"));
    QCOMPARE(text(2, C::RangeRatioColumn), QString("50.0"));
    QCOMPARE(text(0, C::ParamsColumn), QString("-")); // names no node of the model
    QCOMPARE(m_model.index(2, C::RangeRatioColumn).data(C::SortRole).toDouble(), 50.0);
    QVERIFY(!m_model.index(0, C::RangeRatioColumn).data(C::SortRole).isValid());
    m_filter.sort(C::RangeRatioColumn, Qt::DescendingOrder);
    QCOMPARE(m_filter.index(0, C::IndexColumn).data().toInt(), 2);
    QCOMPARE(m_filter.index(1, C::IndexColumn).data().toInt(), 1);
    QVERIFY(!m_filter.index(2, C::RangeRatioColumn).data(C::SortRole).isValid());
    m_filter.sort(C::Sparse24Column, Qt::AscendingOrder);
    QCOMPARE(m_filter.index(0, C::IndexColumn).data().toInt(), 2); // 0 % before 100 %
    m_model.setModelWeights(nullptr);
    QCOMPARE(text(1, C::ParamsColumn), QString());
    m_filter.sort(C::IndexColumn, Qt::AscendingOrder);
}

PLANSCOPE_TEST_MAIN(TestLayerTableModel, QCoreApplication)
#include "tst_layer_table_model.moc"
