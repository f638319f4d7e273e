#pragma once

#include <QString>

class QWidget;

namespace planscope {

// Shows a warning without blocking: the window stays responsive (and a test or a --screenshot
// run is not held up), and the box deletes itself when closed.
void openWarning(QWidget* parent, const QString& title, const QString& text);

} // namespace planscope
