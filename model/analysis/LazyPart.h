#pragma once

#include <atomic>
#include <mutex>
#include <optional>

namespace planscope {

// A value made once, by the first caller of get(), from any thread: a second caller meanwhile
// waits for it. A make() that throws leaves it unmade, for the next caller to try again.
template <class T> class LazyPart {
  public:
    template <class Make> const T& get(Make&& make) const {
        std::call_once(m_once, [&] {
            m_value.emplace(make());
            m_made.store(true, std::memory_order_release);
        });
        return *m_value;
    }
    bool isMade() const { return m_made.load(std::memory_order_acquire); }

  private:
    mutable std::once_flag m_once;
    mutable std::optional<T> m_value;
    mutable std::atomic<bool> m_made{false};
};

} // namespace planscope
