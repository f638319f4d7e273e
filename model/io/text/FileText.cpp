#include "io/text/FileText.h"

#include "io/text/JsonFile.h"

#include <QFile>

#ifdef Q_OS_LINUX
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace planscope {
namespace {

// Smaller files are read as byte arrays: what release() would give back is not worth a mapping.
constexpr qint64 kLarge = qint64{4} << 20;

} // namespace

void UnmapPages::operator()(char* pages) const {
#ifdef Q_OS_LINUX
    munmap(pages, size);
#else
    Q_UNUSED(pages);
#endif
}

FileText FileText::open(const QString& path) {
#ifdef Q_OS_LINUX
    QFile file(path);
    const qint64 size = file.size();
    if (size >= kLarge && file.open(QIODevice::ReadOnly)) {
        const auto bytes = static_cast<std::size_t>(size);
        void* pages = mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, file.handle(), 0);
        if (pages != MAP_FAILED) {
            FileText text;
            text.m_pages = {static_cast<char*>(pages), UnmapPages{bytes}};
            text.m_guard = std::make_unique<MappedFileGuard>(text.m_pages.get(), bytes);
            if (text.m_guard->inUse()) { // else read below
                text.m_view = {text.m_pages.get(), bytes};
                return text;
            }
        }
    }
#endif
    return FileText(readFileBytes(path)); // with its errors: missing, a folder, unreadable
}

FileText::FileText(QByteArray bytes)
    : m_bytes(std::move(bytes)),
      m_view(m_bytes.constData(), static_cast<std::size_t>(m_bytes.size())) {}

void FileText::release(std::size_t pos) {
#ifdef Q_OS_LINUX
    static const auto pageSize = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t end = std::min(pos, m_view.size()) / pageSize * pageSize;
    if (!m_pages || end <= m_released)
        return;
    madvise(m_pages.get() + m_released, end - m_released, MADV_DONTNEED);
    m_released = end;
#else
    Q_UNUSED(pos);
#endif
}

} // namespace planscope
