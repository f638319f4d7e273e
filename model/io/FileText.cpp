#include "io/FileText.h"

#include "io/JsonFile.h"

#ifdef Q_OS_LINUX
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace planscope {

FileText FileText::open(const QString& path) {
    FileText text;
    text.m_file = std::make_unique<QFile>(path);
    if (text.m_file->size() > 0 && text.m_file->open(QIODevice::ReadOnly))
        text.m_map = text.m_file->map(0, text.m_file->size());
    if (!text.m_map) // empty, special (a pipe) or unmappable: read it, with readFileBytes' errors
        return FileText(readFileBytes(path));
    text.m_view = {reinterpret_cast<const char*>(text.m_map),
                   static_cast<std::size_t>(text.m_file->size())};
    return text;
}

FileText::FileText(QByteArray bytes)
    : m_bytes(std::move(bytes)),
      m_view(m_bytes.constData(), static_cast<std::size_t>(m_bytes.size())) {}

void FileText::release(std::size_t pos) {
#ifdef Q_OS_LINUX
    static const auto pageSize = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t end = std::min(pos, m_view.size()) / pageSize * pageSize;
    if (!m_map || end <= m_released)
        return;
    madvise(m_map + m_released, end - m_released, MADV_DONTNEED);
    m_released = end;
#else
    Q_UNUSED(pos);
#endif
}

} // namespace planscope
