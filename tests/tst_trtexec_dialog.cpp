#include "TrtexecStandIn.h"
#include "dialogs/TrtexecDialog.h"
#include "gui/MainWindow.h"
#include "runner/TrtexecRunner.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace planscope;
using planscope::test::announceStandIn;
using planscope::test::StandIn;
using planscope::test::standInGone;
using planscope::test::writeStandIn;

namespace {

template <typename T> T* field(QWidget& dialog, const char* name) {
    return dialog.findChild<T*>(QString::fromLatin1(name));
}

// Fills the dialog's fields for a run in `dir` with the stand-in `trtexec`; returns the job.
TrtexecJob fill(TrtexecDialog& dialog, const QString& dir, const QString& trtexec) {
    TrtexecJob job{QDir(dir).filePath("net.onnx"),
                   QDir(dir).filePath("out"),
                   {"--fp16", "--shapes=input:1x3x8x8"}};
    QFile model(job.model);
    model.open(QIODevice::WriteOnly);
    model.write("onnx");
    model.close();
    field<QLineEdit>(dialog, "model")->setText(job.model);
    field<QLineEdit>(dialog, "outputDir")->setText(job.outputDir);
    field<QLineEdit>(dialog, "trtexec")->setText(trtexec);
    field<QLineEdit>(dialog, "extraArguments")->setText("--fp16 --shapes=input:1x3x8x8");
    return job;
}

// Pixels that differ from the top-left one (the dialog's background).
int drawnPixels(const QImage& image) {
    const QRgb background = image.pixel(0, 0);
    int drawn = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            drawn += image.pixel(x, y) != background;
    return drawn;
}

} // namespace

class TestTrtexecDialog : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void previewsRunsAndStreams();
    void explainsMissingTrtexec();
    void cancelsWithEscape();
    void opensResultFromFileMenu();
};

void TestTrtexecDialog::initTestCase() {
    announceStandIn();
    QStandardPaths::setTestModeEnabled(true); // QSettings go to a test location
    QSettings().clear();
}

void TestTrtexecDialog::previewsRunsAndStreams() {
    QTemporaryDir dir;
    const QString trtexec = writeStandIn(dir.path(), StandIn::Succeeds);
    TrtexecDialog dialog;
    const TrtexecJob job = fill(dialog, dir.path(), trtexec);
    QCOMPARE(field<QPlainTextEdit>(dialog, "commands")->toPlainText(),
             shellCommand(trtexec, buildArguments(job)) + "\n\n" +
                 shellCommand(trtexec, profileArguments(job)));
    QVERIFY(!field<QLabel>(dialog, "trtexecProblem")->isVisibleTo(&dialog));
    QSignalSpy ready(&dialog, &TrtexecDialog::engineReady);
    QSignalSpy finished(dialog.runner(), &TrtexecRunner::finished);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    field<QPushButton>(dialog, "run")->click();
    QVERIFY(finished.wait(30000));
    QCOMPARE(ready.size(), 1);
    QCOMPARE(ready.first().first().toString(), trtexecOutputs(job).engine);
    const QString output = field<QPlainTextEdit>(dialog, "output")->toPlainText();
    QVERIFY(output.startsWith("$ " + shellCommand(trtexec, buildArguments(job)) + '\n'));
    QCOMPARE(output.count("[I] stand-in trtexec: writing fixture files"), 2);
    QVERIFY(output.contains("$ " + shellCommand(trtexec, profileArguments(job))));
    QCOMPARE(field<QLabel>(dialog, "status")->text(), "Done: " + trtexecOutputs(job).engine);
    QCOMPARE(QSettings().value("trtexec/extraArguments").toString(),
             QString("--fp16 --shapes=input:1x3x8x8"));

    const QImage image = dialog.grab().toImage();
    const QString png = dir.filePath("trtexec-dialog.png");
    QVERIFY(image.save(png));
    qInfo("Dialog screenshot: %s", qPrintable(png));
    QVERIFY2(drawnPixels(image) > image.width() * image.height() / 50,
             qPrintable(QString::number(drawnPixels(image))));
}

void TestTrtexecDialog::explainsMissingTrtexec() {
    QTemporaryDir dir;
    TrtexecDialog dialog;
    fill(dialog, dir.path(), dir.filePath("no-trtexec"));
    const QLabel* problem = field<QLabel>(dialog, "trtexecProblem");
    QVERIFY(problem->isVisibleTo(&dialog));
    QVERIFY2(problem->text().contains(dir.filePath("no-trtexec") + ": does not exist"),
             qPrintable(problem->text()));
    QVERIFY(!field<QPushButton>(dialog, "run")->isEnabled());
}

void TestTrtexecDialog::cancelsWithEscape() {
    QTemporaryDir dir;
    TrtexecDialog dialog;
    fill(dialog, dir.path(), writeStandIn(dir.path(), StandIn::Sleeps));
    QSignalSpy finished(dialog.runner(), &TrtexecRunner::finished);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.run();
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(dir.filePath("pid.txt")), 10000);
    QCOMPARE(field<QPushButton>(dialog, "close")->text(), QString("Cancel"));
    QTest::keyClick(&dialog, Qt::Key_Escape);
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.first(), QVariantList({false, QString("cancelled")}));
    QVERIFY(dialog.isVisible()); // Esc cancelled the job, not the dialog
    QCOMPARE(field<QLabel>(dialog, "status")->text(), QString("Cancelled."));
    QVERIFY(standInGone(dir.path()));
    QTest::keyClick(&dialog, Qt::Key_Escape);
    QVERIFY(!dialog.isVisible());
}

void TestTrtexecDialog::opensResultFromFileMenu() {
    QTemporaryDir dir;
    MainWindow window;
    window.show();
    QAction* action = nullptr;
    for (QAction* a : window.menuBar()->actions().first()->menu()->actions())
        if (a->text() == "Build and Profile with &trtexec...")
            action = a;
    QVERIFY(action);
    action->trigger();
    auto* dialog = window.findChild<TrtexecDialog*>();
    QVERIFY(dialog && dialog->isVisible());
    const TrtexecJob job = fill(*dialog, dir.path(), writeStandIn(dir.path(), StandIn::Succeeds));
    QSignalSpy loaded(&window, &MainWindow::loadFinished);
    dialog->run();
    QVERIFY(loaded.wait(30000));
    QVERIFY2(loaded.first().first().toBool(), qPrintable(loaded.first().at(1).toString()));
    QCOMPARE(window.currentPath(), trtexecOutputs(job).engine);
    action->trigger();
    QCOMPARE(window.findChildren<TrtexecDialog*>().size(), 1);
}

PLANSCOPE_TEST_MAIN(TestTrtexecDialog, QApplication)
#include "tst_trtexec_dialog.moc"
