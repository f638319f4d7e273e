#pragma once

#include <QCoreApplication>
#include <QDir>
#include <QtTest>

// Every test runs on the offscreen platform at 96 DPI, so what it renders is the same anywhere.
#define PLANSCOPE_TEST_MAIN(TestObject, Application)                                               \
    int main(int argc, char** argv) {                                                              \
        qputenv("QT_QPA_PLATFORM", "offscreen");                                                   \
        qputenv("QT_FONT_DPI", "96");                                                              \
        Application app(argc, argv);                                                               \
        TestObject test;                                                                           \
        return QTest::qExec(&test, argc, argv);                                                    \
    }

namespace planscope::test {

// The real exports beside the checkout (../shared/data), as CI has them.
inline QString dataPath(const QString& relative) {
    return QDir(QStringLiteral(PLANSCOPE_DATA_DIR)).filePath(relative);
}

// Small fixtures made for one quirk each (tests/fixtures).
inline QString fixturePath(const QString& relative) {
    return QDir(QStringLiteral(PLANSCOPE_FIXTURES_DIR)).filePath(relative);
}

} // namespace planscope::test
