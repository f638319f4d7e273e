#pragma once

#include <QString>
#include <functional>
#include <stdexcept>

namespace planscope {

// An input problem the user can fix: the message names the file and what to do.
class PlanError : public std::runtime_error {
  public:
    explicit PlanError(const QString& message) : std::runtime_error(message.toStdString()) {}
    QString message() const { return QString::fromStdString(what()); }
};

// Thrown when the user cancels a load through its progress callback.
class LoadCancelled : public std::exception {
  public:
    const char* what() const noexcept override { return "loading was cancelled"; }
};

// Reports progress in percent; returning false cancels (the loader then throws LoadCancelled).
using ProgressCallback = std::function<bool(int percent)>;

} // namespace planscope
