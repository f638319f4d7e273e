#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <memory>
#include <string_view>

namespace planscope {

// A file's text for a reader that goes through it once, front to back. The file is mapped into
// memory where the system allows it (no copy is made), else read whole.
class FileText {
  public:
    // Throws PlanError naming `path` when it is missing, a folder or unreadable.
    static FileText open(const QString& path);
    explicit FileText(QByteArray bytes); // text already in memory (a log's graph)

    std::string_view view() const { return m_view; }

    // The text before `pos` will not be read again: a mapped file's pages before it leave the
    // process's memory (the system keeps them in its file cache), so reading a large file costs
    // little more memory than what is built from it.
    void release(std::size_t pos);

  private:
    FileText() = default;

    std::unique_ptr<QFile> m_file; // open while mapped
    uchar* m_map = nullptr;
    QByteArray m_bytes;
    std::string_view m_view;
    std::size_t m_released = 0;
};

} // namespace planscope
