#pragma once

namespace planscope {

// Puts the heap the plan is read into on transparent huge pages (Linux with glibc; nothing
// elsewhere). A plan is hundreds of thousands of small allocations that live until exit, and
// on 4 KB pages a sixth of the reading was the kernel faulting them in one page at a time.
// Call first in main(), before any thread starts.
void useHugePageHeap();

} // namespace planscope
