#pragma once

#include <QStringList>

namespace planscope {

// True when the arguments name a subcommand (or --help / --version): no display is needed.
bool isCliInvocation(int argc, char** argv);

// Runs a subcommand and returns the process exit status: a command that prints under a
// QCoreApplication; one that draws through runPaintingCommand().
int runCli(int argc, char** argv);

// The commands that draw pictures (export-chart, export-graph, report) need Qt's painting,
// Graphviz and ONNX, and those that read an ONNX model (weights, export-overlay) ONNX, which the
// `planscope` executable loads with the window from its app library only for them
// (app/AppLibrary.h): the text commands start without those libraries.
// Defined by the painting commands (cli/PaintingCommands.cpp) in the app library, and by the
// loader in the executable.
int runPaintingCommand(int argc, char** argv);

// A command's arguments as it parses them: "planscope NAME" first, then its own.
QStringList commandArguments(QStringList arguments);

} // namespace planscope
