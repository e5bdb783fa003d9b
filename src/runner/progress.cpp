#include "runner/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace tare::runner {

Progress::Progress() : enabled_(isatty(STDERR_FILENO) != 0) {}
Progress::~Progress() { clear(); }

void Progress::update(const std::string& text) {
  if (!enabled_) return;
  std::string line = text.size() > 100 ? text.substr(0, 97) + "..." : text;
  const std::size_t width = line.size();
  if (width < last_width_) line.append(last_width_ - width, ' ');
  std::fprintf(stderr, "\r%s", line.c_str());
  std::fflush(stderr);
  last_width_ = width;
}

void Progress::clear() {
  if (!enabled_ || last_width_ == 0) return;
  std::fprintf(stderr, "\r%*s\r", static_cast<int>(last_width_), "");
  std::fflush(stderr);
  last_width_ = 0;
}

}  // namespace tare::runner
