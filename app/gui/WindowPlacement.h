#pragma once

class QWidget;

namespace planscope {

// Sizes a top-level window for its screen on first start: maximized where the screen is small
// (below 1600x1000 logical pixels), else 85% of the available area, centred.
void placeOnScreen(QWidget& window);

} // namespace planscope
