// A one-line progress display on stderr, only when stderr is a terminal.
#pragma once

#include <string>

namespace tare::runner {

class Progress {
 public:
  Progress();
  ~Progress();
  void update(const std::string& text);
  void clear();

 private:
  bool enabled_;
  std::size_t last_width_ = 0;
};

}  // namespace tare::runner
