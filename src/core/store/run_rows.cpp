#include "store/run_rows.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <sstream>

#include "report/enum_names.hpp"
#include "report/json_write.hpp"
#include "report/warning_names.hpp"
#include "stats/interval.hpp"
#include "system/speed_history.hpp"

namespace tare::store {
namespace {

std::uint64_t fnv1a(const std::string& text, std::uint64_t hash) {
  for (const unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// The scored forks' means: the forks that ran to the end (profiling forks are apart).
std::vector<double> fork_means(const results::Benchmark& b) {
  std::vector<double> means;
  for (const auto& fork : b.forks)
    if (fork.ok && std::isfinite(fork.mean)) means.push_back(fork.mean);
  return means;
}

double standard_error(const std::vector<double>& values) {
  if (values.size() < 2) return 0;
  double mean = 0;
  for (double v : values) mean += v;
  mean /= static_cast<double>(values.size());
  double squares = 0;
  for (double v : values) squares += (v - mean) * (v - mean);
  const double n = static_cast<double>(values.size());
  return std::sqrt(squares / (n - 1) / n);
}

BenchmarkRow benchmark_row(const results::Benchmark& b) {
  BenchmarkRow row;
  row.name = b.name;
  row.family = b.family;
  row.mode = report::mode_name(b.mode);
  row.unit = b.unit;
  row.score = b.score;
  row.ci = b.ci;
  row.ci_across_runs = b.ci_across_runs;
  row.fork_means = fork_means(b);
  row.forks = static_cast<int>(row.fork_means.size());
  row.standard_error = standard_error(row.fork_means);
  for (const auto& warning : b.warnings) row.warnings.push_back(report::warning_code_name(warning.code));
  if (b.code && !b.code->functions.empty()) row.code_digest = code_digest(*b.code);
  return row;
}

}  // namespace

std::string content_hash(const std::string& text) {
  return hex(fnv1a(text, 0xcbf29ce484222325ULL)) + hex(fnv1a(text, 0x84222325cbf29ce4ULL ^ text.size()));
}

std::string code_digest(const results::CodeIdentity& code) {
  std::vector<std::string> parts;
  for (const auto& function : code.functions) parts.push_back(function.name + '\0' + function.digest);
  std::sort(parts.begin(), parts.end());
  std::string joined;
  for (const auto& part : parts) joined += part + '\n';
  return hex(fnv1a(joined, 0xcbf29ce484222325ULL));
}

std::optional<std::int64_t> parse_utc_date(const std::string& date) {
  std::tm tm{};
  int consumed = 0;
  if (std::sscanf(date.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
                  &tm.tm_min, &tm.tm_sec, &consumed) != 6)
    return std::nullopt;
  // The zone: Z, or an offset from UTC (Google Benchmark writes the local time with one).
  const std::string zone = date.substr(static_cast<std::size_t>(consumed));
  int offset_hours = 0, offset_minutes = 0;
  if (zone != "Z" && (zone.size() != 6 || (zone[0] != '+' && zone[0] != '-') ||
                      std::sscanf(zone.c_str() + 1, "%2d:%2d", &offset_hours, &offset_minutes) != 2))
    return std::nullopt;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  const std::time_t seconds = timegm(&tm);
  if (seconds == static_cast<std::time_t>(-1)) return std::nullopt;
  const int offset = (offset_hours * 3600 + offset_minutes * 60) * (zone[0] == '-' ? -1 : 1);
  return static_cast<std::int64_t>(seconds) - offset;
}

RunRow run_row(const results::Run& run, const RunOrigin& origin) {
  const auto& c = run.context;
  RunRow row;
  row.time = parse_utc_date(c.date).value_or(0);
  row.date = c.date;
  row.machine = system::machine_key(c.host, c.cpu.model, c.cpu.cores);
  row.host = c.host;
  row.cpu = c.cpu.model;
  row.cores = c.cpu.cores;
  row.compiler = c.build.compiler;
  row.flags = c.build.flags;
  row.build_type = c.build.type;
  row.tare_version = c.tare_version;
  row.executable = c.executable;
  row.command_line = c.command_line;
  row.origin = origin;
  row.reference_ns = c.reference_ns > 0 ? c.reference_ns : 0;
  for (const auto& b : run.benchmarks) row.benchmarks.push_back(benchmark_row(b));
  std::ostringstream json;
  report::write_json(run, json);
  keep_original(row, kTareFormat, json.str());
  return row;
}

void keep_original(RunRow& row, const std::string& format, const std::string& text) {
  row.format = format;
  row.results_json = text;
  row.content_hash = content_hash(text);
}

void summarised_spread(BenchmarkRow& row, int forks) {
  row.forks = forks;
  row.standard_error = 0;
  if (!row.ci || forks < 2 || !(row.ci->level > 0 && row.ci->level < 1)) return;
  const double t = stats::student_t_quantile((1 + row.ci->level) / 2, forks - 1);
  if (t > 0) row.standard_error = (row.ci->high - row.ci->low) / 2 / t;
}

}  // namespace tare::store
