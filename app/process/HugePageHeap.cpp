#include "process/HugePageHeap.h"

#include <cstdint>
#include <cstdlib> // defines __GLIBC__ where glibc is the C library

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace planscope {

void useHugePageHeap() {
#if defined(__linux__) && defined(__GLIBC__)
    constexpr int kReserve = 256 << 20; // address space only: pages are touched as they are used
    constexpr int kLargestHeapBlock = 32 << 20;
    constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
    // The main thread's heap only: a reading thread keeps its own arena of ordinary pages (one
    // arena for all made the two readers of a 210,000-layer plan wait on its lock: 1.4x slower).
    // Blocks up to 32 MB come from the heap too, and the heap's free top is handed back only
    // beyond twice the reserve, so the advised pages are not handed back unused.
    mallopt(M_MMAP_THRESHOLD, kLargestHeapBlock);
    mallopt(M_TRIM_THRESHOLD, 2 * kReserve);
    mallopt(M_TOP_PAD, kReserve);
    constexpr std::uintptr_t kBlock = 8 << 20;
    void* block = std::malloc(kBlock); // grows the heap by the block and the reserve
    if (block == nullptr)
        return;
    const auto begin = reinterpret_cast<std::uintptr_t>(block);
    const auto end = reinterpret_cast<std::uintptr_t>(sbrk(0));
    const std::uintptr_t from = (begin + kHugePage - 1) / kHugePage * kHugePage;
    // Only where the block came from the heap's top (not under a sanitizer's own allocator).
    if (end > from && end - begin <= kBlock + 2 * std::uintptr_t{kReserve})
        madvise(reinterpret_cast<void*>(from), end - from, MADV_HUGEPAGE);
    std::free(block);
    mallopt(M_TOP_PAD, 128 << 10); // glibc's default again: later growth is not reserved
#endif
}

} // namespace planscope
