#pragma once

class QWidget;

namespace planscope {

// Sizes a top-level window for its screen on first start: maximized up to 2560x1600 logical
// pixels, else (a 4K screen) 85% of the available area, centred.
void placeOnScreen(QWidget& window);

} // namespace planscope
