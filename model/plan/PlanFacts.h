#pragma once

#include "plan/Layer.h"
#include "plan/ProfileRecord.h"

#include <QString>
#include <optional>
#include <vector>

namespace planscope {

// One entry of the graph's "Layers" list, and where the loader put it.
struct GraphEntry {
    enum class Place {
        Layer,        // EnginePlan::layers[index]
        Constant,     // EnginePlan::constants[index]
        SetAside,     // PlanFacts::setAside[index]: a NoOp or a signal/wait/shape_call layer
        OtherProfile, // a layer of another optimization profile (not loaded)
    };
    QString name; // as exported (record separators as '+'), before trex's "_2" renaming
    Place place = Place::OtherProfile;
    int index = -1;
};

// What the plan's files say before the loader merges, renames and drops: the file check
// (check/PlanCheck) compares these, while every view reads the merged EnginePlan.
struct PlanFacts {
    std::vector<GraphEntry> graph; // every entry of the graph's layer list, in file order
    // The loaded optimization profile's layers that are neither layers nor constants of the
    // plan (NoOps, signal/wait/shape_call), with their tensors as exported.
    std::vector<Layer> setAside;
    std::optional<ProfileFile> profile; // the per-layer profile read, its records as written
    QString profilePath;                // the file `profile` was read from
    QString profileRefused; // why the plan was loaded without that profile (another engine's)
};

} // namespace planscope
