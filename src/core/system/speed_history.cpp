#include "system/speed_history.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "system/atomic_file.hpp"

namespace tare::system {
namespace {

std::optional<SpeedReading> parse_reading(const std::string& line) {
  const auto j = nlohmann::json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  const auto time = j.find("time"), machine = j.find("machine"), reference = j.find("reference_ns");
  if (time == j.end() || machine == j.end() || reference == j.end() || !time->is_number_integer() ||
      !machine->is_string() || !reference->is_number() || !(reference->get<double>() > 0))
    return std::nullopt;
  return SpeedReading{time->get<std::int64_t>(), machine->get<std::string>(), reference->get<double>()};
}

std::vector<std::string> read_lines(const std::filesystem::path& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Keeps the newest half of an overgrown history: written to a new file, then renamed over
// the old one, so a reader never sees half of it.
void trim(const std::filesystem::path& path) {
  std::error_code error;
  // Lines are under 200 bytes: a file this small cannot hold too many (no need to read it).
  if (std::filesystem::file_size(path, error) < kMaxHistoryLines * 50 || error) return;
  const auto lines = read_lines(path);
  if (lines.size() <= kMaxHistoryLines) return;
  try {
    write_file_atomically(path.string(), [&](std::ostream& out) {
      for (std::size_t i = lines.size() - kMaxHistoryLines / 2; i < lines.size(); ++i) out << lines[i] << '\n';
    });
  } catch (const std::runtime_error&) {
    // The history only widens intervals: a full disk leaves it as it was.
  }
}

}  // namespace

std::optional<std::filesystem::path> speed_history_path() {
  if (const char* set = std::getenv("TARE_HISTORY")) {
    const std::string value = set;
    if (value.empty() || value == "off") return std::nullopt;
    return std::filesystem::path(value);
  }
  if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache)
    return std::filesystem::path(cache) / "tare" / "speed-history.jsonl";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".cache" / "tare" / "speed-history.jsonl";
  return std::nullopt;
}

std::string machine_key(const std::string& host, const std::string& cpu_model, int cores) {
  return host + " | " + cpu_model + " | " + std::to_string(cores) + " cpus";
}

std::vector<SpeedReading> read_speed_history(const std::filesystem::path& path, const std::string& machine) {
  std::vector<SpeedReading> readings;
  for (const std::string& line : read_lines(path))
    if (auto reading = parse_reading(line); reading && reading->machine == machine) readings.push_back(*reading);
  return readings;
}

std::vector<SpeedReading> read_all_speed_readings(const std::filesystem::path& path) {
  std::vector<SpeedReading> readings;
  for (const std::string& line : read_lines(path))
    if (auto reading = parse_reading(line)) readings.push_back(*reading);
  return readings;
}

bool append_speed_reading(const std::filesystem::path& path, const SpeedReading& reading) {
  std::error_code error;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), error);
  const std::string line =
      nlohmann::json{{"time", reading.time}, {"machine", reading.machine}, {"reference_ns", reading.reference_ns}}
          .dump() +
      "\n";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  // A line a killed writer left unfinished must not swallow this one.
  char last = '\n';
  const off_t size = ::lseek(fd, 0, SEEK_END);
  if (size > 0 && ::pread(fd, &last, 1, size - 1) != 1) last = '\n';
  const std::string text = last == '\n' ? line : "\n" + line;
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (written) trim(path);
  return written;
}

void SpeedHistory::record(const results::Run& run) {
  if (run.context.reference_ns <= 0) return;
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
  const std::string machine = machine_key(run.context.host, run.context.cpu.model, run.context.cpu.cores);
  append_speed_reading(path_, {now.count(), machine, run.context.reference_ns});
}

std::vector<SpeedReading> SpeedHistory::speed_readings(const std::string& machine) const {
  return read_speed_history(path_, machine);
}

std::unique_ptr<results::RunHistory> open_speed_history() {
  const auto path = speed_history_path();
  if (!path) return nullptr;
  return std::make_unique<SpeedHistory>(*path);
}

}  // namespace tare::system
