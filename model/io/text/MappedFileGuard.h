#pragma once

#include <cstddef>

namespace planscope {

// A file mapped into memory that another program cuts short while it is read would end the
// process: touching a page past the file's new end raises SIGBUS. While a mapping is guarded, a
// handler (installed once; a SIGBUS elsewhere goes on to the handler it replaced) maps zeros over
// what was cut, so the reader reads on, stops at text no valid JSON holds, and the guard says
// the file was cut. Linux only.
class MappedFileGuard {
  public:
    // Guards [begin, begin + size); not guarded when every slot is taken (inUse() false).
    MappedFileGuard(const char* begin, std::size_t size);
    ~MappedFileGuard();
    MappedFileGuard(const MappedFileGuard&) = delete;
    MappedFileGuard& operator=(const MappedFileGuard&) = delete;

    bool inUse() const { return m_slot >= 0; }
    bool wasCut() const; // a page past the file's end was touched

  private:
    int m_slot = -1;
};

} // namespace planscope
