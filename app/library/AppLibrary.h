#pragma once

namespace planscope {

// The window and the commands that draw live in the app library (libplanscope-app.so, with Qt's
// Gui, Widgets and Svg, Graphviz and ONNX): the `planscope` executable loads it only for them,
// so a command that prints text starts without those thirty libraries (about 10 ms a run).
// These load it (beside the executable in a build tree, in LIBDIR/planscope once installed) and
// run the window; a library that cannot be loaded is named on stderr, with exit status 2.
int runWindow(int argc, char** argv);

} // namespace planscope
