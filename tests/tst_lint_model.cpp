#include "TestSupport.h"
#include "document/PlanDocument.h"
#include "io/PlanLoader.h"
#include "itemmodels/LintFilterModel.h"
#include "itemmodels/LintModel.h"
#include "lint/Linter.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

class TestLintModel : public QObject {
    Q_OBJECT
  private slots:
    void groupsFindingsByRule();
    void filtersByRule();
    void selectionStopsEchoes();
    void documentLinksLayers();
    void documentShowsThePlanBeforeItsAnalysis();
};

void TestLintModel::groupsFindingsByRule() {
    const EnginePlan plan = loadPlan(dataPath("trex/mobilenet/mobilenet.qat.onnx.engine"));
    const auto findings = lintPlan(plan);
    LintModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFindings(&findings);
    QCOMPARE(model.rules(), QStringList({"conv-not-accelerated", "conv-int8-float-output",
                                         "conv-channel-alignment", "reformat-type-conversion",
                                         "unquantized-residual", "small-batch"}));
    const QModelIndex reformats = model.index(3, 0);
    QCOMPARE(reformats.data().toString(), QString("reformat-type-conversion (17)"));
    QCOMPARE(model.rowCount(reformats), 17);
    const QModelIndex first = model.index(0, 0, reformats);
    QCOMPARE(first.data().toString(), QString("QuantizeLinear_2"));
    QCOMPARE(first.data(LintModel::LayerIndexRole).toInt(), 0);
    QCOMPARE(first.parent(), reformats);
    QVERIFY(first.data(Qt::ToolTipRole).toString().contains("FP32 -> INT8"));
    QCOMPARE(reformats.data(LintModel::LayerIndexRole).toInt(), -1);
    model.setFindings(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestLintModel::filtersByRule() {
    const EnginePlan plan = loadPlan(fixturePath("lint.graph.json"));
    const auto findings = lintPlan(plan);
    LintModel model;
    LintFilterModel filter;
    QAbstractItemModelTester tester(&filter,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setSourceModel(&model);
    model.setFindings(&findings);
    QCOMPARE(filter.rowCount(), 8); // trex's six rules, unfused-scale and small-batch
    filter.setRuleFilter("unfused-qdq");
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.rowCount(filter.index(0, 0)), 2);
    QCOMPARE(filter.index(1, 0, filter.index(0, 0)).data().toString(), QString("scale_dequantize"));
    filter.setRuleFilter({});
    QCOMPARE(filter.rowCount(), 8); // trex's six rules, unfused-scale and small-batch
}

void TestLintModel::selectionStopsEchoes() {
    LayerSelection selection;
    QSignalSpy spy(&selection, &LayerSelection::changed);
    selection.select(3);
    selection.select(3); // a view echoing the selection back
    selection.select(5);
    selection.clear();
    QCOMPARE(spy.count(), 3);
    QCOMPARE(spy.at(1).at(0).toInt(), 5);
    QCOMPARE(selection.current(), -1);
}

void TestLintModel::documentLinksLayers() {
    PlanDocument document;
    QSignalSpy changed(&document, &PlanDocument::planChanged);
    document.open(loadAnalysed(fixturePath("lint.graph.json")));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(document.findingsFor(2).size(), std::size_t(2)); // conv_int8_float_out_unaligned
    document.selection()->select(4);
    document.open(loadAnalysed(fixturePath("quirks.graph.json")));
    QCOMPARE(document.selection()->current(), -1); // a new plan clears the selection
    // in+reformat -> up -> dup -> dup_2 -> add, through the folded NoOp
    const LayerConnections& c = *document.connections();
    QCOMPARE(c.producers(2), std::vector<int>({1}));
    QCOMPARE(c.consumers(1), std::vector<int>({2}));
    QCOMPARE(c.producers(0), std::vector<int>());
    QCOMPARE(c.consumers(4), std::vector<int>());
    document.clear();
    QVERIFY(!document.plan());
}

// The window shows a plan as soon as it is read and its analysis when the worker delivers it;
// lint settings changed in between apply to the findings that arrive.
void TestLintModel::documentShowsThePlanBeforeItsAnalysis() {
    PlanDocument document;
    QSignalSpy planChanged(&document, &PlanDocument::planChanged);
    QSignalSpy analysisChanged(&document, &PlanDocument::analysisChanged);
    auto plan = std::make_shared<const EnginePlan>(loadPlan(fixturePath("lint.graph.json")));
    document.setPlan(plan);
    QCOMPARE(planChanged.count(), 1);
    QCOMPARE(analysisChanged.count(), 0);
    QVERIFY(document.isAnalysing());
    QVERIFY(document.findings().empty());
    QVERIFY(document.connections()); // made when asked for, analysis or not

    const PlanAnalysis analysis(plan); // every rule on
    analysis.makeFindingsCheckAndLeads();
    const std::size_t allRules = analysis.findings().size();
    QVERIFY(allRules > 2);
    LintSettings fewer;
    fewer.disabled.insert(analysis.findings().front().rule);
    document.setLintSettings(fewer); // while the analysis is being made: no signal yet
    QCOMPARE(analysisChanged.count(), 0);
    document.setAnalysis(analysis);
    QCOMPARE(analysisChanged.count(), 1);
    QCOMPARE(planChanged.count(), 1);
    QVERIFY(!document.isAnalysing());
    QCOMPARE(document.findings().size(), lintPlan(*plan, fewer).size());
    QVERIFY(document.findings().size() < allRules);

    document.setLintSettings({}); // once analysed: linted again at once, the plan kept
    QCOMPARE(analysisChanged.count(), 2);
    QCOMPARE(planChanged.count(), 1);
    QCOMPARE(document.findings().size(), allRules);
}

PLANSCOPE_TEST_MAIN(TestLintModel, QCoreApplication)
#include "tst_lint_model.moc"
