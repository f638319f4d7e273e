#include "gui/WindowPlacement.h"

#include <QScreen>
#include <QWidget>

namespace planscope {
namespace {

// Screens up to this size (logical pixels) are filled: the tables need every column there.
constexpr QSize kFilledScreen(2560, 1600);

} // namespace

void placeOnScreen(QWidget& window) {
    const QRect available = window.screen()->availableGeometry();
    if (available.width() <= kFilledScreen.width() && available.height() <= kFilledScreen.height()) {
        window.resize(available.size()); // the size it has where no window manager maximizes
        window.setWindowState(window.windowState() | Qt::WindowMaximized);
        return;
    }
    window.setWindowState(window.windowState() & ~Qt::WindowMaximized);
    window.resize(available.size() * 0.85);
    window.move(available.center() - window.rect().center());
}

} // namespace planscope
