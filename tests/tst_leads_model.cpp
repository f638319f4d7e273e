#include "TestSupport.h"
#include "document/LayerSelection.h"
#include "io/PlanLoader.h"
#include "itemmodels/LeadsModel.h"
#include "plan/FigureText.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace planscope;
using planscope::test::fixturePath;

class TestLeadsModel : public QObject {
    Q_OBJECT
  private slots:
    void showsRankedLeads();
    void sortsNumbersWithMissingLast();
    void marksLayersInTheSelection();
};

void TestLeadsModel::showsRankedLeads() {
    const EnginePlan plan = loadPlan(fixturePath("leads.graph.json"));
    LeadsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setLeads(findLeads(plan));
    QCOMPARE(model.rowCount(), 9);
    QCOMPARE(model.columnCount(), int(LeadsModel::ColumnCount));
    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
        return model.index(row, column).data(role);
    };
    QCOMPARE(cell(0, LeadsModel::RankColumn).toInt(), 1);
    QCOMPARE(cell(0, LeadsModel::TitleColumn).toString(),
             QStringLiteral("`conv_a` takes 30.0 % of the latency"));
    QCOMPARE(cell(0, LeadsModel::TimeColumn).toString(), QStringLiteral("0.300 ms"));
    QCOMPARE(cell(0, LeadsModel::ShareColumn).toString(), QStringLiteral("30.0 %"));
    QCOMPARE(cell(0, LeadsModel::TimeColumn, LeadsModel::SortRole).toDouble(), 0.3);
    QCOMPARE(cell(0, LeadsModel::ShareColumn, LeadsModel::ShareRole).toDouble(), 30.0);
    QCOMPARE(cell(0, LeadsModel::IdColumn).toString(), QStringLiteral("hot-layer"));
    QCOMPARE(cell(0, 0, LeadsModel::FocusLayerRole).toInt(), 1); // conv_a
    const int streams = model.rowOf("several-streams");
    QCOMPARE(streams, 4);
    QCOMPARE(cell(streams, 0, LeadsModel::LayersRole).value<QList<int>>(), (QList<int>{3, 4}));
    QCOMPARE(cell(streams, LeadsModel::LayersColumn).toLongLong(), 2LL);
    QVERIFY(cell(streams, 0, LeadsModel::NextStepRole).toString().contains("--maxAuxStreams=0"));
    QVERIFY(cell(streams, 0, Qt::ToolTipRole).toString().contains("stream 1: 2 layers"));
    QCOMPARE(model.rowOf("slower-tactic"), -1);
    QCOMPARE(model.headerData(LeadsModel::TimeColumn, Qt::Horizontal).toString(),
             QStringLiteral("Time at stake"));
    model.setLeads({});
    QCOMPARE(model.rowCount(), 0);
}

// Without a profile every time is missing: "-", and last whichever the order.
void TestLeadsModel::sortsNumbersWithMissingLast() {
    QTemporaryDir dir;
    const QString alone = dir.filePath("alone.graph.json");
    QVERIFY(QFile::copy(fixturePath("leads.graph.json"), alone));
    PlanLeads untimed = findLeads(loadPlan(alone));
    PlanLeads timed = findLeads(loadPlan(fixturePath("leads.graph.json")));
    // A list holding both: two timed leads and one without a time.
    PlanLeads mixed;
    mixed.leads = {timed.leads[7], untimed.leads[0], timed.leads[0]}; // reformats, -, hot-layer
    LeadsModel model;
    LeadsSortModel sorted;
    QAbstractItemModelTester tester(&sorted,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    sorted.setSourceModel(&model);
    model.setLeads(mixed);
    QCOMPARE(model.index(1, LeadsModel::TimeColumn).data().toString(), kMissingText);
    QVERIFY(!model.index(1, LeadsModel::TimeColumn).data(LeadsModel::SortRole).isValid());
    QVERIFY(!model.index(1, 0).data(LeadsModel::ShareRole).isValid());
    const auto order = [&] {
        QStringList ids;
        for (int r = 0; r < sorted.rowCount(); ++r)
            ids << sorted.index(r, LeadsModel::IdColumn).data().toString();
        return ids;
    };
    sorted.sort(LeadsModel::TimeColumn, Qt::DescendingOrder);
    QCOMPARE(order(), (QStringList{"hot-layer", "reformats", "reformats"}));
    QCOMPARE(sorted.index(2, LeadsModel::TimeColumn).data().toString(), kMissingText);
    sorted.sort(LeadsModel::TimeColumn, Qt::AscendingOrder);
    QCOMPARE(sorted.index(0, LeadsModel::IdColumn).data().toString(), QStringLiteral("reformats"));
    QCOMPARE(sorted.index(0, LeadsModel::TimeColumn).data().toString(), QStringLiteral("0.045 ms"));
    QCOMPARE(sorted.index(2, LeadsModel::TimeColumn).data().toString(), kMissingText);
    sorted.sort(LeadsModel::RankColumn, Qt::AscendingOrder);
    QCOMPARE(sorted.index(0, LeadsModel::RankColumn).data().toInt(), 1);
}

// A lead's layers marked, the focus first: views see changed() before markedChanged().
void TestLeadsModel::marksLayersInTheSelection() {
    LayerSelection selection;
    QStringList events;
    connect(&selection, &LayerSelection::changed, this,
            [&](int layer) { events << QStringLiteral("changed %1").arg(layer); });
    connect(&selection, &LayerSelection::markedChanged, this, [&](const QList<int>& layers) {
        events << QStringLiteral("marked %1").arg(layers.size());
    });
    selection.mark({5, 2, 9}, 5);
    QCOMPARE(events, (QStringList{"changed 5", "marked 3"}));
    QCOMPARE(selection.current(), 5);
    QVERIFY(selection.isMarked(9) && !selection.isMarked(1));
    selection.select(2); // moving the focus keeps the marks
    QCOMPARE(selection.marked(), (QList<int>{5, 2, 9}));
    selection.mark({5, 2, 9}, 2); // the same again: no signal
    QCOMPARE(events.size(), 3);
    selection.clearMarks();
    QVERIFY(selection.marked().isEmpty());
    QCOMPARE(selection.current(), 2);
    selection.mark({1}, 1);
    selection.clear(); // a new plan: neither focus nor marks
    QCOMPARE(selection.current(), -1);
    QVERIFY(selection.marked().isEmpty() && selection.markedSet().isEmpty());
}

PLANSCOPE_TEST_MAIN(TestLeadsModel, QCoreApplication)
#include "tst_leads_model.moc"
