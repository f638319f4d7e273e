#pragma once

#include "LintFinding.h"

#include <QStringList>
#include <memory>
#include <vector>

namespace planscope {

struct EnginePlan;

class Linter {
  public:
    virtual ~Linter() = default;
    virtual QStringList rules() const = 0;
    virtual void lint(const EnginePlan& plan, std::vector<LintFinding>& findings) const = 0;
};

std::vector<std::unique_ptr<Linter>> standardLinters();

// Every finding of the standard linters, linter by linter, each in engine order.
std::vector<LintFinding> lintPlan(const EnginePlan& plan);

} // namespace planscope
