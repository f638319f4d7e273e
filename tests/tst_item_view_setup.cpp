#include "TestSupport.h"
#include "itemviews/ItemViewSetup.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QTreeView>

using namespace planscope;

namespace {

// Rows 10, 9 and 100 in one column: sorted as numbers, not as text.
void fill(QStandardItemModel& model) {
    for (int value : {10, 9, 100}) {
        auto* item = new QStandardItem;
        item->setData(value, Qt::DisplayRole);
        model.appendRow(item);
    }
}

QList<int> column0(const QAbstractItemModel& model) {
    QList<int> values;
    for (int row = 0; row < model.rowCount(); ++row)
        values << model.index(row, 0).data().toInt();
    return values;
}

} // namespace

class TestItemViewSetup : public QObject {
    Q_OBJECT
  private slots:
    void tableShowsTheModelThroughItsProxySorted();
    void tableKeepsTheModelsOrderUntilAHeaderIsClicked();
    void treeWithoutProxyOrSortShowsTheModel();
};

void TestItemViewSetup::tableShowsTheModelThroughItsProxySorted() {
    QStandardItemModel model;
    fill(model);
    QSortFilterProxyModel proxy;
    QTableView view;
    QAction copy("Copy");
    setUpTableView(&view, &model, &proxy, SortColumn{0, Qt::DescendingOrder}, {&copy});
    QCOMPARE(view.model(), &proxy);
    QCOMPARE(proxy.sourceModel(), &model);
    QVERIFY(view.isSortingEnabled());
    QCOMPARE(view.horizontalHeader()->sortIndicatorSection(), 0);
    QCOMPARE(view.horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);
    QCOMPARE(column0(proxy), (QList<int>{100, 10, 9}));
    QCOMPARE(view.selectionBehavior(), QAbstractItemView::SelectRows);
    QVERIFY(view.verticalHeader()->isHidden());
    QCOMPARE(view.verticalHeader()->defaultSectionSize(), view.fontMetrics().height() + 6);
    QCOMPARE(view.contextMenuPolicy(), Qt::ActionsContextMenu);
    QCOMPARE(view.actions(), (QList<QAction*>{&copy}));
}

void TestItemViewSetup::tableKeepsTheModelsOrderUntilAHeaderIsClicked() {
    QStandardItemModel model;
    fill(model);
    QSortFilterProxyModel proxy;
    QTableView view;
    setUpTableView(&view, &model, &proxy, kModelOrder);
    QVERIFY(view.isSortingEnabled());
    QCOMPARE(column0(proxy), (QList<int>{10, 9, 100}));
    QCOMPARE(view.contextMenuPolicy(), Qt::DefaultContextMenu);
}

void TestItemViewSetup::treeWithoutProxyOrSortShowsTheModel() {
    QStandardItemModel model;
    fill(model);
    QTreeView view;
    setUpTreeView(&view, &model);
    QCOMPARE(view.model(), &model);
    QVERIFY(!view.isSortingEnabled());
    QCOMPARE(column0(model), (QList<int>{10, 9, 100}));
    QVERIFY(view.uniformRowHeights());
    QVERIFY(view.alternatingRowColors());
    QCOMPARE(view.selectionMode(), QAbstractItemView::SingleSelection);
    QCOMPARE(view.header()->sectionResizeMode(0), QHeaderView::Interactive);
}

PLANSCOPE_TEST_MAIN(TestItemViewSetup, QApplication)
#include "tst_item_view_setup.moc"
