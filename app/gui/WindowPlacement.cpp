#include "gui/WindowPlacement.h"

#include <QScreen>
#include <QWidget>

namespace planscope {

void placeOnScreen(QWidget& window) {
    const QRect available = window.screen()->availableGeometry();
    if (available.width() < 1600 || available.height() < 1000) {
        window.resize(available.size()); // the size it has where no window manager maximizes
        window.setWindowState(window.windowState() | Qt::WindowMaximized);
        return;
    }
    window.setWindowState(window.windowState() & ~Qt::WindowMaximized);
    window.resize(available.size() * 0.85);
    window.move(available.center() - window.rect().center());
}

} // namespace planscope
