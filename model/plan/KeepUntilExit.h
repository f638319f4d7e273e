#pragma once

#include <memory>

namespace planscope {

// Keeps a plan (or its analysis) until the process ends, for a one-shot command or a window
// that is closing: taking a large plan apart costs a tenth of the run (20,000 layers), and the
// process's end frees its memory at once. It stays reachable, so leak checkers do not count it.
void keepUntilExit(std::shared_ptr<const void> kept);

} // namespace planscope
