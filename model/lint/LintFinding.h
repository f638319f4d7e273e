#pragma once

#include <QString>
#include <utility>
#include <vector>

namespace planscope {

enum class Severity { Info, Warning, Error };

QString severityName(Severity severity);

// One problem a linter found on one layer.
struct LintFinding {
    QString rule; // stable id, e.g. "conv-not-accelerated"
    Severity severity = Severity::Warning;
    int layerIndex = -1;
    QString layerName;
    QString hazard;
    QString mitigation;
    QString help;
    std::vector<std::pair<QString, QString>> details; // e.g. {"type conversion", "FP32 -> Int8"}
};

} // namespace planscope
