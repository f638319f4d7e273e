#include "io/text/HugePages.h"

#include <QtGlobal>
#include <cstdint>

#ifdef Q_OS_LINUX
#include <sys/mman.h>
#endif

namespace planscope {

void adviseHugePages(const void* data, std::size_t bytes) {
#ifdef Q_OS_LINUX
    constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t from = (begin + kHugePage - 1) / kHugePage * kHugePage;
    const std::uintptr_t to = (begin + bytes) / kHugePage * kHugePage;
    if (to > from)
        madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
#else
    Q_UNUSED(data);
    Q_UNUSED(bytes);
#endif
}

} // namespace planscope
