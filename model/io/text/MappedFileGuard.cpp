#include "io/text/MappedFileGuard.h"

#include <QtGlobal>
#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>

#ifdef Q_OS_LINUX
#include <csignal>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace planscope {
namespace {

// The guarded mappings, read by the signal handler: atomics only, no lock.
struct Slot {
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};
    std::atomic<bool> cut{false};
};
constexpr int kSlots = 8; // files read at once: a graph per plan, a few plans compared
std::array<Slot, kSlots> g_slots;
std::mutex g_taking; // between threads taking slots, never in the handler

#ifdef Q_OS_LINUX
struct sigaction g_previous {};
std::uintptr_t g_pageSize = 4096;

// Calls what handled SIGBUS before, or ends the process as the signal would have.
void passOn(int signal, siginfo_t* info, void* context) {
    if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction != nullptr) {
        g_previous.sa_sigaction(signal, info, context);
    } else if ((g_previous.sa_flags & SA_SIGINFO) == 0 && g_previous.sa_handler != SIG_DFL &&
               g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
    } else {
        std::signal(signal, SIG_DFL);
        std::raise(signal);
    }
}

void onBusError(int signal, siginfo_t* info, void* context) {
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (Slot& slot : g_slots) {
        const std::uintptr_t begin = slot.begin.load();
        const std::uintptr_t end = slot.end.load();
        if (begin == 0 || address < begin || address >= end)
            continue;
        // Zeros where the file was: the faulting access is retried on them. (Were there no
        // memory for them, retrying would fault forever: the signal goes on instead.)
        const std::uintptr_t page = address & ~(g_pageSize - 1);
        if (mmap(reinterpret_cast<void*>(page), end - page, PROT_READ,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
            break;
        slot.cut = true;
        return;
    }
    passOn(signal, info, context);
}

void installHandler() {
    g_pageSize = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    struct sigaction action {};
    action.sa_sigaction = onBusError;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &g_previous);
}
#endif

} // namespace

MappedFileGuard::MappedFileGuard(const char* begin, std::size_t size) {
#ifdef Q_OS_LINUX
    static std::once_flag installed;
    std::call_once(installed, installHandler);
    const std::lock_guard lock(g_taking);
    for (int i = 0; i < kSlots; ++i) {
        Slot& slot = g_slots[std::size_t(i)];
        if (slot.begin.load() != 0)
            continue;
        const auto from = reinterpret_cast<std::uintptr_t>(begin);
        slot.cut = false;
        slot.end = (from + size + g_pageSize - 1) & ~(g_pageSize - 1);
        slot.begin = from;
        m_slot = i;
        return;
    }
#else
    Q_UNUSED(begin);
    Q_UNUSED(size);
#endif
}

MappedFileGuard::~MappedFileGuard() {
    if (m_slot < 0)
        return;
    const std::lock_guard lock(g_taking);
    Slot& slot = g_slots[std::size_t(m_slot)];
    slot.begin = 0;
    slot.end = 0;
}

bool MappedFileGuard::wasCut() const {
    return m_slot >= 0 && g_slots[std::size_t(m_slot)].cut.load();
}

} // namespace planscope
