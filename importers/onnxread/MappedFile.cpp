#include "onnxread/MappedFile.h"

#include "plan/DisplayName.h"
#include "plan/PlanError.h"

#include <QFile>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace planscope {

std::shared_ptr<const MappedFile> MappedFile::open(const QString& path, const QString& role) {
    const auto fail = [&](const char* what) {
        return PlanError(QStringLiteral("cannot read the %1 %2: %3 (%4): check the path and "
                                        "that it is a readable file")
                             .arg(role, displayName(path), QString::fromLatin1(what),
                                  QString::fromLocal8Bit(std::strerror(errno))));
    };
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw fail("open failed");
    struct stat status {};
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
        ::close(fd);
        errno = EISDIR;
        throw fail("not a regular file");
    }
    std::shared_ptr<MappedFile> file(new MappedFile);
    file->m_size = std::size_t(status.st_size);
    if (file->m_size > 0) {
        void* data = mmap(nullptr, file->m_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (data == MAP_FAILED) {
            ::close(fd);
            throw fail("mmap failed");
        }
        // Read ahead: the reader walks it from start to end.
        madvise(data, file->m_size, MADV_SEQUENTIAL);
        madvise(data, file->m_size, MADV_WILLNEED);
        file->m_data = static_cast<const std::byte*>(data);
        file->m_guard =
            std::make_unique<MappedFileGuard>(static_cast<const char*>(data), file->m_size);
    }
    ::close(fd);
    return file;
}

bool MappedFile::wasCut() const {
    return m_guard && m_guard->wasCut();
}

MappedFile::~MappedFile() {
    m_guard.reset(); // unguarded before unmapped
    if (m_data)
        munmap(const_cast<std::byte*>(m_data), m_size);
}

} // namespace planscope
