#include "io/LayerNames.h"

namespace planscope {

QString replaceRecordSeparators(QString text) {
    text.replace(QChar(0x1E), QChar('+'));
    text.replace(QChar(0x1F), QChar('+'));
    return text;
}

} // namespace planscope
