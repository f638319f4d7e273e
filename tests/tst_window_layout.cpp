#include "ScreenTestMain.h"
#include "TestSupport.h"
#include "accuracy/HistogramView.h"
#include "gui/MainWindow.h"
#include "panels/AccuracyPanel.h"
#include "panels/ChartsPanel.h"
#include "panels/GraphPanel.h"
#include "panels/LayerInspector.h"
#include "panels/LintPanel.h"
#include "panels/SummaryPanel.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QLabel>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTreeWidget>
#include <QtTest>

using namespace planscope;

namespace {

constexpr int kSideDockMinimum = 280;
constexpr char16_t kBreakHint = 0x200B;

bool insideWord(const QString& text, int position) {
    return position > 0 && position < text.size() && text[position - 1].isLetterOrNumber() &&
           text[position].isLetterOrNumber();
}

// Every line of rich text fits its width and starts at a word's start: nothing overflows a
// narrow column, nothing wraps one character a line.
QStringList badLines(const QTextDocument& document) {
    QStringList bad;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const QTextLayout* layout = block.layout();
        const QString text = block.text();
        for (int l = 0; l < layout->lineCount(); ++l) {
            const QTextLine line = layout->lineAt(l);
            const bool overflows = line.naturalTextWidth() > line.width() + 1;
            if (overflows || insideWord(text, line.textStart()))
                bad << QString(text).remove(QChar(kBreakHint)).left(60);
        }
    }
    return bad;
}

} // namespace

// The window as a new user first sees it on one screen size (see main below): fresh settings,
// the demo plan, a layer selected, every tab.
class TestWindowLayout : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void fitsTheScreen();
    void givesTheLayerTableTheRoom();
    void namesEveryChartApart();
    void keepsPanelsReadableOnEveryTab();
    void fitsTheGraphToTheView();
    void colorsNodesAsTheLegend();
    void copiesNamesAsTheyAre();
    void showsEightTensorsOnTheAccuracyTab();

  private:
    std::unique_ptr<MainWindow> m_window;
};

void TestWindowLayout::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QSignalSpy loaded(m_window.get(), &MainWindow::loadFinished);
    m_window->openDemoPlan();
    QVERIFY(loaded.wait(60000));
    QVERIFY(loaded.first().first().toBool());
    m_window->document()->selection()->select(12); // a long fused name and tactic
    QTest::qWait(100);
}

void TestWindowLayout::fitsTheScreen() {
    const QRect available = m_window->screen()->availableGeometry();
    QVERIFY2(available.contains(m_window->frameGeometry()),
             qPrintable(QStringLiteral("%1x%2 window on a %3x%4 screen")
                            .arg(m_window->width())
                            .arg(m_window->height())
                            .arg(available.width())
                            .arg(available.height())));
    // Filled up to 2560x1600: at 1920x1080 the window opened at 85 % with the table cramped.
    const bool filled = available.width() <= 2560 && available.height() <= 1600;
    QVERIFY(m_window->width() >= available.width() * (filled ? 0.95 : 0.8));
}

// The summary and the inspector share one side as tabs: the layer table gets the rest.
void TestWindowLayout::givesTheLayerTableTheRoom() {
    auto* tabs = m_window->findChild<QTabWidget*>();
    tabs->setCurrentIndex(0);
    QTest::qWait(50);
    const auto* table = tabs->currentWidget()->findChild<QTableView*>();
    QVERIFY(table);
    auto* summary = m_window->findChild<QDockWidget*>("summaryDock");
    const auto* inspector = m_window->findChild<QDockWidget*>("inspectorDock");
    QVERIFY(m_window->tabifiedDockWidgets(summary).contains(inspector));
    QVERIFY2(
        table->width() >= m_window->width() - inspector->width() - 40,
        qPrintable(QStringLiteral("table %1 px of %2").arg(table->width()).arg(m_window->width())));
    QVERIFY(inspector->isVisible() && !inspector->visibleRegion().isEmpty()); // a layer is chosen
}

void TestWindowLayout::keepsPanelsReadableOnEveryTab() {
    auto* tabs = m_window->findChild<QTabWidget*>();
    auto* lint = m_window->findChild<QDockWidget*>("lintDock");
    QVERIFY(tabs && lint);
    for (int t = 0; t < tabs->count(); ++t) {
        tabs->setCurrentIndex(t);
        QTest::qWait(50);
        const QString tab = tabs->tabText(t).remove('&');
        for (const char* name : {"summaryDock", "inspectorDock"}) {
            const auto* dock = m_window->findChild<QDockWidget*>(name);
            QVERIFY2(dock->width() >= kSideDockMinimum,
                     qPrintable(QStringLiteral("%1 is %2 px wide on the %3 tab")
                                    .arg(name)
                                    .arg(dock->width())
                                    .arg(tab)));
        }
        QVERIFY2(lint->height() >= m_window->lintPanel()->minimumSizeHint().height(),
                 qPrintable(tab)); // six findings
        QVERIFY2(lint->height() <= m_window->height() / 3 + 10, qPrintable(tab));
        for (QTextBrowser* text : {static_cast<QTextBrowser*>(m_window->summaryPanel()),
                                   static_cast<QTextBrowser*>(m_window->inspector())}) {
            QVERIFY(!text->document()->isEmpty());
            const QStringList bad = badLines(*text->document());
            QVERIFY2(bad.isEmpty(), qPrintable(tab + ": " + bad.join(" | ")));
        }
    }
}

// The chart list's names, as shown (a long one loses its middle), differ from each other: seven
// start "Latency per convolution (color =" and were cut to the same text.
void TestWindowLayout::namesEveryChartApart() {
    auto* tabs = m_window->findChild<QTabWidget*>();
    auto* charts = m_window->findChild<ChartsPanel*>();
    QVERIFY(tabs && charts);
    tabs->setCurrentWidget(charts);
    QTest::qWait(50);
    auto* list = charts->findChild<QTreeWidget*>();
    QVERIFY(list);
    QCOMPARE(list->textElideMode(), Qt::ElideMiddle);
    QStringList shown;
    for (QTreeWidgetItemIterator it(list, QTreeWidgetItemIterator::NoChildren); *it; ++it) {
        const QRect cell = list->visualItemRect(*it);
        QVERIFY(cell.isValid());
        const QString text =
            list->fontMetrics().elidedText((*it)->text(0), Qt::ElideMiddle, cell.width() - 8);
        QVERIFY2(!shown.contains(text), qPrintable(text));
        shown << text;
        QVERIFY(!(*it)->toolTip(0).isEmpty());
    }
    QVERIFY(shown.size() > 30);
}

void TestWindowLayout::fitsTheGraphToTheView() {
    auto* tabs = m_window->findChild<QTabWidget*>();
    GraphPanel* graph = m_window->graphPanel();
    tabs->setCurrentWidget(graph);
    QTRY_VERIFY_WITH_TIMEOUT(!graph->isLayingOut() && graph->canvas()->scene(), 60000);
    QTest::qWait(50);
    GraphCanvas* canvas = graph->canvas();
    const auto wholeSceneShown = [canvas] {
        const QRectF bounds = canvas->scene()->layout.bounds;
        const QRectF shown(canvas->toWidget(bounds.topLeft()),
                           canvas->toWidget(bounds.bottomRight()));
        return QRectF(canvas->rect()).adjusted(-1, -1, 1, 1).contains(shown);
    };
    // On first show: legible, with the selected layer in view.
    QVERIFY(canvas->labelPixels() >= GraphCanvas::kLegibleLabelPixels);
    const int selected = canvas->scene()->graph.nodeOfLayer(12);
    QVERIFY(canvas->visibleScene().contains(canvas->scene()->layout.nodes[std::size_t(selected)]));
    canvas->zoomBy(3, QPointF(10, 10));
    QVERIFY(!wholeSceneShown());
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_F);
    QVERIFY(wholeSceneShown());
}

void TestWindowLayout::colorsNodesAsTheLegend() {
    GraphPanel* graph = m_window->graphPanel();
    const GraphCanvas::Scene* scene = graph->canvas()->scene();
    QVERIFY(scene);
    auto* legend = graph->findChild<QLabel*>(QStringLiteral("graphLegend"));
    QVERIFY(legend);
    for (const GraphNode& node : scene->graph.nodes()) {
        if (node.kind != GraphNode::Kind::Layer || node.layer < 0)
            continue;
        const QString swatch = QStringLiteral("#%1").arg(
            nodeColor(node, *scene->plan, scene->style), 6, 16, QLatin1Char('0'));
        QVERIFY2(legend->text().contains(swatch), qPrintable(node.name + " " + swatch));
    }
}

// Names wrap at the hints the panels insert, but copy without them.
void TestWindowLayout::copiesNamesAsTheyAre() {
    LayerInspector* inspector = m_window->inspector();
    const QString name = m_window->document()->plan()->layers[12].name;
    QVERIFY(inspector->toPlainText().contains(QChar(kBreakHint)));
    QVERIFY(inspector->text().contains(name.section(" + ", 0, 0)));
    inspector->selectAll();
    inspector->copy();
    const QString copied = QApplication::clipboard()->text();
    QVERIFY(!copied.contains(QChar(kBreakHint)));
    QVERIFY2(copied.contains(name.section(" + ", 1)), qPrintable(copied.left(200)));
}

// A polygraphy log of 12 tensors beside the demo plan (none maps: the header says so, a line
// more): at least 8 of its rows in view, with the histograms below (issue 44).
void TestWindowLayout::showsEightTensorsOnTheAccuracyTab() {
    QVERIFY(m_window->openAccuracyLog(planscope::test::dataPath(
        QStringLiteral("realworld/polygraphy-mnist-trt10.16/polygraphy-run-04.log"))));
    auto* tabs = m_window->findChild<QTabWidget*>();
    AccuracyPanel* panel = m_window->accuracyPanel();
    tabs->setCurrentWidget(panel);
    QTest::qWait(50);
    QVERIFY(panel->headerText().contains("writes any of the log's 12 tensors"));
    const QTableView* table = panel->table();
    const QRect eighth = table->visualRect(table->model()->index(7, 0));
    QVERIFY2(!eighth.isEmpty() && eighth.bottom() < table->viewport()->height(),
             qPrintable(QStringLiteral("row 8 ends at %1 px of %2")
                            .arg(eighth.bottom())
                            .arg(table->viewport()->height())));
    QVERIFY(panel->histograms()->height() >= panel->histograms()->minimumHeight());
}

// The screen is PLANSCOPE_SCREEN (see ScreenTestMain.h).
int main(int argc, char** argv) {
    return planscope::test::runOnScreen<TestWindowLayout>(argc, argv);
}

#include "tst_window_layout.moc"
