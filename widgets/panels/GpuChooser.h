#pragma once

#include <QWidget>
#include <optional>

class QComboBox;
class QLabel;

namespace planscope {

class PlanDocument;
struct GpuDevice;

// The GPU the speed-of-light views judge the open plan by (PlanDocument::setGpu): the device
// its files describe, or one of the built-in table's (roofline/GpuTable, `planscope roofline
// --gpu list`). For plans whose files describe none, the choice is remembered (QSettings) and
// taken for the next such plan; a plan whose files describe one starts on it, and another chosen
// is for that plan alone (as `roofline --gpu` beside a described device).
class GpuChooser : public QWidget {
    Q_OBJECT
  public:
    explicit GpuChooser(PlanDocument* document, QWidget* parent = nullptr);

    QComboBox* combo() const { return m_combo; }
    // Chooses a table GPU by name, or the files' device for an empty name, as the user would.
    bool choose(const QString& name);

  private:
    void planChanged();
    void chosen(int index);
    void describe(); // the tooltip: where the device in use comes from

    PlanDocument* m_document;
    QLabel* m_label;
    QComboBox* m_combo;
    bool m_filesDescribeOne = false;
};

// The settings key of the GPU remembered for plans whose files describe none.
inline constexpr char kChosenGpuKey[] = "roofline/gpu";

} // namespace planscope
