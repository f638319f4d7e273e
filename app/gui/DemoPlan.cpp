#include "gui/DemoPlan.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>

namespace planscope {
namespace {

QString& writtenDemo() { // empty until written
    static QString prefix;
    return prefix;
}

} // namespace

QString demoPlanPath() {
    static QTemporaryDir folder; // removed when the application exits
    QString& prefix = writtenDemo();
    if (!prefix.isEmpty() || !folder.isValid())
        return prefix;
    QDirIterator resources(QStringLiteral(":/demo"));
    while (resources.hasNext()) {
        const QString resource = resources.next();
        const QString copy = folder.filePath(QFileInfo(resource).fileName());
        if (!QFile::copy(resource, copy))
            return {};
        if (copy.endsWith(QLatin1String(".graph.json")))
            prefix = copy.chopped(int(sizeof(".graph.json")) - 1);
    }
    return prefix;
}

bool isDemoPlan(const QString& path) {
    return !writtenDemo().isEmpty() && path == writtenDemo();
}

} // namespace planscope
