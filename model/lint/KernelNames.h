#pragma once

#include "kernels/KernelName.h"
#include "plan/NameKey.h"

#include <QHash>
#include <utility>
#include <vector>

namespace planscope {

// Kernel names repeat from layer to layer (one tactic runs many layers): a linter decodes each
// once. The names are the plan's own, viewed: a KernelNames lives no longer than its plan.
class KernelNames {
  public:
    const KernelName& of(const QString& tactic);

  private:
    using Text = std::pair<const QChar*, qsizetype>;
    std::vector<KernelName> m_kernels;
    QHash<NameKey, int> m_byName; // the layers' own tactic strings, viewed
    QHash<Text, int> m_byText;
};

} // namespace planscope
