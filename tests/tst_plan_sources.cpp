#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "io/SourceDiscovery.h"
#include "plan/PlanError.h"

#include <QTemporaryDir>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

void copyFixture(const QString& fixture, const QDir& dir, const QString& as) {
    QVERIFY(QFile::copy(fixturePath(fixture), dir.filePath(as)));
}

QString errorOf(const QString& plan) {
    try {
        discoverPlanSources(plan);
    } catch (const PlanError& e) {
        return e.message();
    }
    return {};
}

} // namespace

class TestPlanSources : public QObject {
    Q_OBJECT
  private slots:
    void findsSiblingsOfEnginePrefix();
    void findsSiblingsOfGraphPath();
    void findsFreelyNamedFilesInFolder();
    void findsEngineBesideBinary();
    void ignoresSiblingOfWrongKind();
    void rejectsFolderWithTwoPlans();
    void rejectsMissingPath();
    void rejectsOtherKindOfFile();
    void rejectsFolderWithoutGraph();
};

void TestPlanSources::findsSiblingsOfEnginePrefix() {
    const QString prefix = dataPath("trex/mobilenet/mobilenet.qat.onnx.engine");
    const PlanSources s = discoverPlanSources(prefix);
    QCOMPARE(s.graph, prefix + ".graph.json");
    QCOMPARE(s.profile, prefix + ".profile.json");
    QCOMPARE(s.timing, prefix + ".timing.json");
    QCOMPARE(s.profileMetadata, prefix + ".profile.metadata.json");
    QCOMPARE(s.buildMetadata, prefix + ".build.metadata.json");
    QVERIFY(s.deviceMetadata.isEmpty());
}

void TestPlanSources::findsSiblingsOfGraphPath() {
    const QString graph = dataPath("trex/resnet-a100/fp16/resnet.onnx.engine.graph.json");
    const PlanSources s = discoverPlanSources(graph);
    QCOMPARE(s.graph, graph);
    QVERIFY(s.profile.endsWith("resnet.onnx.engine.profile.json"));
    QVERIFY(s.deviceMetadata.endsWith("resnet.onnx.engine.metadata.json"));
}

void TestPlanSources::findsFreelyNamedFilesInFolder() {
    QTemporaryDir dir;
    copyFixture("quirks.graph.json", QDir(dir.path()), "layers_.json");
    copyFixture("quirks.profile.json", QDir(dir.path()), "profile_.json");
    const PlanSources s = discoverPlanSources(dir.path());
    QVERIFY(s.graph.endsWith("layers_.json"));
    QVERIFY(s.profile.endsWith("profile_.json"));
    const EnginePlan plan = loadPlan(dir.path());
    QCOMPARE(plan.layers.size(), std::size_t(5));
    QVERIFY(plan.hasProfile);
    QCOMPARE(plan.name, QString("layers_.json"));
}

void TestPlanSources::findsEngineBesideBinary() {
    QTemporaryDir dir;
    QFile engine(QDir(dir.path()).filePath("x.engine"));
    QVERIFY(engine.open(QIODevice::WriteOnly));
    engine.write(QByteArray("\x7f\x00\x01binary-engine", 16));
    engine.close();
    copyFixture("quirks.graph.json", QDir(dir.path()), "x.engine.graph.json");
    const PlanSources s = discoverPlanSources(engine.fileName());
    QCOMPARE(s.graph, engine.fileName() + ".graph.json");
}

void TestPlanSources::ignoresSiblingOfWrongKind() {
    QTemporaryDir dir;
    copyFixture("quirks.graph.json", QDir(dir.path()), "x.graph.json");
    copyFixture("lint.graph.json", QDir(dir.path()), "x.profile.json"); // a graph, not a profile
    const PlanSources s = discoverPlanSources(QDir(dir.path()).filePath("x"));
    QVERIFY(s.profile.isEmpty());
    QCOMPARE(s.notes.size(), 1);
    QCOMPARE(s.notes[0], QString("x.profile.json was ignored: a per-layer profile JSON was "
                                 "expected, and it holds: engine graph JSON."));
}

void TestPlanSources::rejectsFolderWithTwoPlans() {
    const QString message = errorOf(dataPath("trex/mobilenet"));
    QVERIFY2(message.contains("2 plans"), qPrintable(message));
    QVERIFY2(message.contains("mobilenet.qat.onnx.engine.graph.json"), qPrintable(message));
    QVERIFY2(message.contains("mobilenet_v2_residuals.qat.onnx.engine.graph.json"),
             qPrintable(message));
}

void TestPlanSources::rejectsMissingPath() {
    const QString message = errorOf("/nonexistent/model.engine");
    QVERIFY2(message.contains("/nonexistent/model.engine"), qPrintable(message));
    QVERIFY2(message.contains("no such file"), qPrintable(message));
}

void TestPlanSources::rejectsOtherKindOfFile() {
    const QString message = errorOf(fixturePath("quirks.profile.json"));
    QVERIFY2(message.contains("quirks.profile.json"), qPrintable(message));
    QVERIFY2(message.contains("per-layer profile JSON, not an engine graph"), qPrintable(message));
    QVERIFY2(message.contains("PREFIX.profile.json beside PREFIX.graph.json"), qPrintable(message));
    const QString timing =
        errorOf(dataPath("trex/resnet-a100/fp16/resnet.onnx.engine.timing.json"));
    QVERIFY2(timing.contains("PREFIX.timing.json beside"), qPrintable(timing));
}

void TestPlanSources::rejectsFolderWithoutGraph() {
    QTemporaryDir dir;
    copyFixture("quirks.profile.json", QDir(dir.path()), "profile.json");
    const QString message = errorOf(dir.path());
    QVERIFY2(message.contains("no engine graph"), qPrintable(message));
    QVERIFY2(message.contains("--exportLayerInfo"), qPrintable(message));
}

PLANSCOPE_TEST_MAIN(TestPlanSources, QCoreApplication)
#include "tst_plan_sources.moc"
