#pragma once

namespace planscope {

// Runs the window: `planscope [--screenshot FILE [--tab T] [--select L] [--chart C]]
// [--profile N] [PLAN...]`. With no PLAN the built-in demo plan opens; several are compared.
// --screenshot renders the window after loading, saves it and exits (see Screenshot.h).
int runGui(int argc, char** argv);

} // namespace planscope
