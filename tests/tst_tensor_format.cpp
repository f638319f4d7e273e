#include "TestSupport.h"
#include "plan/TensorFormat.h"

using namespace planscope;

class TestTensorFormat : public QObject {
    Q_OBJECT
  private slots:
    void describesFormats_data();
    void describesFormats();
    void describesSplitFormats_data();
    void describesSplitFormats();
    void packsSubByteTypes();
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
    // TensorRT 11 appends the format's enum name (I/O tensors' ProfileInfo)
    QTest::newRow("kLINEAR suffix") << "Row major linear FP32 format (kLINEAR)"
                                    << "FP32 NCHW"
                                    << "FP32" << 4.0;
    QTest::newRow("kHWC8 suffix") << "Channel major FP16 format where channel % 8 == 0 (kHWC8)"
                                  << "FP16 NHWC8"
                                  << "FP16" << 2.0;
    QTest::newRow("fp4 linear") << "Row major linear FP4 format (kLINEAR)"
                                << "FP4 NCHW"
                                << "FP4" << 0.5;
    QTest::newRow("E8M0") << "E8M0"
                          << "E8M0"
                          << "E8M0" << 1.0;
    QTest::newRow("UInt64") << "UInt64"
                            << "UINT64"
                            << "UINT64" << 8.0;
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

// TensorRT 11's layer tensors: "Format" without the data type, and "Datatype" apart.
void TestTensorFormat::describesSplitFormats_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("dataType");
    QTest::addColumn<QString>("shortName");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<double>("elementSize");
    QTest::newRow("linear") << "(Linear) Row major linear format"
                            << "Float"
                            << "FP32 NCHW"
                            << "FP32" << 4.0;
    QTest::newRow("nhwc") << "(NHWC) Channel major format"
                          << "Half"
                          << "FP16 NHWC"
                          << "FP16" << 2.0;
    QTest::newRow("nhwc8 bf16") << "(HWC8) Channel major format where channel % 8 == 0"
                                << "BFloat16"
                                << "BF16 NHWC8"
                                << "BF16" << 2.0;
    QTest::newRow("vectorized int8")
        << "(CHW32) Thirty-two wide channel vectorized row major format"
        << "Int8"
        << "INT8 NC/32HW32"
        << "INT8" << 1.0;
    QTest::newRow("transposed: its name") << "(Transposed) Transposed format"
                                          << "Float"
                                          << "FP32 Transposed"
                                          << "FP32" << 4.0;
    QTest::newRow("fp4") << "(Linear) Row major linear format"
                         << "FP4"
                         << "FP4 NCHW"
                         << "FP4" << 0.5;
    QTest::newRow("int4") << "(Linear) Row major linear format"
                          << "Int4"
                          << "INT4 NCHW"
                          << "INT4" << 0.5;
    QTest::newRow("e8m0") << "(Linear) Row major linear format"
                          << "E8M0"
                          << "E8M0 NCHW"
                          << "E8M0" << 1.0;
    QTest::newRow("uint64") << "(Linear) Row major linear format"
                            << "UInt64"
                            << "UINT64 NCHW"
                            << "UINT64" << 8.0;
    QTest::newRow("a type of tomorrow: named, no size") << "(Linear) Row major linear format"
                                                        << "Float6E3M2"
                                                        << "Float6E3M2 NCHW"
                                                        << "Float6E3M2" << 0.0;
    QTest::newRow("type only") << ""
                               << "Int32"
                               << "INT32"
                               << "INT32" << 4.0;
}

void TestTensorFormat::describesSplitFormats() {
    QFETCH(QString, format);
    QFETCH(QString, dataType);
    QFETCH(QString, shortName);
    QFETCH(QString, precision);
    QFETCH(double, elementSize);
    const TensorFormat described = describeFormat(format, dataType);
    QCOMPARE(described.shortName, shortName);
    QCOMPARE(described.precision, precision);
    QCOMPARE(described.elementSize, elementSize);
}

// Two 4-bit values to a byte, a tensor's last byte whole.
void TestTensorFormat::packsSubByteTypes() {
    QCOMPARE(tensorBytes(3, 0.5), 2.0);
    QCOMPARE(tensorBytes(4096, 0.5), 2048.0);
    QCOMPARE(tensorBytes(3, 2), 6.0);
    QCOMPARE(tensorBytes(0, 0.5), 0.0);
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
