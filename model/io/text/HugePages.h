#pragma once

#include <cstddef>

namespace planscope {

// Asks the system to back the whole 2 MB pages within [data, data + bytes) with huge pages when
// they are first written (Linux, where transparent huge pages are granted on request; nothing
// elsewhere). A large buffer about to be filled then costs a few page faults, not thousands.
void adviseHugePages(const void* data, std::size_t bytes);

} // namespace planscope
