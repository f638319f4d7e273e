// libFuzzer target: the bytes as a verbose build log, read for its tactics as `planscope
// tactics` and the Tactics views read it (JSON, each subject's summary, linked to its layers).
#include "io/log/TacticLogReader.h"
#include "tactics/TacticJson.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static int argc = 1;
    static char name[] = "fuzz_tactic_log";
    static char* argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("build.log"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    file.write(reinterpret_cast<const char*>(data), qint64(size));
    file.close();
    try {
        planscope::TacticLog log = planscope::readTacticLog(path);
        log.linkEngine({{QStringLiteral("a"), QStringLiteral("Convolution"), 0}});
        for (const planscope::TacticSubject& subject : log.subjects)
            planscope::summarizeSubject(log, subject);
        (void)planscope::tacticLogJson(log).dump();
    } catch (const planscope::PlanError&) {
        // the expected answer to a file that is not a verbose build log
    }
    return 0;
}
