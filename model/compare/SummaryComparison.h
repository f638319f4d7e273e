#pragma once

#include "plan/EnginePlan.h"

#include <QStringList>
#include <vector>

namespace planscope {

// One fact of two or more plans side by side, as the compare window, `planscope compare` and
// the comparison report show it.
struct SummaryRow {
    QString field;                   // "Layers", "Average time (ms)", "Builder: Precision" ...
    std::vector<QStringList> values; // per plan, one entry per line; empty where the plan lacks it
    QString missing = QStringLiteral("-"); // what a plan that lacks the fact shows
    // Whose order means nothing: lines (bindings, warnings) or the parts of an option's value
    // ("workspace: default, dlaSRAM: default", "FP32+FP16").
    enum class Unordered { No, Lines, Parts };
    Unordered unordered = Unordered::No;
    bool key = false;     // layers, average time, speedup: what a reader looks for first
    bool detail = false;  // one metadata field of many (device, builder, inference, ...)
    bool compared = true; // false where values differ by design (the speedup over A)

    // The plan's value, lines joined by '\n', or `missing`.
    QString text(std::size_t plan) const;
    // Whether the plan's value differs from the first plan's (unordered entries in any order);
    // a missing value differs from nothing.
    bool differs(std::size_t plan) const;
    // Same entries as the first plan's, in another order: worth a note, not a mark.
    bool reordered(std::size_t plan) const;
};

// The facts of the plans (key rows first, then sizes, device, performance, bindings, then every
// device, builder, inference, system and performance field any plan has, then warnings).
std::vector<SummaryRow> summaryRows(const std::vector<const EnginePlan*>& plans);

} // namespace planscope
