#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "itemmodels/ModuleComparisonModel.h"
#include "itemmodels/ModuleTreeModel.h"
#include "leads/Lead.h"
#include "lint/LintFinding.h"
#include "roofline/Roofline.h"

#include <QAbstractItemModelTester>

using namespace planscope;
using namespace planscope::test;

namespace {

std::shared_ptr<const EnginePlan> realPlan(const QString& path) {
    return std::make_shared<const EnginePlan>(loadPlan(dataPath(path)));
}

Layer layer(int index, const QString& name, const QString& metadata, double ms, bool timed = true) {
    Layer l;
    l.index = index;
    l.name = name;
    l.metadata = metadata;
    l.type = QStringLiteral("Convolution");
    l.precision = index % 2 ? QStringLiteral("FP16") : QStringLiteral("INT8");
    l.timing.measured = timed;
    l.timing.averageMs = ms;
    return l;
}

// a (3 ms: a/b 1 ms, its own layer 2 ms), the root's own layer (4 ms), one unattributed (8 ms).
std::shared_ptr<const EnginePlan> smallPlan() {
    auto plan = std::make_shared<EnginePlan>();
    plan->hasProfile = true;
    plan->layers = {layer(0, "conv", "[ONNX Layer: /a/b/Conv]", 1),
                    layer(1, "fused", "[ONNX Layer: /a/b/Relu][ONNX Layer: /a/Add]", 2),
                    layer(2, "cast", "[ONNX Layer: /Cast]", 4),
                    layer(3, "shape_call_0", {}, 8, false)};
    return plan;
}

struct Fixture {
    explicit Fixture(std::shared_ptr<const EnginePlan> plan) {
        filter.setSourceModel(&model);
        model.setPlan(std::move(plan));
    }
    ModuleTreeModel model;
    ModuleFilterModel filter;
    QAbstractItemModelTester modelTester{&model,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester filterTester{&filter,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest};
};

} // namespace

class TestModuleTreeModel : public QObject {
    Q_OBJECT
  private slots:
    void rowsAreModulesThenLayers();
    void missingFiguresAreMissing();
    void countsFindingsAndLeads();
    void searchKeepsAncestors();
    void sortsByTimeMissingLast();
    void realPlanWalksWhole();
    void sumsTimeAboveSpeedOfLight();
    void realPlanTimeAboveSpeedOfLight();
    void comparisonTree();
};

void TestModuleTreeModel::rowsAreModulesThenLayers() {
    Fixture f(smallPlan());
    QCOMPARE(f.model.rowCount(), 2); // the model, the unattributed layers
    const QModelIndex root = f.model.index(0, 0);
    QCOMPARE(root.data().toString(), QStringLiteral("(model)"));
    QCOMPARE(f.model.rowCount(root), 2); // module a, then the root's own layer "cast"
    const QModelIndex a = f.model.index(0, 0, root);
    QCOMPARE(a.data().toString(), QStringLiteral("a"));
    QCOMPARE(f.model.index(0, ModuleTreeModel::TimeColumn, root).data().toString(),
             QStringLiteral("3.000 ms"));
    QCOMPARE(f.model.index(0, ModuleTreeModel::SelfColumn, root).data().toString(),
             QStringLiteral("2.000 ms"));
    QCOMPARE(f.model.index(0, ModuleTreeModel::LayersColumn, root).data().toInt(), 2);
    QCOMPARE(f.model.index(1, 0, root).data().toString(), QStringLiteral("cast"));
    QCOMPARE(f.model.index(1, 0, root).data(ModuleTreeModel::LayerRole).toInt(), 2);
    QCOMPARE(f.model.rowCount(a), 2); // a/b, then its own layer "fused"
    QCOMPARE(f.model.index(0, 0, a).data(ModuleTreeModel::PathRole).toString(),
             QStringLiteral("a/b"));
    QCOMPARE(a.data(ModuleTreeModel::LayersRole).value<QList<int>>(), (QList<int>{0, 1}));
    QCOMPARE(f.model.index(0, ModuleTreeModel::PrecisionsColumn, root).data().toString(),
             QStringLiteral("FP16 67 %, INT8 33 %"));
    QCOMPARE(f.model.indexOfLayer(1), f.model.index(1, 0, a));
    QCOMPARE(f.model.indexOfModule(f.model.tree().find("a/b")), f.model.index(0, 0, a));
}

void TestModuleTreeModel::missingFiguresAreMissing() {
    Fixture f(smallPlan());
    const QModelIndex unattributed = f.model.index(1, 0);
    QCOMPARE(unattributed.data().toString(), QStringLiteral("(unattributed)"));
    // Its one layer has no profile record: no time, not 0.
    QCOMPARE(f.model.index(1, ModuleTreeModel::TimeColumn).data().toString(), QStringLiteral("-"));
    const QModelIndex shape = f.model.index(0, ModuleTreeModel::TimeColumn, unattributed);
    QCOMPARE(shape.data().toString(), QStringLiteral("-"));
    QVERIFY(!shape.data(ModuleTreeModel::SortRole).isValid());
}

void TestModuleTreeModel::countsFindingsAndLeads() {
    Fixture f(smallPlan());
    LintFinding finding;
    finding.layerIndex = 0;
    PlanLeads leads;
    Lead hot;
    hot.id = QStringLiteral("hot-layer");
    hot.layers = {1, 2};
    leads.leads.push_back(hot);
    f.model.setAnalysis({finding, finding}, leads);
    const QModelIndex root = f.model.index(0, 0);
    QCOMPARE(f.model.index(0, ModuleTreeModel::FindingsColumn).data().toInt(), 2);
    QCOMPARE(f.model.index(0, ModuleTreeModel::FindingsColumn, root).data().toInt(), 2);
    QCOMPARE(f.model.index(0, ModuleTreeModel::LeadsColumn, root).data().toString(),
             QStringLiteral("hot-layer"));
    QCOMPARE(f.model.index(1, ModuleTreeModel::FindingsColumn).data().toString(), QString());
}

void TestModuleTreeModel::searchKeepsAncestors() {
    Fixture f(smallPlan());
    f.filter.setSearch(QStringLiteral("A/B"));
    QCOMPARE(f.filter.rowCount(), 1); // the model row, for a/b inside it
    const QModelIndex root = f.filter.index(0, 0);
    QCOMPARE(f.filter.rowCount(root), 1);
    const QModelIndex a = f.filter.index(0, 0, root);
    QCOMPARE(f.filter.rowCount(a), 1);
    QCOMPARE(f.filter.index(0, 0, a).data(ModuleTreeModel::PathRole).toString(),
             QStringLiteral("a/b"));
    f.filter.setSearch(QStringLiteral("shape_call"));
    QCOMPARE(f.filter.rowCount(), 1);
    QCOMPARE(f.filter.index(0, 0).data().toString(), QStringLiteral("(unattributed)"));
}

void TestModuleTreeModel::sortsByTimeMissingLast() {
    Fixture f(smallPlan());
    f.filter.sort(ModuleTreeModel::TimeColumn, Qt::AscendingOrder);
    const QModelIndex root = f.filter.index(0, 0);
    // Ascending: module a (3 ms) before the cast layer (4 ms).
    QCOMPARE(f.filter.index(0, 0, root).data().toString(), QStringLiteral("a"));
    f.filter.sort(ModuleTreeModel::TimeColumn, Qt::DescendingOrder);
    QCOMPARE(f.filter.index(0, 0, f.filter.index(0, 0)).data().toString(), QStringLiteral("cast"));
}

void TestModuleTreeModel::realPlanWalksWhole() {
    Fixture f(realPlan(QStringLiteral(
        "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json")));
    // Every layer is a row once, under its module.
    int layerRows = 0;
    std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
        for (int row = 0; row < f.model.rowCount(parent); ++row) {
            const QModelIndex index = f.model.index(row, 0, parent);
            QCOMPARE(f.model.parent(index), parent);
            if (index.data(ModuleTreeModel::LayerRole).toInt() >= 0)
                ++layerRows;
            walk(index);
        }
    };
    walk({});
    QCOMPARE(layerRows, 241);
    const QModelIndex ib1 = f.model.indexOfModule(f.model.tree().find("input_blocks.1"));
    QCOMPARE(f.model.index(ib1.row(), ModuleTreeModel::ShareColumn, ib1.parent()).data().toString(),
             QStringLiteral("14.5 %"));
}

// Each layer's time above its speed of light, summed per module with its submodules': a/b holds
// conv (0.5), a fused (1.0) and a/b, the root's cast has none ("-"), the unattributed 2.0.
void TestModuleTreeModel::sumsTimeAboveSpeedOfLight() {
    Fixture f(smallPlan());
    const QModelIndex root = f.model.index(0, 0);
    QCOMPARE(f.model.index(0, ModuleTreeModel::AboveSolColumn).data().toString(), QString());
    const double none = std::numeric_limits<double>::quiet_NaN();
    f.model.setAboveSol({0.5, 1.0, none, 2.0});
    const auto cell = [&f](const QModelIndex& row) {
        return f.model.index(row.row(), ModuleTreeModel::AboveSolColumn, row.parent()).data();
    };
    QCOMPARE(cell(root).toString(), QStringLiteral("1.5000 ms"));
    const QModelIndex a = f.model.indexOfModule(f.model.tree().find("a"));
    const QModelIndex ab = f.model.indexOfModule(f.model.tree().find("a/b"));
    QCOMPARE(cell(a).toString(), QStringLiteral("1.5000 ms"));
    QCOMPARE(cell(ab).toString(), QStringLiteral("0.5000 ms"));
    QCOMPARE(cell(f.model.indexOfLayer(1)).toString(), QStringLiteral("1.0000 ms"));
    QCOMPARE(cell(f.model.indexOfLayer(2)).toString(), QStringLiteral("-"));
    QCOMPARE(cell(f.model.index(1, 0)).toString(), QStringLiteral("2.0000 ms")); // unattributed
    QCOMPARE(f.model.index(a.row(), ModuleTreeModel::AboveSolColumn, a.parent())
                 .data(ModuleTreeModel::SortRole)
                 .toDouble(),
             1.5);
    // Sorted as numbers, the missing last either way.
    for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
        f.filter.sort(ModuleTreeModel::AboveSolColumn, order);
        // (model) 1.5 against (unattributed) 2.0
        const int rootRow = order == Qt::AscendingOrder ? 0 : 1;
        const QModelIndex sortedRoot = f.filter.index(rootRow, 0);
        QCOMPARE(sortedRoot.data(ModuleTreeModel::ModuleRole).toInt(), 0);
        QCOMPARE(f.filter.index(0, 0, sortedRoot).data().toString(), QStringLiteral("a"));
        QCOMPARE(f.filter.index(1, 0, sortedRoot).data().toString(), QStringLiteral("cast"));
    }
}

// AlexNet on its RTX 3060 Laptop: features and classifier hold every layer the roofline times
// but the input's Reformat and __myl_Res; each module's sum is its layers'.
void TestModuleTreeModel::realPlanTimeAboveSpeedOfLight() {
    const auto plan = realPlan(QStringLiteral("realworld/alexnet-trt10-rtx3060/alexnet_fp16"));
    Fixture f(plan);
    const Roofline roofline = rooflineFromFiles(*plan);
    std::vector<double> above(roofline.size(), std::numeric_limits<double>::quiet_NaN());
    for (std::size_t i = 0; i < roofline.size(); ++i)
        if (const auto ms = roofline.layer(i).aboveSolMs)
            above[i] = *ms;
    f.model.setAboveSol(above);
    const ModuleTree& tree = f.model.tree();
    for (const QString path : {"features", "classifier"}) {
        const int module = tree.find(path);
        QVERIFY(module >= 0);
        double sum = 0;
        for (int layer : tree.layersUnder(module))
            sum += above[std::size_t(layer)];
        const QModelIndex row = f.model.indexOfModule(module);
        QVERIFY(qAbs(f.model.index(row.row(), ModuleTreeModel::AboveSolColumn, row.parent())
                         .data(ModuleTreeModel::SortRole)
                         .toDouble() -
                     sum) < 1e-12);
    }
    // conv1 (features.0): 0.0243372 ms measured, 140,553,600 FLOPs at 43.776 TFLOP/s.
    const QModelIndex conv1 = f.model.indexOfLayer(1);
    QVERIFY(qAbs(f.model.index(conv1.row(), ModuleTreeModel::AboveSolColumn, conv1.parent())
                     .data(ModuleTreeModel::SortRole)
                     .toDouble() -
                 (0.0243372 - 140553600 / 43.776e9)) < 1e-12);
}

// ControlNet's two engines by module, tested through the sort proxy the compare window uses.
void TestModuleTreeModel::comparisonTree() {
    const QString pair =
        QStringLiteral("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/");
    const auto a = realPlan(pair + "a/layerinfo.json");
    const auto b = realPlan(pair + "b/layerinfo.json");
    ModuleComparisonModel model;
    ModuleComparisonSortModel sorted;
    sorted.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester sortedTester(&sorted,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComparison(std::make_shared<const ModuleComparison>(compareByModule(*a, *b)));
    model.setPlanLabels("a", "b");
    sorted.sort(ModuleComparisonModel::DeltaColumn, Qt::DescendingOrder);
    const QModelIndex root = sorted.index(0, 0);
    QCOMPARE(root.data().toString(), QStringLiteral("(model)"));
    QCOMPARE(sorted.index(0, ModuleComparisonModel::TimeAColumn).data().toString(),
             QStringLiteral("3.592 ms"));
    QCOMPARE(sorted.index(0, ModuleComparisonModel::TimeBColumn).data().toString(),
             QStringLiteral("15.295 ms"));
    // Children by |delta|, largest first; B is slower everywhere it grew.
    double previous = 1e9;
    for (int row = 0; row < sorted.rowCount(root); ++row) {
        const QVariant delta = sorted.index(row, ModuleComparisonModel::DeltaColumn, root)
                                   .data(ModuleComparisonModel::SortRole);
        if (!delta.isValid())
            continue;
        QVERIFY(delta.toDouble() <= previous);
        previous = delta.toDouble();
    }
    const QModelIndex first = sorted.index(0, ModuleComparisonModel::SpeedupColumn, root);
    QCOMPARE(first.data(ModuleComparisonModel::VerdictRole).toInt(), -1);
}

PLANSCOPE_TEST_MAIN(TestModuleTreeModel, QCoreApplication)
#include "tst_module_tree_model.moc"
