#include "io/graph/EntryChunks.h"

#include "plan/PlanError.h"

#include <algorithm>
#include <future>
#include <limits>

namespace planscope {
namespace {

constexpr std::size_t kChunk = 128; // entries a thread takes at a time (about 150 KB of a plan)
constexpr std::size_t kReleaseStep = std::size_t{1} << 20; // text let go a megabyte at a time

} // namespace

EntryChunks::EntryChunks(FileText& text, const std::vector<EntrySpan>& spans, ReadEntry read)
    : m_text(text), m_spans(spans), m_read(std::move(read)),
      m_failedChunk(std::numeric_limits<std::size_t>::max()),
      m_done((spans.size() + kChunk - 1) / kChunk, false) {}

void EntryChunks::read(const Progress& progress) {
    std::future<void> second;
    if (m_done.size() >= 2) // a single chunk is read by this thread alone
        second = std::async(std::launch::async, [this] { work(1, nullptr); });
    work(0, progress ? &progress : nullptr);
    if (second.valid())
        second.get();
    // The second thread may have read the last chunks: the end is told once everything is read.
    if (progress && !m_error && !m_cancelled && !m_spans.empty() && m_told != m_spans.back().end)
        tell(progress, m_spans.back().end);
    if (m_error)
        std::rethrow_exception(m_error);
    if (m_progressError)
        std::rethrow_exception(m_progressError);
    if (m_cancelled)
        throw LoadCancelled();
}

// Takes chunks until none is left, one failed before the next, or the read is cancelled.
void EntryChunks::work(std::size_t thread, const Progress* progress) {
    while (!m_cancelled.load(std::memory_order_relaxed)) {
        const std::size_t chunk = m_next.fetch_add(1);
        if (chunk >= m_done.size() || chunk > m_failedChunk.load())
            return;
        const std::size_t to = std::min((chunk + 1) * kChunk, m_spans.size());
        try {
            for (std::size_t entry = chunk * kChunk; entry < to; ++entry)
                m_read(thread, entry);
        } catch (...) {
            failed(chunk, std::current_exception());
            return;
        }
        const std::size_t readUpTo = finished(chunk);
        if (progress)
            tell(*progress, readUpTo);
    }
}

// Tells the progress (on the calling thread only); a false answer or a throw stops both threads.
void EntryChunks::tell(const Progress& progress, std::size_t readUpTo) {
    m_told = readUpTo;
    try {
        if (progress(readUpTo))
            return;
    } catch (...) {
        m_progressError = std::current_exception();
    }
    m_cancelled = true;
}

void EntryChunks::failed(std::size_t chunk, std::exception_ptr error) {
    const std::lock_guard lock(m_mutex);
    if (chunk < m_failedChunk) {
        m_failedChunk = chunk;
        m_error = std::move(error);
    }
}

// Marks the chunk read; lets go of the text of the chunks read from the first on. Returns where
// that text ends.
std::size_t EntryChunks::finished(std::size_t chunk) {
    const std::lock_guard lock(m_mutex);
    m_done[chunk] = true;
    const std::size_t before = m_readPrefix;
    while (m_readPrefix < m_done.size() && m_done[m_readPrefix])
        ++m_readPrefix;
    if (m_readPrefix == 0)
        return 0;
    const std::size_t end = m_spans[std::min(m_readPrefix * kChunk, m_spans.size()) - 1].end;
    if (m_readPrefix > before &&
        (end - m_released >= kReleaseStep || m_readPrefix == m_done.size())) {
        m_text.release(end);
        m_released = end;
    }
    return end;
}

} // namespace planscope
