#include "plan/DisplayName.h"

#include <QFileInfo>

namespace planscope {

QString displayName(const QString& path) {
    return QFileInfo(path).fileName();
}

} // namespace planscope
