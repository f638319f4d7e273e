#pragma once

#include <QApplication>
#include <QFile>
#include <QRegularExpression>
#include <QScreen>
#include <QTemporaryDir>
#include <QtTest>

namespace planscope::test {

// Runs the test object on the offscreen platform with one screen of PLANSCOPE_SCREEN,
// WIDTHxHEIGHT[@DPR] in logical pixels (a 4K panel at 200% is 1920x1080@2), at 96 DPI.
template <class TestObject> int runOnScreen(int argc, char** argv) {
    const QString screen = QString::fromLocal8Bit(qgetenv("PLANSCOPE_SCREEN"));
    static const QRegularExpression format(QStringLiteral(R"((\d+)x(\d+)(?:@(\d+))?)"));
    const auto size = format.match(screen);
    if (!size.hasMatch())
        qFatal("set PLANSCOPE_SCREEN to WIDTHxHEIGHT[@DPR]");
    const int dpr = size.captured(3).isEmpty() ? 1 : size.captured(3).toInt();
    QTemporaryDir dir;
    QFile config(dir.filePath("screen.json"));
    if (!config.open(QIODevice::WriteOnly) ||
        config.write(QStringLiteral(R"({"screens": [{"name": "screen", "x": 0, "y": 0,
            "width": %1, "height": %2, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": %3}]})")
                         .arg(size.captured(1), size.captured(2))
                         .arg(dpr)
                         .toUtf8()) < 0)
        qFatal("cannot write the screen configuration");
    config.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.fileName().toUtf8());
    qputenv("QT_FONT_DPI", "96");
    QApplication app(argc, argv);
    const QSize logical(size.captured(1).toInt(), size.captured(2).toInt());
    if (app.primaryScreen()->size() != logical || app.primaryScreen()->devicePixelRatio() != dpr)
        qFatal("the offscreen platform did not take the screen");
    TestObject test;
    return QTest::qExec(&test, argc, argv);
}

} // namespace planscope::test
