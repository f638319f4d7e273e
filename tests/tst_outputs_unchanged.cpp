#include "CliRun.h"
#include "TestSupport.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QTemporaryDir>
#include <map>

using planscope::test::dataPath;
using planscope::test::runPlanscope;

namespace {

// The shared plans, as a user names them on the command line.
const QStringList kPlans = {
    "trex/mobilenet/mobilenet.qat.onnx.engine",
    "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine",
    "trex/resnet-a100/fp32/resnet.onnx.engine",
    "trex/resnet-a100/fp16/resnet.onnx.engine",
    "trex/resnet-a100/qat/resnet-qat.onnx.engine",
    "trex/resnet-a100/qat-residual/resnet-qat-residual.onnx.engine",
    "trex/resnet-a100/qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine",
    "realworld/alexnet-trt10-rtx3060/alexnet_fp16",
    "realworld/aeb-bev-trt86/layers_.json",
    "realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log",
    "realworld/mnist-trt10.16-h100/trtexec-result-05.log",
};
const QList<QStringList> kPairs = {
    {"trex/resnet-a100/fp32", "trex/resnet-a100/fp16"},
    {"trex/resnet-a100/fp16", "trex/resnet-a100/qat"},
    {"trex/resnet-a100/qat", "trex/resnet-a100/qat-residual"},
    {"trex/mobilenet/mobilenet.qat.onnx.engine",
     "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine"},
};
const QStringList kChartedPlans = {kPlans[0], kPlans[4], kPlans[7]};

const QString kGolden = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/golden/outputs.sha256");

// Outputs name the files they read as given (PLANSCOPE_DATA_DIR/...): that folder becomes DATA,
// so any checkout agrees.
QByteArray normalized(QByteArray bytes) {
    const QString folder = dataPath({});
    return bytes.replace(folder.toUtf8(), "DATA");
}

QString sha256(const QByteArray& bytes) {
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

std::map<QString, QString> readGolden() {
    std::map<QString, QString> golden;
    QFile file(kGolden);
    if (file.open(QIODevice::ReadOnly))
        for (const QByteArray& line : file.readAll().split('\n'))
            if (!line.isEmpty() && !line.startsWith('#'))
                golden[QString::fromUtf8(line.mid(66))] = QString::fromLatin1(line.left(64));
    return golden;
}

} // namespace

// PlanScope's numbers and pictures on the shared plans stay as they were recorded in
// tests/golden/outputs.sha256 (summary, layers, lint, roofline, compare and every chart). A change that
// means to alter them records them again: PLANSCOPE_UPDATE_GOLDEN=1 ctest -R tst_outputs.
class TestOutputsUnchanged : public QObject {
    Q_OBJECT
  private slots:
    void matchesRecordedOutputs();
};

void TestOutputsUnchanged::matchesRecordedOutputs() {
    std::map<QString, QString> actual;
    const auto record = [&](const QString& name, const QStringList& arguments) {
        const auto run = runPlanscope(arguments);
        QVERIFY2(run.status == 0, qPrintable(name + ": " + run.err));
        const QByteArray out = normalized(run.out);
        // Summaries and comparisons name their files: all of them under DATA, on any machine.
        if (name.startsWith("summary") || name.startsWith("compare"))
            QVERIFY2(out.contains("\"DATA/") && !out.contains("/shared/data"), qPrintable(name));
        actual[name] = sha256(out);
    };
    for (const QString& plan : kPlans)
        for (const char* command : {"summary", "layers", "lint", "roofline"})
            record(QStringLiteral("%1 --json %2").arg(command, plan),
                   {command, "--json", dataPath(plan)});
    for (const QStringList& pair : kPairs)
        for (const char* matching : {"--exact", "--inexact"})
            record(QStringLiteral("compare --json %1 %2 %3").arg(matching, pair[0], pair[1]),
                   {"compare", "--json", matching, dataPath(pair[0]), dataPath(pair[1])});
    QTemporaryDir dir;
    const auto charts = [&](const QString& name, const QStringList& plans,
                            const QStringList& flags) {
        const QString folder = dir.filePath(QString::number(actual.size()));
        QStringList arguments = QStringList{"export-chart", "--all", "-o", folder} + flags;
        for (const QString& plan : plans)
            arguments << dataPath(plan);
        const auto run = runPlanscope(arguments);
        QVERIFY2(run.status == 0, qPrintable(name + ": " + run.err));
        for (QDirIterator it(folder, QDir::Files); it.hasNext();) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            actual[name + ' ' + it.fileName()] = sha256(normalized(file.readAll()));
        }
    };
    for (const QString& plan : kChartedPlans)
        charts("charts " + plan, {plan}, {});
    charts("compare charts " + kPairs[1].join(' '), kPairs[1], {"--compare"});

    if (qEnvironmentVariableIsSet("PLANSCOPE_UPDATE_GOLDEN")) {
        QFile file(kGolden);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("# sha256 of PlanScope's outputs on ../shared/data (tst_outputs_unchanged)\n");
        for (const auto& [name, hash] : actual)
            file.write((hash + "  " + name + '\n').toUtf8());
        QSKIP("recorded the outputs anew");
    }
    const std::map<QString, QString> golden = readGolden();
    QStringList changed;
    for (const auto& [name, hash] : actual)
        if (const auto it = golden.find(name); it == golden.end() || it->second != hash)
            changed << name;
    for (const auto& [name, hash] : golden)
        if (!actual.count(name))
            changed << name + " (no longer made)";
    QVERIFY2(changed.isEmpty(),
             qPrintable("outputs differ from the recorded ones: " + changed.join(", ")));
    QVERIFY(actual.size() > 100);
}

PLANSCOPE_TEST_MAIN(TestOutputsUnchanged, QCoreApplication)
#include "tst_outputs_unchanged.moc"
