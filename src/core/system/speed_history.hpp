// The machine's speed between runs, as the reference workload measured it. One run sees a
// few seconds of a shared machine; its speed also moves over minutes and hours (the host's
// other guests, its clock), by more than one run can see: on the development VM, 20 runs
// of the same binary a minute apart scored 2.5% apart (SD) with intervals of ±1%, and their
// scores followed the reference workload's time (correlation 0.94). So each run appends its
// reading to a small history file, and the interval of the next takes in how much the
// readings moved. I/O only; what the readings mean is judged in analysis/machine_speed.
// The runner reads and records it as a results::RunHistory (results/store.hpp), the seam
// where a history that keeps whole runs takes its place.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "results/results.hpp"
#include "results/store.hpp"

namespace tare::system {

/// One run's reading (the results' data; named here too, where it is read and written).
using SpeedReading = results::SpeedReading;

/// Where the history lives: $TARE_HISTORY when set ("off" or empty: nowhere), else
/// $XDG_CACHE_HOME/tare/speed-history.jsonl, else $HOME/.cache/tare/speed-history.jsonl;
/// nullopt when none applies.
std::optional<std::filesystem::path> speed_history_path();

/// This machine's identity in the history: host, CPU model and online CPUs.
std::string machine_key(const std::string& host, const std::string& cpu_model, int cores);

/// The readings of `machine` in the file, oldest first; lines that do not parse (a file
/// another version wrote, a torn line) are skipped. Empty when the file does not exist.
std::vector<SpeedReading> read_speed_history(const std::filesystem::path& path, const std::string& machine);

/// Every reading in the file, of every machine, oldest first (what a results history
/// imports); lines that do not parse are skipped.
std::vector<SpeedReading> read_all_speed_readings(const std::filesystem::path& path);

/// Appends one reading (one line, one write, so runs that end together do not interleave),
/// creating the directory; when the file has grown past kMaxHistoryLines, keeps the newest
/// half. Returns false when it could not be written (the run goes on without it).
bool append_speed_reading(const std::filesystem::path& path, const SpeedReading& reading);

inline constexpr std::size_t kMaxHistoryLines = 20000;

/// The speed history file as the runner's history: a run recorded appends its reading
/// (nothing when the run has none); a file that cannot be written leaves the run as it is.
class SpeedHistory : public results::RunHistory {
 public:
  explicit SpeedHistory(std::filesystem::path path) : path_(std::move(path)) {}
  void record(const results::Run& run) override;
  std::vector<SpeedReading> speed_readings(const std::string& machine) const override;
  std::string location() const override { return path_.string(); }

 private:
  std::filesystem::path path_;
};

/// The history at speed_history_path(); nullptr when none applies (TARE_HISTORY=off).
std::unique_ptr<results::RunHistory> open_speed_history();

}  // namespace tare::system
