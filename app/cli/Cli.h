#pragma once

namespace planscope {

// True when the arguments name a subcommand (or --help / --version): no display is needed.
bool isCliInvocation(int argc, char** argv);

// Runs a subcommand under a QCoreApplication and returns the process exit status.
int runCli(int argc, char** argv);

} // namespace planscope
