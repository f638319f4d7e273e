#include "plan/KeepUntilExit.h"

#include <mutex>
#include <vector>

namespace planscope {

void keepUntilExit(std::shared_ptr<const void> kept) {
    static std::mutex mutex;
    static auto* const all = new std::vector<std::shared_ptr<const void>>();
    if (!kept)
        return;
    const std::lock_guard lock(mutex);
    all->push_back(std::move(kept));
}

} // namespace planscope
