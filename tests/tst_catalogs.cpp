#include "TestSupport.h"
#include "check/CheckCatalog.h"
#include "check/PlanCheck.h"
#include "io/PlanLoader.h"
#include "leads/LeadCatalog.h"
#include "lint/LintCatalog.h"

#include <QRegularExpression>

using namespace planscope;
using planscope::test::dataPath;
using planscope::test::fixturePath;

namespace {

// The first cell of each row of the README table under `heading` (a row: "| `id` | ...").
QStringList readmeIds(const QString& heading) {
    QFile file(QStringLiteral(PLANSCOPE_SOURCE_DIR "/README.md"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(file.readAll());
    const qsizetype start = text.indexOf(heading);
    if (start < 0)
        return {};
    static const QRegularExpression row(QStringLiteral("^\\| `([a-z0-9-]+)`"));
    QStringList ids;
    bool inTable = false;
    for (const QString& line : text.mid(start).split('\n')) {
        const auto match = row.match(line);
        if (match.hasMatch())
            ids << match.captured(1);
        else if (inTable && !line.startsWith('|'))
            break;
        inTable = inTable || line.startsWith('|');
    }
    return ids;
}

} // namespace

// Each kind of part has one catalog, the single source of its ids; the README documents each id
// in the catalog's order, so a new one cannot land undocumented.
class TestCatalogs : public QObject {
    Q_OBJECT
  private slots:
    void readmeListsEveryLintRule() {
        QCOMPARE(readmeIds(QStringLiteral("### Lint rules")), standardRules());
    }

    void readmeListsEveryLead() {
        QStringList ids;
        for (const LeadKind& kind : leadCatalog())
            ids << kind.id;
        QCOMPARE(readmeIds(QStringLiteral("## Leads")), ids);
    }

    void readmeListsEveryCheck() {
        QStringList ids;
        for (const CheckKind& kind : checkCatalog())
            ids << kind.id;
        QCOMPARE(readmeIds(QStringLiteral("### Checking a plan's files")), ids);
    }

    // The words of a threshold are made from its constant.
    void leadThresholdsSayTheirConstants() {
        const auto threshold = [](const QString& id) {
            for (const LeadKind& kind : leadCatalog())
                if (kind.id == id)
                    return kind.threshold;
            return QString();
        };
        QCOMPARE(threshold("hot-layer"), QString("the slowest layer takes at least 5 % of the "
                                                 "latency"));
        QCOMPARE(threshold("tiny-kernels"), QString("at least 20 layers under 5 us each, together "
                                                    "at least 20 % of the latency"));
        QCOMPARE(threshold("slower-tactic"), QString("a layer's chosen tactic is more than 10 % "
                                                     "slower than the fastest timed"));
    }

    // Every result the check makes on the real plans and the check's fixtures is a kind of the
    // catalog, at most at the catalog's level (figures that agree are a note).
    void checkResultsComeFromTheCatalog_data() {
        QTest::addColumn<QString>("plan");
        QTest::newRow("controlnet") << dataPath(
            "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json");
        QTest::newRow("names only, its profile off") << fixturePath("names-only.graph.json");
        QTest::newRow("names only")
            << dataPath("realworld/mnist-trt10.16-h100/trtexec-result-05.log");
        QTest::newRow("shared writes") << fixturePath("shared-writes.graph.json");
        QTest::newRow("quirks") << fixturePath("quirks.graph.json");
        QTest::newRow("build memory")
            << dataPath("realworld/mnist-trt10.16-h100/trtexec-result-04.log");
    }
    void checkResultsComeFromTheCatalog() {
        QFETCH(QString, plan);
        const PlanCheck check = checkPlan(loadPlan(plan));
        QVERIFY(!check.results.empty());
        for (const CheckResult& result : check.results) {
            const auto& catalog = checkCatalog();
            const auto kind = std::find_if(catalog.begin(), catalog.end(),
                                           [&](const CheckKind& k) { return k.id == result.id; });
            QVERIFY2(kind != catalog.end(), qPrintable(result.id));
            QVERIFY2(int(result.level) <= int(kind->level), qPrintable(result.id));
        }
    }
};

PLANSCOPE_TEST_MAIN(TestCatalogs, QCoreApplication)
#include "tst_catalogs.moc"
