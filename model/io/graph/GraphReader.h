#pragma once

#include "io/text/FileText.h"
#include "plan/IoTensor.h"
#include "plan/Layer.h"
#include "plan/PlanError.h"

#include <QByteArray>
#include <QStringList>
#include <future>
#include <vector>

namespace planscope {

// A graph JSON's entries as written, before trex's rules drop, rename and fold them.
struct GraphEntries {
    std::vector<Layer> layers;       // every entry of "Layers", in file order
    QStringList bindings;            // "Bindings", or the names of "I/O Tensors"
    std::vector<IoTensor> ioTensors; // TensorRT 11's "I/O Tensors"
    bool namesOnly = false;          // the entries are names (exported without detailed verbosity)
    std::future<void> readersTakenApart; // on another thread; waited for when the entries go
};

// Reads graph JSON text one entry at a time: the file's skeleton is walked, and each entry is
// parsed on its own by simdjson into a Layer that keeps the text of its members other than
// its name and tensors (Layer::attributeText) for its raw attributes; the list's entries are
// found first, then read by two threads a chunk at a time (EntryChunks). No tree of the whole
// document is built, and the text read is let go as the reader goes, so a large plan stays small.
// Throws PlanError naming `path` when the text is not an engine graph; `progress` (optional)
// hears 0-90 % as entries are read and may cancel.
GraphEntries readGraphEntries(FileText& text, const QString& path,
                              const ProgressCallback& progress = {});

} // namespace planscope
