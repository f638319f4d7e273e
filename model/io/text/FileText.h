#pragma once

#include "io/text/MappedFileGuard.h"

#include <QByteArray>
#include <QString>
#include <memory>
#include <string_view>

namespace planscope {

// Unmaps a mapped file's text.
struct UnmapPages {
    std::size_t size = 0;
    void operator()(char* pages) const;
};

// A file's text for a reader that goes through it once, front to back. On Linux a large file is
// mapped, not copied (reading 250 MB into memory of its own took 130 ms and more, mapping it a
// few), and release() hands the pages behind the reader back, so reading a large file costs
// little more memory than what is built from it. A file cut short by another program while it is
// read reads as zeros from there (MappedFileGuard): the reader stops, and wasCut() says why.
class FileText {
  public:
    // Throws PlanError naming `path` when it is missing, a folder or unreadable.
    static FileText open(const QString& path);
    explicit FileText(QByteArray bytes); // text already in memory (a log's graph)

    std::string_view view() const { return m_view; }

    // The text before `pos` will not be read again: its memory goes back to the system.
    void release(std::size_t pos);
    // Whether the file was cut short while it was read (what was cut read as zeros).
    bool wasCut() const { return m_guard && m_guard->wasCut(); }

  private:
    FileText() = default;

    std::unique_ptr<char, UnmapPages> m_pages; // the file mapped
    std::unique_ptr<MappedFileGuard> m_guard;  // released before the mapping
    QByteArray m_bytes;                        // or the text as a byte array
    std::string_view m_view;
    std::size_t m_released = 0;
};

} // namespace planscope
