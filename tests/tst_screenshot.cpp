#include "TestSupport.h"

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>

using planscope::test::dataPath;

// The real binary in a real X server (xvfb-run): open a plan, save the window, look at it.
class TestScreenshot : public QObject {
    Q_OBJECT
  private slots:
    void savesWindowWithPlan_data();
    void savesWindowWithPlan();
};

void TestScreenshot::savesWindowWithPlan_data() {
    QTest::addColumn<QStringList>("plan");
    QTest::addColumn<bool>("compared");
    QTest::newRow("mobilenet") << QStringList(
                                      {dataPath("trex/mobilenet/mobilenet.qat.onnx.engine")})
                               << false;
    QTest::newRow("demo") << QStringList() << false;
    QTest::newRow("demo graph, a layer selected")
        << QStringList({"--tab", "graph", "--select", "/stem/maxpool/MaxPool"}) << false;
    QTest::newRow("demo chart") << QStringList({"--tab", "charts", "--chart", "precision-rollup"})
                                << false;
    QTest::newRow("leads, one chosen")
        << QStringList({"--tab", "leads", "--lead", "reformats",
                        dataPath("trex/resnet-a100/qat/resnet-qat.onnx.engine")})
        << false;
    // Files selected together in a file manager arrive as several arguments.
    QTest::newRow("two plans side by side")
        << QStringList({dataPath("trex/resnet-a100/fp16"), dataPath("trex/resnet-a100/qat")})
        << true;
    // The ONNX ops tab, the first group chosen: B (the older commit) is faster, so green.
    const QString controlNet =
        dataPath("realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/");
    QTest::newRow("ONNX ops of two ControlNet engines")
        << QStringList({"--tab", "onnx", "--select", "0", controlNet + "b/layerinfo.json",
                        controlNet + "a/layerinfo.json"})
        << true;
}

void TestScreenshot::savesWindowWithPlan() {
    QFETCH(QStringList, plan);
    const QString xvfb = QStandardPaths::findExecutable("xvfb-run");
    QVERIFY2(!xvfb.isEmpty(), "xvfb-run is missing: scripts/install-deps.sh installs it");
    QTemporaryDir dir;
    const QString png = dir.filePath("window.png");
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("QT_QPA_PLATFORM"); // a real X server this time
    env.insert("XDG_CONFIG_HOME", dir.filePath("config"));
    process.setProcessEnvironment(env);
    const QString xvfbLog = dir.filePath("xvfb.log"); // Xvfb's own messages
    process.start(xvfb, QStringList{"-a", "-e", xvfbLog, "-s", "-screen 0 1920x1200x24",
                                    PLANSCOPE_BINARY, "--screenshot", png} +
                            plan);
    // A run that does not end says what it printed so far, and what Xvfb did (a run of the whole
    // suite twice stopped here; the window's and Xvfb's output tell which of them waited).
    const bool finished = process.waitForFinished(120000);
    if (!finished) {
        QFile log(xvfbLog);
        const QByteArray xvfbSaid = log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray();
        QFAIL(qPrintable(QStringLiteral("no end after 120 s; planscope: %1; Xvfb: %2")
                             .arg(QString::fromLocal8Bit(process.readAllStandardError()),
                                  QString::fromLocal8Bit(xvfbSaid))));
    }
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());

    const QImage image(png);
    QCOMPARE(image.size(), QSize(1920, 1200)); // the whole screen on first start
    QSet<QRgb> colors;
    int dark = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4) {
            const QRgb pixel = image.pixel(x, y);
            colors.insert(pixel);
            dark += qGray(pixel) < 128 ? 1 : 0;
        }
    QVERIFY2(colors.size() > 20, qPrintable(QString::number(colors.size())));
    QVERIFY2(dark > 2000, qPrintable(QString::number(dark))); // text was drawn
    // The comparison table marks faster layers green.
    QFETCH(bool, compared);
    QCOMPARE(colors.contains(qRgb(0xC8, 0xF0, 0xC0)), compared);
    // The ONNX ops tab shows its notes on light yellow (ControlNet's Myelin layers).
    QCOMPARE(colors.contains(qRgb(0xFF, 0xF6, 0xD5)), plan.contains("onnx"));
}

PLANSCOPE_TEST_MAIN(TestScreenshot, QCoreApplication)
#include "tst_screenshot.moc"
