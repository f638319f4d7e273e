#pragma once

#include <QByteArray>
#include <QString>
#include <memory>
#include <string_view>

namespace planscope {

// Hands pages read into back to the system (FileText's memory of its own).
struct UnmapPages {
    std::size_t size = 0;
    void operator()(char* pages) const;
};

// A file's text for a reader that goes through it once, front to back. On Linux a large file is
// read into memory of its own, which release() hands back to the system behind the reader, so
// reading a large file costs little more memory than what is built from it. (Mapping the file
// instead would copy nothing, but a file cut short by another program while it is read would
// then end the process.)
class FileText {
  public:
    // Throws PlanError naming `path` when it is missing, a folder or unreadable.
    static FileText open(const QString& path);
    explicit FileText(QByteArray bytes); // text already in memory (a log's graph)

    std::string_view view() const { return m_view; }

    // The text before `pos` will not be read again: its memory goes back to the system.
    void release(std::size_t pos);

  private:
    FileText() = default;

    std::unique_ptr<char, UnmapPages> m_pages; // the text read into pages of its own
    QByteArray m_bytes;                        // or the text as a byte array
    std::string_view m_view;
    std::size_t m_released = 0;
};

} // namespace planscope
