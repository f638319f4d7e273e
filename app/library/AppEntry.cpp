#include "cli/Cli.h"
#include "gui/GuiMain.h"

// What the `planscope` executable calls once it has loaded the app library
// (library/AppLibrary.h): the window, or a command that draws.
extern "C" __attribute__((visibility("default"))) int planscope_app_run(int argc, char** argv,
                                                                        int window) {
    return window ? planscope::runGui(argc, argv) : planscope::runPaintingCommand(argc, argv);
}
