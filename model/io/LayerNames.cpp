#include "io/LayerNames.h"

namespace planscope {

QString replaceRecordSeparators(QString text) {
    text.replace(QChar(0x1E), QChar('+'));
    text.replace(QChar(0x1F), QChar('+'));
    return text;
}

QString disambiguatedName(QHash<QString, int>& seen, const QString& name) {
    const int count = ++seen[name];
    return count > 1 ? name + '_' + QString::number(count) : name;
}

} // namespace planscope
