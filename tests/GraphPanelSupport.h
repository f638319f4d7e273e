#pragma once

#include "gui/MainWindow.h"
#include "panels/GraphPanel.h"

#include <QComboBox>
#include <QTabWidget>

namespace planscope::test {

// Shows the window's Graph tab and gives its colour chooser (the box whose first choice is
// "Color by type"); null when there is none.
inline QComboBox* showGraphColorChooser(MainWindow& window) {
    GraphPanel* graph = window.graphPanel();
    window.findChild<QTabWidget*>()->setCurrentWidget(graph);
    for (QComboBox* box : graph->findChildren<QComboBox*>())
        if (box->itemText(0) == QLatin1String("Color by type"))
            return box;
    return nullptr;
}

} // namespace planscope::test
