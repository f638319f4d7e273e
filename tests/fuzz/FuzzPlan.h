#pragma once

#include <QByteArray>
#include <QString>
#include <cstddef>
#include <cstdint>

namespace planscope::fuzz {

// Which file of a plan the fuzzer's bytes stand for; the others are small valid files.
enum class FuzzedFile { Graph, Profile, Timing, ProfileMetadata, BuildMetadata, TrtexecLog };

// Writes the bytes as that file beside a small valid plan, loads the plan as the app does and,
// when it loads, uses it as every view and command would (JSON and CSV exports, linters, the
// plan graph, layer matching, charts, the layer table). A PlanError is the expected answer to
// bad input; anything else (crash, sanitizer report, other exception, leak) is a finding.
int loadAndUse(FuzzedFile kind, const std::uint8_t* data, std::size_t size);

} // namespace planscope::fuzz
