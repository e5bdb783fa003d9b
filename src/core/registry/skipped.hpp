// What tare::skip throws, and the worker catches: not a failure, a decision of the
// benchmark's own.
#pragma once

#include <exception>
#include <string>
#include <utility>

namespace tare::detail {

class Skipped : public std::exception {
 public:
  explicit Skipped(std::string reason) : reason_(std::move(reason)) {}
  const char* what() const noexcept override { return reason_.c_str(); }

 private:
  std::string reason_;
};

}  // namespace tare::detail
