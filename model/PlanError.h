#pragma once

#include <QString>
#include <stdexcept>

namespace planscope {

// An input problem the user can fix: the message names the file and what to do.
class PlanError : public std::runtime_error {
  public:
    explicit PlanError(const QString& message) : std::runtime_error(message.toStdString()) {}
    QString message() const { return QString::fromStdString(what()); }
};

} // namespace planscope
