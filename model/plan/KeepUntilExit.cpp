#include "plan/KeepUntilExit.h"

#include <mutex>
#include <vector>

namespace planscope {

void keepUntilExit(std::shared_ptr<const EnginePlan> plan) {
    static std::mutex mutex;
    static auto* const kept = new std::vector<std::shared_ptr<const EnginePlan>>();
    if (!plan)
        return;
    const std::lock_guard lock(mutex);
    kept->push_back(std::move(plan));
}

} // namespace planscope
