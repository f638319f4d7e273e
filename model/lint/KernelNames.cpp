#include "lint/KernelNames.h"

namespace planscope {

const KernelName& KernelNames::of(const QString& tactic) {
    // The reader pools repeated texts, so equal tactics are mostly one string: found by where its
    // text is, a kernel name of a hundred characters is not hashed again.
    const Text text{tactic.constData(), tactic.size()};
    if (const auto known = m_byText.constFind(text); known != m_byText.cend())
        return m_kernels[std::size_t(*known)];
    auto index = m_byName.constFind(tactic);
    if (index == m_byName.cend()) {
        index = m_byName.insert(tactic, int(m_kernels.size()));
        m_kernels.push_back(decodeKernelName(tactic));
    }
    m_byText.insert(text, *index);
    return m_kernels[std::size_t(*index)];
}

} // namespace planscope
