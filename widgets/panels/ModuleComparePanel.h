#pragma once

#include <QWidget>
#include <memory>

class QLabel;
class QTreeView;

namespace planscope {

struct EnginePlan;
class ModuleComparisonModel;
class ModuleComparisonSortModel;

// Two engines compared by the modules of their model (compareByModule), as a tree: each module's
// time in A and B, delta and speedup (green: B faster, orange: slower), the largest |delta|
// first among siblings. Computed on a worker thread when first shown.
class ModuleComparePanel : public QWidget {
    Q_OBJECT
  public:
    explicit ModuleComparePanel(QWidget* parent = nullptr);

    void setPlans(const std::shared_ptr<const EnginePlan>& a,
                  const std::shared_ptr<const EnginePlan>& b, const QString& labelA,
                  const QString& labelB);
    void setThreshold(double threshold);
    bool isComputing() const { return m_computing || m_stale; } // stale: compared when shown
    QTreeView* view() const { return m_view; }
    ModuleComparisonModel* model() const { return m_model; }
    QString headerText() const;

  signals:
    void computed();

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    void compare();

    ModuleComparisonModel* m_model;
    ModuleComparisonSortModel* m_sorted;
    QLabel* m_header;
    QTreeView* m_view;
    std::shared_ptr<const EnginePlan> m_a;
    std::shared_ptr<const EnginePlan> m_b;
    int m_generation = 0;
    bool m_computing = false;
    bool m_stale = false; // new plans, not compared yet
};

} // namespace planscope
