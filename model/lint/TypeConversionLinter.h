#pragma once

#include "lint/Linter.h"

namespace planscope {

// Layers of one type (Reformat, Slice) whose output data type differs from their input's.
// Layout changes alone are assumed to be cheap and are not reported.
class TypeConversionLinter : public Linter {
  public:
    TypeConversionLinter(QString layerType, QString rule);
    QStringList rules() const override { return {m_rule}; }
    void lint(const EnginePlan& plan, const LintSettings& settings,
              std::vector<LintFinding>& findings) const override;

  private:
    QString m_layerType;
    QString m_rule;
};

} // namespace planscope
