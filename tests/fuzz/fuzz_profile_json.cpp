// libFuzzer target: the bytes as a plan's profile json (see FuzzPlan.h).
#include "FuzzPlan.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return planscope::fuzz::loadAndUse(planscope::fuzz::FuzzedFile::Profile, data, size);
}
