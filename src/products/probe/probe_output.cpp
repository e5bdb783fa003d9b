// Writing probes out: a table, JSON, at exit, on a signal. No header of its own:
// include/tare/probe.hpp declares write_text, write_json, dump_at_exit and dump_on_signal.
#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "probe/estimate.hpp"
#include "system/atomic_file.hpp"
#include "tare/probe.hpp"

namespace tare::probe {
namespace {

nlohmann::json number(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); }

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Writes the probes to `path` (JSON for *.json, else a table; stderr when empty).
void dump(const std::string& path) {
  if (path.empty()) {
    write_text(std::cerr);
    return;
  }
  try {
    const bool json = ends_with(path, ".json");
    system::write_file_atomically(path, [&](std::ostream& out) {
      if (json) write_json(out);
      else write_text(out);
    });
  } catch (const std::exception& e) {
    std::cerr << "tare probe: " << e.what() << "\n";
  }
}

std::mutex g_dump_mutex;
std::string g_exit_path;
int g_signal_pipe = -1;

extern "C" void dump_at_exit_handler() {
  std::lock_guard lock(g_dump_mutex);
  dump(g_exit_path);
}

extern "C" void on_dump_signal(int) {
  const int saved = errno;
  const char byte = 1;
  (void)!::write(g_signal_pipe, &byte, 1);  // async-signal-safe; the thread does the rest
  errno = saved;
}

}  // namespace

void write_text(std::ostream& out) {
  const auto probes = snapshot();
  out << fmt::format("{:<24} {:>12} {:>11} {:>25}  {}\n", "probe", "calls", "mean", "95% interval", "status");
  for (const Stats& s : probes) {
    const std::string interval =
        s.enough ? fmt::format("[{}, {}]", duration_text(s.ci_low_ns), duration_text(s.ci_high_ns)) : std::string("-");
    out << fmt::format("{:<24} {:>12} {:>11} {:>25}  {} ({} clock, tick {})\n", s.name, s.calls,
                       duration_text(s.mean_ns), interval, s.status, s.clock, duration_text(s.resolution_ns));
    for (const auto& w : s.warnings) out << "  warning: " << w << "\n";
  }
}

void write_json(std::ostream& out) {
  nlohmann::json probes = nlohmann::json::array();
  for (const Stats& s : snapshot()) {
    probes.push_back({{"name", s.name},
                      {"clock", s.clock},
                      {"resolution_ns", s.resolution_ns},
                      {"calls", s.calls},
                      {"zero_tick_calls", s.zero_tick_calls},
                      {"enough", s.enough},
                      {"status", s.status},
                      {"mean_ns", number(s.mean_ns)},
                      {"ci_low_ns", number(s.ci_low_ns)},
                      {"ci_high_ns", number(s.ci_high_ns)},
                      {"ci_level", 0.95},
                      {"batches", s.batches},
                      {"stddev_ns", number(s.stddev_ns)},
                      {"sampled_calls", s.sampled_calls},
                      {"sampled_mean_ns", number(s.sampled_mean_ns)},
                      {"sampled_ci_low_ns", number(s.sampled_ci_low_ns)},
                      {"sampled_ci_high_ns", number(s.sampled_ci_high_ns)},
                      {"fine_overhead_ns", s.fine_overhead_ns},
                      {"phase_p_value", number(s.phase_p_value)},
                      {"phase_deviation", number(s.phase_deviation)},
                      {"phase_locked", s.phase_locked},
                      {"warnings", s.warnings}});
  }
  out << nlohmann::json{{"schema", "tare.probe/1"}, {"probes", probes}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

void dump_at_exit(const std::string& path) {
  std::lock_guard lock(g_dump_mutex);
  static bool registered = false;
  g_exit_path = path;
  if (!registered) {
    registered = std::atexit(dump_at_exit_handler) == 0;
    if (!registered) throw std::runtime_error("tare probe: cannot register the dump at exit");
  }
}

void dump_on_signal(int signal, const std::string& path) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("tare probe: cannot make the signal pipe");
  g_signal_pipe = fds[1];
  std::thread([read_fd = fds[0], path] {
    for (;;) {
      char byte;
      const ssize_t n = ::read(read_fd, &byte, 1);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;
      std::lock_guard lock(g_dump_mutex);
      dump(path);
    }
  }).detach();
  struct sigaction action {};
  action.sa_handler = on_dump_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (::sigaction(signal, &action, nullptr) != 0) throw std::runtime_error("tare probe: cannot install the signal handler");
}

}  // namespace tare::probe
