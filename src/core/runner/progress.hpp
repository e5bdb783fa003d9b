// Progress on stderr while benchmarks run. On a terminal, one line rewritten in place; in a
// CI log or a file, where a rewritten line is either invisible until the end or a mess of
// carriage returns, a plain line every few seconds, so a log never goes quiet for minutes;
// with --quiet, nothing.
#pragma once

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

namespace tare::runner {

enum class ProgressStyle { off, live_line, log_lines };

/// off when `quiet`; a live line when stderr is a terminal; log lines otherwise.
ProgressStyle progress_style(bool quiet);

/// "0:07", "12:34", "1:02:03": elapsed and remaining times in a progress line.
std::string clock_text(double seconds);

class Progress {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;

  /// Log lines go out at most once per `log_every`, the first one `log_every` after
  /// construction: a run shorter than that prints nothing.
  explicit Progress(ProgressStyle style, std::FILE* out = stderr, Clock now = std::chrono::steady_clock::now,
                    std::chrono::seconds log_every = std::chrono::seconds(5));
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void update(const std::string& text);
  /// A step a log should show however soon after the last line (a benchmark finished): in
  /// log lines, a line now; on a terminal, the live line, as update.
  void milestone(const std::string& text);
  /// Blanks the live line (before other output goes to the terminal).
  void clear();
  /// Seconds since construction.
  double elapsed_seconds() const;

 private:
  ProgressStyle style_;
  std::FILE* out_;
  Clock now_;
  std::chrono::seconds log_every_;
  std::chrono::steady_clock::time_point start_, last_log_;
  std::size_t last_width_ = 0;

  void log_line(const std::string& text);
};

}  // namespace tare::runner
