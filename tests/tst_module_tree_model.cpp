#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "itemmodels/ModuleComparisonModel.h"
#include "itemmodels/ModuleTreeModel.h"
#include "leads/Lead.h"
#include "lint/LintFinding.h"

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
