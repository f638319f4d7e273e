#include "TestSupport.h"
#include "compare/OnnxComparisonJson.h"
#include "io/PlanLoader.h"
#include "itemmodels/OnnxGroupModel.h"
#include "itemmodels/OnnxUnattributedModel.h"
#include "plan/FigureText.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

const QString kAlexNet = QStringLiteral("realworld/onnx-op-pairs/alexnet-pyapi-vs-trtexec/");
const QString kControlNet =
    QStringLiteral("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/");

using Plan = std::shared_ptr<const EnginePlan>;

Plan load(const QString& path) {
    return std::make_shared<const EnginePlan>(loadPlan(path));
}

// A plan's graph file alone in `dir`, so that no profile beside it is read: every time missing.
Plan graphAlone(const QTemporaryDir& dir, const QString& graph) {
    const QString alone = dir.filePath(QFileInfo(graph).fileName());
    QFile::link(graph, alone);
    return load(alone);
}

// A model of the comparison of `a` with `b`, tested by QAbstractItemModelTester through a
// filter proxy as the tab uses it.
struct Fixture {
    Fixture(const Plan& a, const Plan& b) {
        filter.setSourceModel(&model);
        model.setComparison(a, b, std::make_shared<const OnnxComparison>(compareByOnnx(*a, *b)));
        model.setPlanLabels("a", "b");
    }
    QString cell(int row, int column, int role = Qt::DisplayRole) const {
        return filter.index(row, column).data(role).toString();
    }
    // The rows' values of `column`, in view order.
    QStringList column(int column) const {
        QStringList values;
        for (int row = 0; row < filter.rowCount(); ++row)
            values << cell(row, column);
        return values;
    }
    int rowOfNode(const QString& node) const {
        return filter.mapFromSource(model.index(model.rowOfNode(node), 0)).row();
    }

    OnnxGroupModel model;
    OnnxGroupFilterModel filter;
    QAbstractItemModelTester modelTester{&model,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester filterTester{&filter,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest};
};

// Whether `values` (sort values in view order) are ordered, missing ones all at the end.
bool missingLast(const QList<QVariant>& values, Qt::SortOrder order) {
    bool missingSeen = false;
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (!values[i].isValid()) {
            missingSeen = true;
            continue;
        }
        if (missingSeen)
            return false;
        if (i > 0 && values[i - 1].isValid()) {
            const double before = values[i - 1].toDouble();
            const double now = values[i].toDouble();
            if (order == Qt::AscendingOrder ? now < before : now > before)
                return false;
        }
    }
    return true;
}

QList<QVariant> sortValues(const QAbstractItemModel& view, int column, int role) {
    QList<QVariant> values;
    for (int row = 0; row < view.rowCount(); ++row)
        values << view.index(row, column).data(role);
    return values;
}

} // namespace

// The ONNX ops tab's models on the shared pairs and the fixtures: what each row shows, sorting
// with missing values last, the search and the "fusion differs" filter, the CSV, and the layers
// without ONNX origin.
class TestOnnxGroupModel : public QObject {
    Q_OBJECT
  private slots:
    void showsAlexNetGroups();
    void showsOneSidedGroupsAndMissingTimes();
    void sortsWithMissingLast_data();
    void sortsWithMissingLast();
    void filtersByNodeNameAndFusion();
    void exportsVisibleGroupsAsCsv();
    void listsUnattributedLayersPairedByName();
};

// AlexNet: the classifier fuses differently; the features line up one to one. A's graph alone
// (no profile), so A's times are missing whatever profile readers come.
void TestOnnxGroupModel::showsAlexNetGroups() {
    QTemporaryDir dir;
    Fixture f(graphAlone(dir, dataPath(kAlexNet + "a/trt_engine_info.json")),
              load(dataPath(kAlexNet + "b/alexnet_fp16.graph.json")));
    QCOMPARE(f.model.rowCount(), 11);
    QCOMPARE(f.model.columnCount(), int(OnnxGroupModel::ColumnCount));
    using M = OnnxGroupModel;
    const int classifier = f.rowOfNode("/Flatten");
    QCOMPARE(f.cell(classifier, M::GroupColumn), QString("9"));
    QCOMPARE(f.cell(classifier, M::NodesColumn),
             QString("/Flatten, /classifier/classifier.1/Gemm, /classifier/classifier.2/Relu"));
    QCOMPARE(f.cell(classifier, M::ShapeColumn), QString("n:m"));
    QCOMPARE(f.cell(classifier, M::OnlyInColumn), QString());
    QCOMPARE(f.cell(classifier, M::LayersAColumn),
             QString("/classifier/classifier.1/Gemm + (Unnamed Layer* 25) [ElementWise] + "
                     "/classifier/classifier.2/Relu; /Flatten + "
                     "reshape_before_/classifier/classifier.1/Gemm (folded)"));
    QCOMPARE(f.cell(classifier, M::LayersBColumn),
             QString("__myl_Res_myl9_1; /classifier/classifier_1/Gemm_myl9_2"));
    QCOMPARE(f.cell(classifier, M::TypesAColumn), QString("Convolution, NoOp"));
    QCOMPARE(f.cell(classifier, M::TypesBColumn), QString("kgen, gemm"));
    QCOMPARE(f.cell(classifier, M::TimeAColumn), kMissingText);
    QCOMPARE(f.cell(classifier, M::TimeBColumn), QString("0.2437"));
    QCOMPARE(f.cell(classifier, M::DeltaColumn), kMissingText);
    QCOMPARE(f.cell(classifier, M::SpeedupColumn), kMissingText);
    QVERIFY(f.cell(classifier, M::TimeAColumn, Qt::ToolTipRole)
                .startsWith("Not measured: no profile record of A (a) names these layers"));
    QVERIFY(f.cell(classifier, M::NodesColumn, Qt::ToolTipRole)
                .startsWith("3 ONNX nodes:\n/Flatten\n"));
    QVERIFY(f.cell(classifier, M::LayersAColumn, Qt::ToolTipRole)
                .contains("(a NoOp the plan folds away, timed by its profile record)"));
    QVERIFY(f.model.fusionDiffers(f.model.rowOfNode("/Flatten")));

    // The first group: one layer each, a reformatting copy charged to it on both sides.
    const int first = f.rowOfNode("/features/features.0/Conv");
    QCOMPARE(f.cell(first, M::ShapeColumn), QString("1:1"));
    QCOMPARE(f.cell(first, M::LayersBColumn),
             QString("/features/features.0/Conv + /features/features.1/Relu (+1 copy)"));
    QVERIFY(f.cell(first, M::LayersBColumn, Qt::ToolTipRole)
                .contains("Reformatting copies TensorRT inserted for them, charged to this "
                          "group:\n  Reformatting CopyNode for Input Tensor 0 to "
                          "/features/features.0/Conv + /features/features.1/Relu (0.0093 ms)"));
    QCOMPARE(f.cell(first, M::TimeBColumn), QString("0.0336"));
    QVERIFY(!f.model.fusionDiffers(f.model.rowOfNode("/features/features.0/Conv")));
    // One layer each, but a Gemm in A and Myelin's gemm in B: the fusion differs.
    QVERIFY(f.model.fusionDiffers(f.model.rowOfNode("/classifier/classifier.4/Gemm")));
    QCOMPARE(f.model.rowOfNode("/no/such/Node"), -1);
}

// The fixtures: groups one engine alone holds carry a badge, and "-" on the other side.
void TestOnnxGroupModel::showsOneSidedGroupsAndMissingTimes() {
    Fixture f(load(fixturePath("onnx-edge/a.graph.json")),
              load(fixturePath("onnx-edge/b.graph.json")));
    using M = OnnxGroupModel;
    f.filter.sort(M::GroupColumn, Qt::AscendingOrder);
    QCOMPARE(f.column(M::OnlyInColumn), (QStringList{"", "only in A", "only in B", "only in B"}));
    QCOMPARE(f.column(M::ShapeColumn), (QStringList{"n:m", "1:0", "0:1", "0:1"}));
    QCOMPARE(f.column(M::TimeAColumn), (QStringList{"0.1300", "0.0300", "-", "-"}));
    QCOMPARE(f.column(M::TimeBColumn), (QStringList{"0.0900", "-", "0.0100", "-"}));
    QCOMPARE(f.column(M::DeltaColumn), (QStringList{"-0.0400", "-", "-", "-"}));
    QCOMPARE(f.column(M::SpeedupColumn), (QStringList{"1.44x", "-", "-", "-"}));
    QCOMPARE(f.column(M::LayersBColumn),
             (QStringList{"conv1; relu1 + add1", "-", "only_in_b", "unmeasured"}));
    QCOMPARE(f.cell(1, M::OnlyInColumn, M::OnlyInRole).toInt(), int(OnnxOnlyIn::A));
    QCOMPARE(f.cell(1, M::LayersBColumn, Qt::ToolTipRole),
             QString("B (b) has no layer implementing these ONNX nodes"));
    QCOMPARE(f.cell(1, M::TimeBColumn, Qt::ToolTipRole),
             QString("B (b) has no layer in this group"));
    QCOMPARE(f.cell(3, M::TimeBColumn, Qt::ToolTipRole),
             QString("Not measured: no profile record of B (b) names these layers"));
    QVERIFY(!f.filter.index(1, M::TimeBColumn).data(M::SortRole).isValid());
    QVERIFY(!f.filter.index(0, M::OnlyInColumn).data(M::SortRole).isValid());
    // A faster B (speedup 1.44x) is green above the 3 % threshold, even within 50 %.
    QCOMPARE(f.filter.index(0, 0).data(M::VerdictRole).toInt(), 1);
    f.model.setThreshold(0.5);
    QCOMPARE(f.filter.index(0, 0).data(M::VerdictRole).toInt(), 0);
    f.model.clear();
    QCOMPARE(f.model.rowCount(), 0);
}

void TestOnnxGroupModel::sortsWithMissingLast_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("aAlone"); // A's graph without its profile
    QTest::newRow("AlexNet, A without profile")
        << kAlexNet + "a/trt_engine_info.json" << kAlexNet + "b/alexnet_fp16.graph.json" << true;
    QTest::newRow("ControlNet") << kControlNet + "a/layerinfo.json"
                                << kControlNet + "b/layerinfo.json" << false;
    QTest::newRow("fixtures") << "onnx-edge/a.graph.json"
                              << "onnx-edge/b.graph.json" << false;
}

// Every numeric column sorts as numbers, missing values last in both orders; Delta by size.
void TestOnnxGroupModel::sortsWithMissingLast() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, aAlone);
    const auto path = [](const QString& p) {
        return p.startsWith("onnx-edge") ? fixturePath(p) : dataPath(p);
    };
    QTemporaryDir dir;
    Fixture f(aAlone ? graphAlone(dir, path(a)) : load(path(a)), load(path(b)));
    using M = OnnxGroupModel;
    for (int column : {M::TimeAColumn, M::TimeBColumn, M::DeltaColumn, M::SpeedupColumn})
        for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            f.filter.sort(column, order);
            const QList<QVariant> values = sortValues(f.filter, column, M::SortRole);
            QVERIFY2(missingLast(values, order), qPrintable(QString::number(column)));
            for (int row = 0; row < f.filter.rowCount(); ++row)
                QCOMPARE(values[row].isValid(), f.cell(row, column) != kMissingText);
        }
    // Delta by its size: the largest change first, slower or faster.
    f.filter.sort(M::DeltaColumn, Qt::DescendingOrder);
    const QList<QVariant> deltas = sortValues(f.filter, M::DeltaColumn, M::SortRole);
    if (deltas.front().isValid())
        QCOMPARE(f.cell(0, M::DeltaColumn).remove('+').remove('-'),
                 QString::number(deltas.front().toDouble(), 'f', 4));
    else
        QVERIFY(aAlone); // no delta without A's times
}

// Search by node name as Netron shows it (substring, any case); "fusion differs" keeps groups
// whose shape is not 1:1 or whose layer types differ.
void TestOnnxGroupModel::filtersByNodeNameAndFusion() {
    Fixture f(load(dataPath(kAlexNet + "a/trt_engine_info.json")),
              load(dataPath(kAlexNet + "b/alexnet_fp16.graph.json")));
    using M = OnnxGroupModel;
    f.filter.sort(M::GroupColumn, Qt::AscendingOrder);
    f.filter.setSearch("/FEATURES/features.0/conv");
    QCOMPARE(f.column(M::GroupColumn), QStringList{"1"});
    f.filter.setSearch("features.1"); // features.1, .10, .11 and .12
    QCOMPARE(f.column(M::GroupColumn), (QStringList{"1", "7", "8"}));
    f.filter.setSearch("  gemm ");
    QCOMPARE(f.column(M::GroupColumn), (QStringList{"9", "10", "11"}));
    f.filter.setFusionDiffersOnly(true);
    QCOMPARE(f.column(M::ShapeColumn), (QStringList{"n:m", "1:1", "n:1"}));
    f.filter.setSearch({});
    QCOMPARE(f.filter.rowCount(), 3);
    QCOMPARE(f.filter.visibleGroups(), (std::vector<int>{8, 9, 10}));
    f.filter.setFusionDiffersOnly(false);
    QCOMPARE(f.filter.rowCount(), 11);

    // ControlNet: both commits split the nodes alike; kept are three groups of several layers
    // (a Gemm between NoOp reshapes) and a 1:1 group that A folds away as a NoOp where B runs
    // a Shuffle.
    Fixture c(load(dataPath(kControlNet + "a/layerinfo.json")),
              load(dataPath(kControlNet + "b/layerinfo.json")));
    c.filter.setFusionDiffersOnly(true);
    c.filter.sort(M::GroupColumn, Qt::AscendingOrder);
    QStringList kept;
    for (int row = 0; row < c.filter.rowCount(); ++row)
        kept << c.cell(row, M::ShapeColumn) + ' ' + c.cell(row, M::TypesAColumn) + " | " +
                    c.cell(row, M::TypesBColumn);
    QCOMPARE(kept, (QStringList{"n:m Convolution, NoOp | Convolution, NoOp",
                                "n:m Convolution, NoOp | Convolution, NoOp",
                                "n:m Convolution, Reformat, NoOp | Convolution, Reformat, NoOp",
                                "1:1 NoOp | Shuffle"}));
    QCOMPARE(c.cell(3, M::NodesColumn), QString("/middle_block/middle_block.1/norm/Reshape_1"));
}

// The CSV holds the groups shown in view order: each group's number, a list one cell of one name
// a line, a missing time empty.
void TestOnnxGroupModel::exportsVisibleGroupsAsCsv() {
    QTemporaryDir dir;
    const Plan a = graphAlone(dir, dataPath(kAlexNet + "a/trt_engine_info.json"));
    const Plan b = load(dataPath(kAlexNet + "b/alexnet_fp16.graph.json"));
    Fixture f(a, b);
    f.filter.setSearch("classifier");
    f.filter.sort(OnnxGroupModel::TimeBColumn, Qt::DescendingOrder);
    const QByteArray csv = onnxGroupsCsv(*a, *b, *f.model.comparison(), f.filter.visibleGroups());
    QVERIFY(csv.startsWith("group,onnx,a_layers,b_layers,a_ms,b_ms,shape,only_in,delta_ms,speedup,"
                           "fusion_differs,a_charged,b_charged,a_folded,b_folded,a_types,"
                           "b_types\n"));
    // The classifier (group 9, B's slowest) first: A untimed (its graph alone), so no delta.
    QVERIFY2(csv.contains("b_types\n9,\"/Flatten\n/classifier/classifier.1/Gemm\n"
                          "/classifier/classifier.2/Relu\","),
             csv.constData());
    QVERIFY2(csv.contains(",\"__myl_Res_myl9_1\n/classifier/classifier_1/Gemm_myl9_2\",,"
                          "0.24366922000000002,n:m,,,,true,"),
             csv.constData());
    QVERIFY2(csv.contains("\"kgen\ngemm\"\n"), csv.constData()); // B's types end the row
    QVERIFY(csv.contains("\n11,/classifier/classifier.6/Gemm,"));
}

// ControlNet's layers without origin: 21 pairs by name, then those of one engine only.
void TestOnnxGroupModel::listsUnattributedLayersPairedByName() {
    const Plan a = load(dataPath(kControlNet + "a/layerinfo.json"));
    const Plan b = load(dataPath(kControlNet + "b/layerinfo.json"));
    OnnxUnattributedModel model;
    OnnxUnattributedSortModel sorted;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester sortedTester(&sorted,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    sorted.setSourceModel(&model);
    model.setComparison(std::make_shared<const OnnxComparison>(compareByOnnx(*a, *b)));
    QCOMPARE(model.rowCount(), 30); // 21 paired, 2 of A only, 7 of B only
    using U = OnnxUnattributedModel;
    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
        return sorted.index(row, column).data(role);
    };
    sorted.sort(U::DeltaColumn, Qt::DescendingOrder);
    QVERIFY(cell(0, U::NameColumn).toString().startsWith("{ForeignNode["));
    QVERIFY(cell(0, U::DeltaColumn).toString().startsWith("+"));
    QVERIFY(cell(0, U::SpeedupColumn).toString().endsWith("x"));
    QVERIFY(cell(0, 0, U::LayerARole).toInt() >= 0 && cell(0, 0, U::LayerBRole).toInt() >= 0);
    for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder})
        for (int column : {U::TimeAColumn, U::TimeBColumn, U::DeltaColumn, U::SpeedupColumn}) {
            sorted.sort(column, order);
            QVERIFY(missingLast(sortValues(sorted, column, U::SortRole), order));
        }
    sorted.sort(U::TimeAColumn, Qt::AscendingOrder);
    const int last = sorted.rowCount() - 1;
    QCOMPARE(cell(last, U::TimeAColumn).toString(), kMissingText); // a layer of B only
    QCOMPARE(cell(last, 0, U::LayerARole).toInt(), -1);
    QCOMPARE(cell(last, U::TimeAColumn, Qt::ToolTipRole).toString(),
             QString("A has no layer of this name"));
    QCOMPARE(cell(last, U::DeltaColumn).toString(), kMissingText);
}

PLANSCOPE_TEST_MAIN(TestOnnxGroupModel, QCoreApplication)
#include "tst_onnx_group_model.moc"
