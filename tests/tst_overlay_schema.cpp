#include "CliRun.h"
#include "SchemaCheck.h"
#include "TestSupport.h"
#include "WeightModels.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

using planscope::test::runPlanscope;
using planscope::test::SchemaCheck;

namespace {

QJsonValue jsonOf(const QByteArray& text) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    return error.error == QJsonParseError::NoError ? QJsonValue(document.object()) : QJsonValue();
}

} // namespace

// export-overlay's node data against Model Explorer's own node-data types, as the JSON Schema
// tests/model-explorer-node-data.schema.json writes them (from the visualizer's types.ts; README,
// "Model Explorer overlays"), on the models make_weight_models.py makes.
class TestOverlaySchema : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void refusesWhatModelExplorerWouldNot_data();
    void refusesWhatModelExplorerWouldNot();
    void overlaysConform_data();
    void overlaysConform();

  private:
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
    std::optional<SchemaCheck> m_schema;
};

void TestOverlaySchema::initTestCase() {
    QVERIFY(m_dir.isValid());
    const QString made = planscope::test::makeWeightModels(m_dir.path());
    QVERIFY2(made.isEmpty(), qPrintable(made));
    QFile file(QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/model-explorer-node-data.schema.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonValue schema = jsonOf(file.readAll());
    QVERIFY(schema.isObject());
    QCOMPARE(
        schema["$defs"].toObject().keys(),
        QStringList({"gradientItem", "graphData", "modelData", "resultData", "thresholdItem"}));
    m_schema.emplace(schema.toObject());
}

// The check itself can fail: files Model Explorer's types do not describe.
void TestOverlaySchema::refusesWhatModelExplorerWouldNot_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error");
    QTest::newRow("result without value") << QByteArray(R"({"results": {"n": {}}})") << "lacks";
    QTest::newRow("value an object")
        << QByteArray(R"({"results": {"n": {"value": {"ms": 1}}}})") << "not of type";
    QTest::newRow("stop past 1") << QByteArray(R"({"results": {}, "gradient": [{"stop": 2}]})")
                                 << "above the maximum";
    QTest::newRow("misspelt field")
        << QByteArray(R"({"results": {}, "gradients": []})") << "not a field";
    QTest::newRow("graph's name a number")
        << QByteArray(R"({"main_graph": {"name": 1, "results": {}}})") << "oneOf";
    QTest::newRow("no results") << QByteArray(R"({"name": "x"})") << "oneOf";
    QTest::newRow("threshold without colour")
        << QByteArray(R"({"results": {}, "thresholds": [{"value": 3}]})") << "oneOf";
}

void TestOverlaySchema::refusesWhatModelExplorerWouldNot() {
    QFETCH(QByteArray, json);
    QFETCH(QString, error);
    const QStringList errors = m_schema->errors(jsonOf(json));
    QVERIFY2(!errors.isEmpty(), json.constData());
    QVERIFY2(errors.join('\n').contains(error), qPrintable(errors.join('\n')));
}

void TestOverlaySchema::overlaysConform_data() {
    QTest::addColumn<QString>("metric");
    QTest::addColumn<bool>("withModel");
    for (const char* metric : {"latency", "share", "precision", "module", "accuracy"})
        for (bool model : {true, false})
            QTest::addRow("%s %s", metric, model ? "--onnx" : "alone") << metric << model;
}

void TestOverlaySchema::overlaysConform() {
    QFETCH(QString, metric);
    QFETCH(bool, withModel);
    QStringList arguments{"export-overlay", path("plan/mnist.graph.json"), "--metric", metric};
    if (withModel)
        arguments << "--onnx" << path("mnist.onnx");
    if (metric == "accuracy")
        arguments << "--accuracy"
                  << planscope::test::dataPath(
                         "realworld/polygraphy-mnist-trt10.16/polygraphy-run-04.log");
    const auto run = runPlanscope(arguments);
    QVERIFY2(run.status == 0, qPrintable(run.err));
    const QJsonValue overlay = jsonOf(run.out);
    QVERIFY(overlay.isObject());
    const QStringList errors = m_schema->errors(overlay);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
    // Keyed by the graph's name with the model, one graph's data without.
    const QJsonObject graph = withModel ? overlay["main_graph"].toObject() : overlay.toObject();
    QVERIFY(!graph["results"].toObject().isEmpty());
}

PLANSCOPE_TEST_MAIN(TestOverlaySchema, QCoreApplication)
#include "tst_overlay_schema.moc"
