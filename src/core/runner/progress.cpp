#include "runner/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tare::runner {

ProgressStyle progress_style(bool quiet) {
  if (quiet) return ProgressStyle::off;
  return isatty(STDERR_FILENO) != 0 ? ProgressStyle::live_line : ProgressStyle::log_lines;
}

std::string clock_text(double seconds) {
  const auto total = static_cast<std::int64_t>(std::llround(std::max(0.0, seconds)));
  const std::int64_t hours = total / 3600, minutes = total / 60 % 60, secs = total % 60;
  if (hours > 0) return fmt::format("{}:{:02}:{:02}", hours, minutes, secs);
  return fmt::format("{}:{:02}", minutes, secs);
}

Progress::Progress(ProgressStyle style, std::FILE* out, Clock now, std::chrono::seconds log_every)
    : style_(style), out_(out), now_(std::move(now)), log_every_(log_every), start_(now_()), last_log_(start_) {}

Progress::~Progress() { clear(); }

double Progress::elapsed_seconds() const { return std::chrono::duration<double>(now_() - start_).count(); }

void Progress::log_line(const std::string& text) {
  last_log_ = now_();
  const std::size_t from = std::min(text.find_first_not_of(' '), text.size());  // a live line's indent
  std::fprintf(out_, "tare: %s\n", text.c_str() + from);
  std::fflush(out_);
}

void Progress::milestone(const std::string& text) {
  if (style_ == ProgressStyle::log_lines) log_line(text);
  else update(text);
}

void Progress::update(const std::string& text) {
  if (style_ == ProgressStyle::log_lines) {
    if (now_() - last_log_ >= log_every_) log_line(text);
    return;
  }
  if (style_ != ProgressStyle::live_line) return;
  std::string line = text.size() > 100 ? text.substr(0, 97) + "..." : text;
  const std::size_t width = line.size();
  if (width < last_width_) line.append(last_width_ - width, ' ');
  std::fprintf(out_, "\r%s", line.c_str());
  std::fflush(out_);
  last_width_ = width;
}

void Progress::clear() {
  if (style_ != ProgressStyle::live_line || last_width_ == 0) return;
  std::fprintf(out_, "\r%*s\r", static_cast<int>(last_width_), "");
  std::fflush(out_);
  last_width_ = 0;
}

}  // namespace tare::runner
