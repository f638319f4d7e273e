#include "TestSupport.h"
#include "itemmodels/GroupedRowsModel.h"
#include "itemmodels/MissingLast.h"
#include "itemmodels/TableModel.h"
#include "itemmodels/TreeModel.h"

#include <QAbstractItemModelTester>
#include <optional>
#include <vector>

using namespace planscope;

namespace {

constexpr int kSortRole = Qt::UserRole + 1;

// Three planets: a name and a moon count, the count missing for one.
class PlanetTable : public TableModel {
  public:
    enum Column { NameColumn, MoonsColumn, ColumnCount };
    struct Planet {
        QString name;
        std::optional<double> moons;
    };
    std::vector<Planet> planets = {{"Mars", 2}, {"Venus", std::nullopt}, {"Saturn", 146}};

  private:
    int numRows() const override { return int(planets.size()); }
    int numColumns() const override { return ColumnCount; }
    QVariant cell(int row, int column, int role) const override {
        const Planet& p = planets[std::size_t(row)];
        if (role == Qt::DisplayRole)
            return column == NameColumn ? p.name
                                        : (p.moons ? QString::number(*p.moons) : QString("-"));
        if (role == kSortRole)
            return column == NameColumn ? QVariant(p.name) : sortableFigure(p.moons);
        if (role == Qt::TextAlignmentRole && column == MoonsColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    QVariant headerCell(int column, int role) const override {
        if (role == Qt::DisplayRole)
            return column == NameColumn ? QString("Planet") : QString("Moons");
        if (role == Qt::ToolTipRole && column == MoonsColumn)
            return QString("Known moons");
        return {};
    }
};

// A root with two children, the first of which has one child: nodes are indices into `nodes`.
class NodeTree : public TreeModel {
  public:
    enum Column { NameColumn, WeightColumn, ColumnCount };
    struct Entry {
        QString name;
        double weight;
        int parent; // -1: a top row
        std::vector<int> children;
    };
    std::vector<Entry> nodes = {
        {"root", 10, -1, {1, 2}}, {"left", 9, 0, {3}}, {"right", 1, 0, {}}, {"leaf", 4, 1, {}}};

    QModelIndex indexOf(int node) const { return indexOfNode(node); }

  private:
    const Entry& entry(Node node) const { return nodes[std::size_t(node)]; }
    int numChildren(Node node) const override {
        return node == kRootNode ? 1 : int(entry(node).children.size());
    }
    Node childNode(Node node, int row) const override {
        return node == kRootNode ? 0 : entry(node).children[std::size_t(row)];
    }
    Node parentNode(Node node) const override {
        return entry(node).parent < 0 ? kRootNode : entry(node).parent;
    }
    int rowOfNode(Node node) const override {
        if (entry(node).parent < 0)
            return 0;
        const std::vector<int>& siblings = nodes[std::size_t(entry(node).parent)].children;
        return int(std::find(siblings.begin(), siblings.end(), int(node)) - siblings.begin());
    }
    int numColumns() const override { return ColumnCount; }
    QVariant cell(Node node, int column, int role) const override {
        if (role == Qt::DisplayRole)
            return column == NameColumn ? QVariant(entry(node).name)
                                        : QVariant(QString::number(entry(node).weight));
        if (role == kSortRole)
            return column == NameColumn ? QVariant(entry(node).name) : QVariant(entry(node).weight);
        return {};
    }
    QVariant headerCell(int column, int role) const override {
        return role == Qt::DisplayRole ? QVariant(column == NameColumn ? "Node" : "Weight")
                                       : QVariant();
    }
};

// Two groups, of two members and of none.
class TwoGroups : public GroupedRowsModel {
  private:
    int groupCount() const override { return 2; }
    int memberCount(int group) const override { return group == 0 ? 2 : 0; }
    QVariant groupData(int group, int column, int role) const override {
        return role == Qt::DisplayRole && column == 0 ? QVariant(QString("group %1").arg(group))
                                                      : QVariant();
    }
    QVariant memberData(int group, int member, int column, int role) const override {
        return role == Qt::DisplayRole && column == 0
                   ? QVariant(QString("member %1.%2").arg(group).arg(member))
                   : QVariant();
    }
    int numColumns() const override { return 2; }
    QVariant headerCell(int column, int role) const override {
        return role == Qt::DisplayRole ? QVariant(QString("column %1").arg(column)) : QVariant();
    }
};

QStringList namesInOrder(const QAbstractItemModel& model, const QModelIndex& parent = {}) {
    QStringList names;
    for (int row = 0; row < model.rowCount(parent); ++row)
        names << model.index(row, 0, parent).data().toString();
    return names;
}

} // namespace

class TestItemModelBases : public QObject {
    Q_OBJECT
  private slots:
    void tableAnswersQtFromItsCells();
    void tableSortsBySortRoleWithMissingLast();
    void treeMakesIndexesFromItsNodes();
    void treeSortsEachLevelBySortRole();
    void groupedRowsNestMembersUnderGroups();
};

void TestItemModelBases::tableAnswersQtFromItsCells() {
    PlanetTable model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.rowCount(model.index(0, 0)), 0); // rows have no children
    QCOMPARE(model.index(2, PlanetTable::NameColumn).data().toString(), QString("Saturn"));
    QCOMPARE(model.index(0, PlanetTable::MoonsColumn).data().toString(), QString("2"));
    QCOMPARE(model.index(1, PlanetTable::MoonsColumn).data().toString(), QString("-"));
    QCOMPARE(model.index(2, PlanetTable::MoonsColumn).data(kSortRole).toDouble(), 146.0);
    QVERIFY(!model.index(1, PlanetTable::MoonsColumn).data(kSortRole).isValid());
    QCOMPARE(model.index(0, PlanetTable::MoonsColumn).data(Qt::TextAlignmentRole),
             QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter));
    QVERIFY(!model.index(3, 0).isValid());
    QCOMPARE(model.headerData(PlanetTable::NameColumn, Qt::Horizontal).toString(),
             QString("Planet"));
    QCOMPARE(model.headerData(PlanetTable::MoonsColumn, Qt::Horizontal, Qt::ToolTipRole).toString(),
             QString("Known moons"));
    QVERIFY(!model.headerData(2, Qt::Horizontal).isValid()); // past the last column
    QVERIFY(!model.headerData(-1, Qt::Horizontal).isValid());
    QVERIFY(!model.headerData(0, Qt::Vertical).isValid()); // no row headers
}

void TestItemModelBases::tableSortsBySortRoleWithMissingLast() {
    PlanetTable model;
    MissingLastSortModel sorted;
    sorted.setSortRole(kSortRole);
    sorted.setSourceModel(&model);
    QAbstractItemModelTester tester(&sorted,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    sorted.sort(PlanetTable::MoonsColumn, Qt::DescendingOrder); // 146 > 2 as numbers, not text
    QCOMPARE(namesInOrder(sorted), (QStringList{"Saturn", "Mars", "Venus"}));
    sorted.sort(PlanetTable::MoonsColumn, Qt::AscendingOrder);
    QCOMPARE(namesInOrder(sorted), (QStringList{"Mars", "Saturn", "Venus"}));
}

void TestItemModelBases::treeMakesIndexesFromItsNodes() {
    NodeTree model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 1);
    const QModelIndex root = model.index(0, 0);
    QCOMPARE(root.data().toString(), QString("root"));
    QVERIFY(!root.parent().isValid());
    QCOMPARE(namesInOrder(model, root), (QStringList{"left", "right"}));
    const QModelIndex left = model.index(0, 0, root);
    const QModelIndex leaf = model.index(0, 0, left);
    QCOMPARE(leaf.data().toString(), QString("leaf"));
    QCOMPARE(leaf.parent(), left);
    QCOMPARE(leaf.parent().parent(), root);
    QCOMPARE(model.index(1, NodeTree::WeightColumn, root).data().toString(), QString("1"));
    QCOMPARE(model.index(1, NodeTree::WeightColumn, root).data(kSortRole).toDouble(), 1.0);
    QCOMPARE(model.index(1, NodeTree::WeightColumn, root).parent(), root); // column 0's parent
    QCOMPARE(model.rowCount(model.index(0, NodeTree::WeightColumn)),
             0); // children hang on column 0
    QCOMPARE(model.columnCount(leaf), 2);
    QCOMPARE(model.indexOf(3), leaf);
    QCOMPARE(model.indexOf(2), model.index(1, 0, root));
    QVERIFY(!model.index(2, 0, root).isValid());
    QVERIFY(!model.index(0, 2, root).isValid());
    QCOMPARE(model.headerData(NodeTree::WeightColumn, Qt::Horizontal).toString(),
             QString("Weight"));
    QVERIFY(!model.headerData(NodeTree::ColumnCount, Qt::Horizontal).isValid());
    QVERIFY(!model.headerData(0, Qt::Vertical).isValid());
}

void TestItemModelBases::treeSortsEachLevelBySortRole() {
    NodeTree model;
    model.nodes[2].weight = 100; // "right" now outweighs "left" (9): as numbers, 100 > 9
    MissingLastSortModel sorted;
    sorted.setSortRole(kSortRole);
    sorted.setSourceModel(&model);
    QAbstractItemModelTester tester(&sorted,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    sorted.sort(NodeTree::WeightColumn, Qt::DescendingOrder);
    QCOMPARE(namesInOrder(sorted, sorted.index(0, 0)), (QStringList{"right", "left"}));
    sorted.sort(NodeTree::WeightColumn, Qt::AscendingOrder);
    QCOMPARE(namesInOrder(sorted, sorted.index(0, 0)), (QStringList{"left", "right"}));
}

void TestItemModelBases::groupedRowsNestMembersUnderGroups() {
    TwoGroups model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(namesInOrder(model), (QStringList{"group 0", "group 1"}));
    const QModelIndex first = model.index(0, 0);
    QCOMPARE(namesInOrder(model, first), (QStringList{"member 0.0", "member 0.1"}));
    QCOMPARE(model.index(1, 0, first).parent(), first);
    QCOMPARE(model.rowCount(model.index(1, 0, first)), 0);
    QCOMPARE(model.rowCount(model.index(1, 0)), 0);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QString("column 1"));
}

PLANSCOPE_TEST_MAIN(TestItemModelBases, QCoreApplication)
#include "tst_item_model_bases.moc"
