#pragma once

#include "plan/EngineMetadata.h"

#include <QByteArray>
#include <vector>

namespace planscope {

// CSV of JSON objects: a header of `columns`' keys, then a line of each object's values (null an
// empty cell, strings unquoted, tensor lists as "name: [shape]xformat; ...").
QByteArray objectsCsv(const OrderedJson& columns, const std::vector<OrderedJson>& objects);

} // namespace planscope
