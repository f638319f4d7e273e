#include "TestSupport.h"
#include "json/JsonItemParts.h"
#include "json/JsonStreamWriter.h"

#include <QtTest>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>

using namespace planscope;

namespace {

using Write = std::function<void(JsonStreamWriter&)>;

// What the writer wrote for an object whose members `write` gives, flushed.
std::string written(const Write& write) {
    std::string text;
    JsonStreamWriter w(text);
    w.beginObject();
    write(w);
    w.endObject();
    w.flush();
    return text;
}

// The same text as nlohmann lays it out (dump(2)), parsed from it: a writer that streams must
// read exactly as a document dumped.
std::string dumped(const std::string& text) {
    return nlohmann::ordered_json::parse(text).dump(2);
}

} // namespace

// JsonStreamWriter gathers its text a few kilobytes at a time (json/JsonStreamWriter.h): pieces
// longer than that, escapes, missing numbers and deep nesting must come out as nlohmann's dump.
class TestJsonStreamWriter : public QObject {
    Q_OBJECT
  private slots:
    void writesAsNlohmannDumps_data();
    void writesAsNlohmannDumps();
    void writesItemsInPartsAndRounds();
};

void TestJsonStreamWriter::writesAsNlohmannDumps_data() {
    QTest::addColumn<Write>("write");
    QTest::newRow("numbers") << Write([](JsonStreamWriter& w) {
        w.member("int", 3);
        w.member("whole double", 2.0);
        w.member("small", 1e-7);
        w.member("negative zero", -0.0);
        w.member("nan is null", std::numeric_limits<double>::quiet_NaN());
        w.member("missing", std::optional<double>());
        w.key("figure");
        w.figure(1.5e9);
    });
    QTest::newRow("escapes and non-ASCII") << Write([](JsonStreamWriter& w) {
        w.member("quote\"key", std::string_view("tab\there"));
        w.key(QStringLiteral("k\u00e9y"));
        w.value(QStringLiteral("caf\u00e9 \"x\""));
    });
    QTest::newRow("longer than what is gathered") << Write([](JsonStreamWriter& w) {
        w.member(std::string(5000, 'k'), std::string(20000, 'v'));
        w.key("utf16");
        w.value(QString(9000, QChar(u'x')));
        for (int i = 0; i < 2000; ++i) // 60 KB of members, flushed many times
            w.member("member " + std::to_string(i), i);
    });
    QTest::newRow("deep and empty") << Write([](JsonStreamWriter& w) {
        w.key("deep");
        for (int d = 0; d < 60; ++d)
            w.beginArray();
        w.null();
        for (int d = 0; d < 60; ++d)
            w.endArray();
        w.key("empty object");
        w.beginObject();
        w.endObject();
        w.key("empty array");
        w.beginArray();
        w.endArray();
    });
}

void TestJsonStreamWriter::writesAsNlohmannDumps() {
    QFETCH(Write, write);
    const std::string text = written(write);
    QCOMPARE(text, dumped(text));
}

// Items written in rounds of two parts side by side, the parts' room kept from round to round,
// each handed on in order: the same text as one writer writing them all.
void TestJsonStreamWriter::writesItemsInPartsAndRounds() {
    const auto item = [](JsonStreamWriter& w, std::size_t i) {
        w.beginObject();
        w.member("index", static_cast<long long>(i));
        w.member(std::string(i % 40, 'k'), static_cast<double>(i) / 7);
        w.endObject();
    };
    std::string text;
    JsonStreamWriter w(text);
    w.beginObject();
    w.key("items");
    w.beginArray();
    w.flush();
    JsonItemParts parts(2, 100, 8); // the guess far too small: the parts grow, then keep it
    for (std::size_t from = 0; from < 3500; from += 1000)
        parts.write(from, std::min<std::size_t>(3500, from + 1000), from > 0, item,
                    [&](std::string_view part) { text += part; });
    w.itemsWritten();
    w.endArray();
    w.endObject();
    w.flush();

    std::string one;
    JsonStreamWriter all(one);
    all.beginObject();
    all.key("items");
    all.beginArray();
    for (std::size_t i = 0; i < 3500; ++i)
        item(all, i);
    all.endArray();
    all.endObject();
    all.flush();
    QCOMPARE(text, one);
    QCOMPARE(text, dumped(text));
}

PLANSCOPE_TEST_MAIN(TestJsonStreamWriter, QCoreApplication)
#include "tst_json_stream_writer.moc"
