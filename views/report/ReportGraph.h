#pragma once

#include "lint/LintFinding.h"
#include "plan/EnginePlan.h"
#include "report/Report.h"

// The report's graph section. A reader of a report asks where the time goes and why: the
// slowest layers in their context (what feeds them, what they feed, the reformats and
// precision changes around them) answer that in a few pages, where the whole graph of a real
// engine would fill dozens of pages nobody reads (the app and 'planscope export-graph' show it
// whole). Every picture is drawn legible on an A4 page.
namespace planscope::report {

inline constexpr int kHotNeighbourhoods = 4;   // the slowest layers shown with their neighbours
inline constexpr int kNeighbourhoodRadius = 2; // steps around each (1 when 2 is too wide)
inline constexpr int kGraphLineLength = 48;    // label lines longer than this are cut
// A picture this wide (pixels) fills an A4 page's text width at 3/4 point per pixel, the
// largest size the PDF draws pictures at: node labels are 7.5 pt. The HTML shows it whole.
inline constexpr double kLegibleGraphWidth = 660;
// Plans up to this many layers are laid out whole to see whether that reads better.
inline constexpr int kWholeGraphLimit = 150;

// The slowest measured layers' neighbourhoods, each once (a slow layer already shown around a
// slower one is not drawn again), with the slowest layers haloed; the whole graph instead when
// it is legible at page width and no longer than those neighbourhoods together (a small plan),
// or when the plan has no profile. Layers with lint findings are marked.
std::vector<Block> graphBlocks(const EnginePlan& plan, const std::vector<LintFinding>& findings);

} // namespace planscope::report
