#pragma once

#include "io/text/MappedFileGuard.h"

#include <QString>
#include <cstddef>
#include <memory>
#include <span>

namespace planscope {

// A file mapped read-only for as long as a reader's results point into it.
class MappedFile {
  public:
    // Throws PlanError naming the file (`role`: "model", "external data of MODEL") when it cannot
    // be opened or mapped.
    static std::shared_ptr<const MappedFile> open(const QString& path, const QString& role);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::span<const std::byte> bytes() const { return {m_data, m_size}; }
    // Whether another program cut the file short while it was mapped (the cut pages read as
    // zeros); false when no guard slot was free.
    bool wasCut() const;

  private:
    MappedFile() = default;
    std::unique_ptr<MappedFileGuard> m_guard;
    const std::byte* m_data = nullptr;
    std::size_t m_size = 0;
};

} // namespace planscope
