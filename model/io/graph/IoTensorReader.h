#pragma once

#include "plan/IoTensor.h"

#include <simdjson.h>
#include <vector>

namespace planscope {

// TensorRT 11's "I/O Tensors" list: each entry's name, mode, data type, shape, location, whether
// it is a shape tensor, and per optimization profile its min/opt/max shapes and format. Members
// of another kind or type are passed over, as every reader of the graph does.
std::vector<IoTensor> readIoTensors(simdjson::dom::element list);

} // namespace planscope
