#pragma once

#include "lint/LintSettings.h"

#include <QDialog>
#include <map>

class QCheckBox;
class QDoubleSpinBox;

namespace planscope {

// Chooses which lint rules run and their thresholds.
class LintSettingsDialog : public QDialog {
    Q_OBJECT
  public:
    explicit LintSettingsDialog(const LintSettings& settings, QWidget* parent = nullptr);
    LintSettings settings() const;

  private:
    void display(const LintSettings& settings);

    std::map<QString, QCheckBox*> m_rules;
    std::map<QString, QDoubleSpinBox*> m_thresholds;
};

// The settings the window remembers (QSettings group "lint").
LintSettings loadLintSettings();
void saveLintSettings(const LintSettings& settings);

} // namespace planscope
