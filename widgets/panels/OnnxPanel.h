#pragma once

#include "compare/OnnxComparison.h"

#include <QWidget>
#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QStackedWidget;
class QLabel;
class QLineEdit;
class QSettings;
class QSplitter;
class QTableView;

namespace planscope {

class ModuleComparePanel;
class OnnxGroupFilterModel;
class OnnxGroupModel;
class OnnxUnattributedModel;
class OnnxUnattributedSortModel;

// The compare window's ONNX ops tab: A and B compared by the ONNX nodes their layers implement
// (compareByOnnx), one row per group, sorted by |delta|; a search by ONNX node name and a
// "fusion differs" filter; the comparison's notes above, the layers without ONNX origin paired
// by name below and the reconciliation of each engine's time at the bottom. Choosing a row
// says so (groupChosen, unattributedChosen); the compare panel shows it in the graphs. "By
// module" shows the same engines compared by the modules of their model, as a tree
// (ModuleComparePanel).
class OnnxPanel : public QWidget {
    Q_OBJECT
  public:
    explicit OnnxPanel(QWidget* parent = nullptr);

    // Compares A with B on a worker thread (a pair of 21k-layer engines takes a while) and
    // says so meanwhile; newer plans replace a comparison still running. The group chosen
    // before stays chosen when the new comparison has it (A and B swapped).
    void setPlans(const std::shared_ptr<const EnginePlan>& a,
                  const std::shared_ptr<const EnginePlan>& b, const QString& labelA,
                  const QString& labelB);
    // A comparison still being made: by ONNX op, or by module while that view is shown.
    bool isComputing() const;
    const OnnxComparison* comparison() const;
    // Speedups within this fraction of 1 are not colored (the Layers tab's threshold).
    void setThreshold(double threshold);

    // Chooses the group shown in `row` (view order) as a click would; waits for a comparison
    // still running. False when the row does not exist.
    bool chooseRow(int row);
    int chosenGroup() const; // index into comparison()->groups, -1 when none is chosen

    // Writes the groups shown, in view order, as onnxGroupsCsv does.
    bool exportCsv(const QString& path, QString* error) const;
    void exportCsvWithDialog();
    QAction* exportCsvAction() const { return m_exportCsv; }

    // The columns (with the sort) and the splitter, under "compare/onnx...".
    void saveLayout(QSettings& settings) const;
    void restoreLayout(const QSettings& settings);

    QTableView* groups() const { return m_groups; }
    OnnxGroupModel* groupModel() const { return m_model; }
    QTableView* unattributed() const { return m_unattributed; }
    QLineEdit* searchField() const { return m_search; }
    QCheckBox* fusionFilter() const { return m_fusionDiffers; }
    QLabel* notesLabel() const { return m_notes; }
    QLabel* totalsLabel() const { return m_totals; }
    ModuleComparePanel* modulesView() const { return m_modules; }
    // Shows the groups of ONNX nodes (false) or the module tree (true).
    void showModules(bool modules);

  signals:
    // A comparison is shown, the group chosen before chosen again where it has it.
    void computed();
    void groupChosen(int group);                     // index into comparison()->groups
    void unattributedChosen(int layerA, int layerB); // -1 for a side without the layer
    void graphsRequested();                          // show the chosen row in the Graphs tab

  private:
    QWidget* unattributedBox();
    void showComparison(const std::shared_ptr<const EnginePlan>& a,
                        const std::shared_ptr<const EnginePlan>& b,
                        const std::shared_ptr<const OnnxComparison>& comparison);
    void showNotes();
    void showTotals();
    void chooseGroupWithNode(const QString& node);
    void applyDefaultColumns();

    OnnxGroupModel* m_model;
    OnnxGroupFilterModel* m_filter;
    OnnxUnattributedModel* m_unattributedModel;
    OnnxUnattributedSortModel* m_unattributedSorted;
    QLineEdit* m_search;
    QCheckBox* m_fusionDiffers;
    QLabel* m_notes;
    QTableView* m_groups;
    QLabel* m_unattributedTitle;
    QTableView* m_unattributed;
    QWidget* m_unattributedBox;
    QLabel* m_totals;
    QSplitter* m_splitter;         // groups above, unattributed layers below
    QComboBox* m_by;               // by ONNX op or by module
    QWidget* m_opsTools = nullptr; // the search, filter and buttons of the ONNX op view
    QStackedWidget* m_pages;
    ModuleComparePanel* m_modules;
    QAction* m_exportCsv;
    QAction* m_showGraphs;
    QString m_labelA;
    QString m_labelB;
    int m_generation = 0; // of the comparison last asked for: older results are dropped
    bool m_computing = false;
    int m_pendingRow = -1;    // chooseRow() while computing
    bool m_restoring = false; // choosing the group chosen before: no groupChosen
};

} // namespace planscope
