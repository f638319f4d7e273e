#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QTreeView;

namespace planscope {

class ModuleFilterModel;
class ModuleTreeModel;
class PlanDocument;

// The engine as the model it came from: its modules as a tree (time with a bar, share, self time,
// layers, precisions, types, lint findings, leads), sortable, searched by path, down to the
// layers. Choosing a module marks its layers in every view (as a lead does) and selects its
// slowest; choosing a layer selects it; a layer chosen elsewhere is shown in its module. The tree
// is filled when the panel is first shown after each change, once the document's worker has
// made the modules (or at once when asked for a module or its header).
class ModulesPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ModulesPanel(PlanDocument* document, QWidget* parent = nullptr);

    QTreeView* view() const { return m_view; }
    ModuleTreeModel* model() const { return m_model; }
    QString headerText();
    bool isWaiting() const; // for the modules the document's worker makes
    // Chooses the module at `path` as a click would; false when the plan has none.
    bool chooseModule(const QString& path);

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    void reload();
    void fill();
    void showAboveSol();
    void fillIfStale();
    void fillNow(); // the modules made here if need be: for callers that cannot wait
    void onChosen();
    void followLayer(int layer);
    void expandTopLevels();

    PlanDocument* m_document;
    ModuleTreeModel* m_model;
    ModuleFilterModel* m_filter;
    QLabel* m_header;
    QLineEdit* m_search;
    QTreeView* m_view;
    bool m_following = false; // showing a layer chosen elsewhere: choose nothing back
    bool m_stale = false;     // changed while hidden
};

} // namespace planscope
