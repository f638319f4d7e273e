#pragma once

#include <QString>
#include <cstdint>
#include <vector>

namespace planscope {

// The numbers of a profile record, as bits of ProfileRecord::absent.
enum ProfileField : std::uint8_t {
    TimeField = 1,    // timeMs
    AverageField = 2, // averageMs
    MedianField = 4,  // medianMs
    PercentField = 8, // percentage
};

// One layer's timing from trtexec --exportProfile.
struct ProfileRecord {
    QString name;
    double totalMs = 0;
    double averageMs = 0;
    double medianMs = 0; // absent before TensorRT 8.4: then 0
    double percent = 0;
    std::uint8_t absent = 0; // the ProfileFields the record does not hold (read as 0)
};

struct ProfileFile {
    std::vector<ProfileRecord> records;
    long long iterations = 0;    // the leading {"count": N}, or the samples most layers have
    bool countedSamples = false; // an IProfiler's samples: `iterations` counted, no header
    bool repaired = false;       // names were not valid JSON and were read leniently
};

} // namespace planscope
