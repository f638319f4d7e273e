#pragma once

#include "lint/LintFinding.h"
#include "lint/LintSettings.h"

#include <QStringList>
#include <memory>
#include <vector>

namespace planscope {

struct EnginePlan;
struct Layer;

class Linter {
  public:
    virtual ~Linter() = default;
    virtual QStringList rules() const = 0;
    virtual void lint(const EnginePlan& plan, const LintSettings& settings,
                      std::vector<LintFinding>& findings) const = 0;
};

std::vector<std::unique_ptr<Linter>> standardLinters();

// Every rule id of the standard linters, in the order they run.
QStringList standardRules();

// Every finding of the rules `settings` runs, linter by linter, each in engine order (or in the
// order a rule documents, such as slowest first).
std::vector<LintFinding> lintPlan(const EnginePlan& plan, const LintSettings& settings = {});

// "0.0369 ms (3.4 %)": a layer's average latency and share, as findings detail it.
QString latencyText(const Layer& layer);

// A finding of `rule` on `layer`, to be completed with hazard, mitigation and help.
LintFinding findingOn(const Layer& layer, const QString& rule,
                      Severity severity = Severity::Warning);

} // namespace planscope
