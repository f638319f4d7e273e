#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <future>
#include <thread>
#include <type_traits>
#include <vector>

namespace planscope {

// Fewer layers than this are worked through by one thread: a second thread's start costs more
// than their work (the tensor index, the layers' modules, the module tree's sums).
inline constexpr std::size_t kLayersForTwoThreads = 2048;

// Runs task(0) ... task(count - 1) side by side on at most as many threads as the machine has
// cores, the caller's among them, and gives their results in that order. A thread per task
// (std::async each) put two dozen threads on a two-core machine beside the window's first paint;
// here the threads take the next task as they finish one. A task's exception reaches the caller
// once every thread has stopped.
template <class Result>
std::vector<Result> sideBySide(std::size_t count, const std::function<Result(std::size_t)>& task) {
    // Two threads setting bits of one word of a std::vector<bool> race.
    static_assert(!std::is_same_v<Result, bool>, "a task gives a result of its own word: int");
    std::vector<Result> results(count);
    std::atomic<std::size_t> next = 0;
    const auto work = [&] {
        for (std::size_t i = next++; i < count; i = next++)
            results[i] = task(i);
    };
    const std::size_t threads =
        std::min<std::size_t>(count, std::max(1U, std::thread::hardware_concurrency()));
    std::vector<std::future<void>> helpers;
    for (std::size_t i = 1; i < threads; ++i)
        helpers.push_back(std::async(std::launch::async, work));
    std::exception_ptr failure;
    try {
        work();
    } catch (...) {
        failure = std::current_exception();
        next = count; // the helpers stop after their current task
    }
    for (std::future<void>& helper : helpers) {
        try {
            helper.get();
        } catch (...) {
            if (!failure)
                failure = std::current_exception();
        }
    }
    if (failure)
        std::rethrow_exception(failure);
    return results;
}

} // namespace planscope
