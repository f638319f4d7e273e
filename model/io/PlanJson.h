#pragma once

#include "lint/LintFinding.h"
#include "plan/EngineMetadata.h"
#include "plan/EnginePlan.h"

#include <QByteArray>
#include <vector>

namespace planscope {

// The machine-readable forms the CLI prints (documented in README.md).
OrderedJson summaryJson(const EnginePlan& plan);
OrderedJson filesJson(const PlanSources& sources); // {"graph": path, "profile": path, ...}
OrderedJson layerJson(const Layer& layer);
OrderedJson findingJson(const LintFinding& finding);
OrderedJson findingsJson(const std::vector<LintFinding>& findings);

// One CSV row per layer with the columns of layerJson; tensors as "name: [shape]xformat; ...".
QByteArray layersCsv(const std::vector<const Layer*>& layers);
// CSV of JSON objects: a header of `columns`' keys, then a line of each object's values (null an
// empty cell, strings unquoted, tensor lists as layersCsv writes them).
QByteArray objectsCsv(const OrderedJson& columns, const std::vector<OrderedJson>& objects);

// Whole byte counts print as integers, others (4-bit types) as decimals; a missing figure is null.
OrderedJson jsonNumber(double value);
OrderedJson jsonNumber(std::optional<double> value);
// A measured figure as it is (no integer conversion); a missing one is null.
OrderedJson optionalJson(std::optional<double> value);

} // namespace planscope
