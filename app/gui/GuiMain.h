#pragma once

namespace planscope {

// Runs the window: `planscope [--screenshot FILE] [--profile N] [PLAN]`. With no PLAN the
// built-in demo plan opens. --screenshot renders the window after loading, saves it and exits.
int runGui(int argc, char** argv);

} // namespace planscope
