#pragma once

#include <QString>

namespace planscope {

class CompareWindow;
class MainWindow;

// What `planscope --screenshot FILE` shows before it saves the window (for the README's
// pictures and the end-to-end tests).
struct ScreenshotRequest {
    QString file;
    QString tab;   // a tab's title, or its start: "charts", "graph" ...; compare: "modules"
    QString layer; // main window: a layer's name or index to select; compare: a row
    QString chart; // main window: the chart to show (planscope export-chart --list)
    QString lead;  // main window: the lead to choose (planscope leads --list)
};

// Once the plans are loaded, sets up what the request asks, waits for graph layouts, saves the
// window and quits: exit status 0, or 2 when loading or saving failed.
void screenshotWhenReady(MainWindow& window, const ScreenshotRequest& request);
void screenshotWhenReady(CompareWindow& window, const ScreenshotRequest& asked);

} // namespace planscope
