#include "TestSupport.h"
#include "plan/TensorFormat.h"

using namespace planscope;

class TestTensorFormat : public QObject {
    Q_OBJECT
  private slots:
    void describesFormats_data();
    void describesFormats();
    void namesRowMajorLayoutByRank_data();
    void namesRowMajorLayoutByRank();
};

void TestTensorFormat::describesFormats_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("shortName");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<double>("elementSize");

    // trex's table
    QTest::newRow("fp32 linear") << "Row major linear FP32"
                                 << "FP32 NCHW"
                                 << "FP32" << 4.0;
    QTest::newRow("int8 x4") << "Four wide channel vectorized row major Int8 format"
                             << "INT8 NC/4HW4"
                             << "INT8" << 1.0;
    QTest::newRow("int8 x32") << "Thirty-two wide channel vectorized row major Int8 format"
                              << "INT8 NC/32HW32"
                              << "INT8" << 1.0;
    QTest::newRow("fp16 nhwc8") << "Channel major FP16 format where channel % 8 == 0"
                                << "FP16 NHWC8"
                                << "FP16" << 2.0;
    QTest::newRow("fp32 nhwc4") << "Channel major FP32 format where channel % 4 == 0"
                                << "FP32 NHWC4"
                                << "FP32" << 4.0;
    QTest::newRow("int32") << "Row major linear Int32"
                           << "INT32 NCHW"
                           << "INT32" << 4.0;
    QTest::newRow("bool") << "Row major linear BOOL"
                          << "BOOL"
                          << "BOOL" << 1.0;
    QTest::newRow("bf16") << "Row major linear BFloat16 format"
                          << "BF16 NCHW"
                          << "BF16" << 2.0;
    QTest::newRow("fp8") << "Row major linear FP8 format"
                         << "FP8 NCHW"
                         << "FP8" << 1.0;
    QTest::newRow("trailing period") << "Row major linear FP16 format."
                                     << "FP16 NCHW"
                                     << "FP16" << 2.0;
    // kgen's bare types (TensorRT 10)
    QTest::newRow("Half") << "Half"
                          << "FP16"
                          << "FP16" << 2.0;
    QTest::newRow("Float") << "Float"
                           << "FP32"
                           << "FP32" << 4.0;
    QTest::newRow("Int64") << "Int64"
                           << "INT64"
                           << "INT64" << 8.0;
    QTest::newRow("FP8") << "FP8"
                         << "FP8"
                         << "FP8" << 1.0;
    QTest::newRow("Int4") << "Int4"
                          << "INT4"
                          << "INT4" << 0.5;
    QTest::newRow("FP4E2M1") << "FP4E2M1"
                             << "FP4"
                             << "FP4" << 0.5;
    QTest::newRow("BFloat16") << "BFloat16"
                              << "BF16"
                              << "BF16" << 2.0;
    // formats trex does not list, read from their words
    QTest::newRow("int4 linear") << "Row major linear Int4 format"
                                 << "INT4 NCHW"
                                 << "INT4" << 0.5;
    QTest::newRow("fp8 nhwc16") << "Channel major FP8 format where channel % 16 == 0"
                                << "FP8 NHWC16"
                                << "FP8" << 1.0;
    QTest::newRow("fp32 linear format") << "Row major linear FP32 format"
                                        << "FP32 NCHW"
                                        << "FP32" << 4.0;
    QTest::newRow("int8 x8") << "Eight wide channel vectorized row major Int8 format"
                             << "INT8 NC/8HW8"
                             << "INT8" << 1.0;
    // unknown
    QTest::newRow("unknown") << "Some future layout"
                             << "Unknown format"
                             << "Unknown" << 0.0;
    QTest::newRow("empty") << ""
                           << "Unknown format"
                           << "Unknown" << 0.0;
}

void TestTensorFormat::describesFormats() {
    QFETCH(QString, format);
    QFETCH(QString, shortName);
    QFETCH(QString, precision);
    QFETCH(double, elementSize);
    const TensorFormat described = describeFormat(format);
    QCOMPARE(described.shortName, shortName);
    QCOMPARE(described.precision, precision);
    QCOMPARE(described.elementSize, elementSize);
}

// NCHW names four dimensions: a row-major tensor of another rank is not called NCHW.
void TestTensorFormat::namesRowMajorLayoutByRank_data() {
    QTest::addColumn<QString>("shortName");
    QTest::addColumn<int>("rank");
    QTest::addColumn<QString>("named");
    QTest::newRow("4-D") << "FP16 NCHW" << 4 << "FP16 NCHW";
    QTest::newRow("5-D") << "FP16 NCHW" << 5 << "FP16 NCDHW";
    QTest::newRow("3-D") << "FP16 NCHW" << 3 << "FP16";
    QTest::newRow("1-D") << "INT32 NCHW" << 1 << "INT32";
    QTest::newRow("scalar") << "FP32 NCHW" << 0 << "FP32";
    QTest::newRow("vectorized 3-D kept") << "INT8 NC/32HW32" << 3 << "INT8 NC/32HW32";
    QTest::newRow("channel major kept") << "FP16 NHWC8" << 2 << "FP16 NHWC8";
}

void TestTensorFormat::namesRowMajorLayoutByRank() {
    QFETCH(QString, shortName);
    QFETCH(int, rank);
    QFETCH(QString, named);
    QCOMPARE(shortNameForRank(shortName, std::size_t(rank)), named);
}

PLANSCOPE_TEST_MAIN(TestTensorFormat, QCoreApplication)
#include "tst_tensor_format.moc"
