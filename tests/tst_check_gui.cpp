#include "TestSupport.h"
#include "gui/MainWindow.h"
#include "itemmodels/CheckModel.h"
#include "panels/CheckBanner.h"
#include "panels/CheckPanel.h"
#include "panels/LintPanel.h"
#include "panels/SummaryPanel.h"
#include "text/RichTextView.h"

#include <QApplication>
#include <QDockWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

// The check in the window: a banner for an error, a line in the summary, the results in the
// lint panel's File check tab, linked to the layers.
class TestCheckGui : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void bannerShowsAnError();
    void bannerGoesWithTheError();
    void detailsShowTheResults();
    void resultsSelectLayers();
    void summarySaysWhenNoRuleCanRun();
    void summaryShowsTheEnginesWork();
};

namespace {

bool openAndWait(MainWindow& window, const QString& path) {
    QSignalSpy finished(&window, &MainWindow::loadFinished);
    window.openPlan(path);
    return (!finished.isEmpty() || finished.wait(60000)) && finished.first().first().toBool();
}

// The quirks graph beside another engine's profile, as discovery finds them.
class ForeignProfilePlan {
  public:
    ForeignProfilePlan() {
        QFile::copy(fixturePath("quirks.graph.json"), plan() + ".graph.json");
        QFile::copy(fixturePath("other-engine.profile.json"), plan() + ".profile.json");
    }
    QString plan() const { return m_dir.filePath("x.onnx.engine"); }

  private:
    QTemporaryDir m_dir;
};

QModelIndex childNamed(const QAbstractItemModel* model, const QString& id, int layer) {
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex result = model->index(r, 0);
        if (!result.data().toString().startsWith(id))
            continue;
        for (int l = 0; l < model->rowCount(result); ++l) {
            const QModelIndex child = model->index(l, 0, result);
            if (child.data(CheckModel::LayerIndexRole).toInt() == layer)
                return child;
        }
    }
    return {};
}

} // namespace

void TestCheckGui::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

// Another engine's profile no longer stops the plan from opening: the banner says why its
// timings are missing, with both files and the fix.
void TestCheckGui::bannerShowsAnError() {
    const ForeignProfilePlan files;
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(openAndWait(window, files.plan()));
    CheckBanner* banner = window.checkBanner();
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().startsWith("The plan's files do not agree: 0 of the 3 records of "
                                       "x.onnx.engine.profile.json name a layer of "
                                       "x.onnx.engine.graph.json"),
             qPrintable(banner->text()));
    QVERIFY2(banner->text().contains("What to do: Use the profile exported from this engine"),
             qPrintable(banner->text()));
    QVERIFY(!window.document()->plan()->hasProfile);
    const QString summary = window.summaryPanel()->text();
    QVERIFY2(summary.contains("Check\n1 error, 1 warning\n"), qPrintable(summary));
    QCOMPARE(window.lintPanel()->tabs()->tabText(1), QString("File check (1 error, 1 warning)"));

    // Dismissed, it stays away until a plan is opened again.
    banner->findChild<QToolButton*>()->click();
    QVERIFY(!banner->isVisible());
    QVERIFY(openAndWait(window, files.plan()));
    QVERIFY(banner->isVisible());
}

void TestCheckGui::bannerGoesWithTheError() {
    const ForeignProfilePlan files;
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, files.plan()));
    QVERIFY(window.checkBanner()->isVisible());
    QVERIFY(openAndWait(window, dataPath("trex/mobilenet/mobilenet.qat.onnx.engine")));
    QVERIFY(!window.checkBanner()->isVisible());
    const QString summary = window.summaryPanel()->text();
    QVERIFY2(summary.contains("Check\nno findings\n"), qPrintable(summary));
    QCOMPARE(window.lintPanel()->tabs()->tabText(1), QString("File check (no findings)"));
    QCOMPARE(window.lintPanel()->checkPanel()->view()->model()->rowCount(), 0);
    QVERIFY2(
        window.lintPanel()->checkPanel()->details()->placeholderText().startsWith("No findings"),
        qPrintable(window.lintPanel()->checkPanel()->details()->placeholderText()));
}

void TestCheckGui::detailsShowTheResults() {
    const ForeignProfilePlan files;
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, files.plan()));
    auto* lintDock = qobject_cast<QDockWidget*>(window.lintPanel()->parentWidget());
    QVERIFY(lintDock);
    lintDock->hide();
    QCOMPARE(window.lintPanel()->tabs()->currentIndex(), 0);
    window.checkBanner()->findChild<QPushButton*>()->click();
    QVERIFY(lintDock->isVisible());
    QCOMPARE(window.lintPanel()->currentPage(), window.lintPanel()->checkPanel());
    QTreeView* view = window.lintPanel()->checkPanel()->view();
    QCOMPARE(view->model()->rowCount(), 2);
    const QModelIndex error = view->model()->index(0, 0);
    QCOMPARE(error.data().toString(), QString("profile-other-engine"));
    QCOMPARE(error.siblingAtColumn(CheckModel::LevelColumn).data().toString(), QString("error"));
    view->setCurrentIndex(error);
    const QString details = window.lintPanel()->checkPanel()->details()->text();
    QVERIFY2(details.startsWith("error profile-other-engine\n0 of the 3 records"),
             qPrintable(details));
    QVERIFY2(details.contains("What to do: Use the profile") &&
                 details.contains(files.plan() + ".profile.json"),
             qPrintable(details));
}

// Choosing a result's layer selects it everywhere; a layer selected elsewhere points at the
// first result naming it.
void TestCheckGui::resultsSelectLayers() {
    const ForeignProfilePlan files;
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, files.plan()));
    QTreeView* view = window.lintPanel()->checkPanel()->view();
    const QModelIndex dup2 = childNamed(view->model(), "duplicate-layer-names", 3);
    QVERIFY(dup2.isValid());
    QCOMPARE(dup2.data().toString(), QString("3  dup_2"));
    view->setCurrentIndex(dup2);
    QCOMPARE(window.document()->selection()->current(), 3);
    window.document()->selection()->select(2);
    QCOMPARE(view->currentIndex(), childNamed(view->model(), "duplicate-layer-names", 2));
    window.document()->selection()->select(0); // in no result
    QVERIFY(!view->selectionModel()->hasSelection());
}

// A plan of layer names only: the Summary says no lint rule can run, not "0" findings.
void TestCheckGui::summarySaysWhenNoRuleCanRun() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, fixturePath("names-only.graph.json")));
    const QString summary = window.summaryPanel()->text();
    QVERIFY2(summary.contains("Lint findings\n- (no rule can run: layer names only)\n"),
             qPrintable(summary));
}

// The Summary gives the engine's work and speed of light as `planscope summary` does: the FP16
// ResNet-18 on its A100 (README's Speed of light).
void TestCheckGui::summaryShowsTheEnginesWork() {
    MainWindow window;
    window.show();
    QVERIFY(openAndWait(window, dataPath("trex/resnet-a100/fp16")));
    const QString summary = window.summaryPanel()->text();
    for (const char* shown : {"GFLOPs\n116.10\n", "Parameters\n11.68 M\n",
                              "Speed of light\n0.449 ms, 44.1 % of the measured 1.017 ms\n"})
        QVERIFY2(summary.contains(QString::fromUtf8(shown)), qPrintable(summary));
}

PLANSCOPE_TEST_MAIN(TestCheckGui, QApplication)
#include "tst_check_gui.moc"
