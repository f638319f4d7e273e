#pragma once

#include "io/text/FileText.h"

#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <vector>

namespace planscope {

// Where one entry of a JSON list is in the file's text: [begin, end).
struct EntrySpan {
    std::size_t begin = 0;
    std::size_t end = 0;
};

// Reads the entries of a list two threads side by side, a chunk of entries at a time: each
// thread takes the next chunk as it finishes one, so neither waits for the other (one thread
// per half would wait for the slower half; one per stretch would wait at every stretch). The
// text of the chunks read is let go behind them.
class EntryChunks {
  public:
    // Reads entry `entry` on thread `thread` (0 or 1); may throw.
    using ReadEntry = std::function<void(std::size_t thread, std::size_t entry)>;
    // Hears, on the calling thread, how far into the text the entries are read; false cancels.
    using Progress = std::function<bool(std::size_t readUpTo)>;

    EntryChunks(FileText& text, const std::vector<EntrySpan>& spans, ReadEntry read);

    // Reads every entry. Rethrows the error of the earliest entry that failed (the entries
    // before it are all read); throws LoadCancelled when `progress` (may be empty) said stop.
    void read(const Progress& progress);

  private:
    void work(std::size_t thread, const Progress* progress);
    void tell(const Progress& progress, std::size_t readUpTo);
    void failed(std::size_t chunk, std::exception_ptr error);
    std::size_t finished(std::size_t chunk);

    FileText& m_text;
    const std::vector<EntrySpan>& m_spans;
    ReadEntry m_read;
    std::atomic<std::size_t> m_next{0};
    std::atomic<std::size_t> m_failedChunk;
    std::atomic<bool> m_cancelled{false};
    std::size_t m_told = 0;             // the progress last told (calling thread only)
    std::exception_ptr m_progressError; // what the progress threw, if it did
    std::mutex m_mutex;                 // guards the members below
    std::vector<bool> m_done;
    std::size_t m_readPrefix = 0; // chunks read from the first on
    std::size_t m_released = 0;   // where the text let go ends
    std::exception_ptr m_error;   // of the chunk m_failedChunk
};

} // namespace planscope
