// The one kind of error a user's input raises: a flag or a file given a value tare cannot
// take. Every command prints its message as one line and exits with status 2.
#pragma once

#include <stdexcept>

namespace tare::input {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tare::input
