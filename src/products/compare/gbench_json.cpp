#include "compare/gbench_json.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <vector>

#include "report/json_parse.hpp"
#include "stats/descriptive.hpp"

namespace tare::compare {
namespace {

using Json = nlohmann::json;

double nanoseconds_per(const std::string& unit) {
  if (unit == "ns") return 1;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  throw std::runtime_error("Google Benchmark JSON: unknown time_unit \"" + unit + "\"");
}

[[noreturn]] void malformed(const std::string& name, const std::string& what) {
  throw std::runtime_error("Google Benchmark JSON: " + name + ": " + what);
}

// A time or a count the comparison divides by: zero or below would give confident
// verdicts on nonsense.
double positive(const Json& entry, const char* key, const std::string& name) {
  const double v = entry.at(key).get<double>();
  if (!(v > 0) || !std::isfinite(v)) malformed(name, fmt::format("{} {}: expected a positive number", key, entry.at(key).dump()));
  return v;
}

// A whole number of iterations, at least 1, that a double holds exactly (converting a
// larger one to an integer is undefined).
std::uint64_t iteration_count(const Json& entry, const std::string& name) {
  const double v = positive(entry, "iterations", name);
  if (v != std::floor(v) || v > 9007199254740992.0)
    malformed(name, fmt::format("iterations {}: expected a whole number up to 2^53", entry.at("iterations").dump()));
  return static_cast<std::uint64_t>(v);
}

// More than any machine runs: a larger count is a damaged file, not a measurement.
constexpr double kMostThreads = 1 << 20;
constexpr double kMostProcesses = 1e9;

// A count from 1 to `most` (`absent` when the key is missing). Read as a double and checked
// before it becomes an integer: a float such as 1e300 converted directly is undefined.
std::int64_t count_of(const Json& entry, const char* key, const std::string& name, double most, std::int64_t absent) {
  if (!entry.contains(key)) return absent;
  const double v = positive(entry, key, name);
  if (v != std::floor(v) || v > most)
    malformed(name, fmt::format("{} {}: expected a whole number from 1 to {:g}", key, entry.at(key).dump(), most));
  return static_cast<std::int64_t>(v);
}

// A number, or nullopt when the key is absent or null (tare::gbench writes a value that is
// not a finite number as null).
std::optional<double> optional_number(const Json& entry, const char* key) {
  const auto it = entry.find(key);
  if (it == entry.end() || it->is_null()) return std::nullopt;
  return it->get<double>();
}

// tare's estimate over worker processes in a tare::gbench row, in ns per operation per
// thread (`scale` converts the row's time unit and undoes the division by threads).
stats::MeanSummary tare_summary(const Json& entry, const std::string& name, double scale) {
  stats::MeanSummary s;
  s.n = static_cast<std::size_t>(count_of(entry, "tare_forks", name, kMostProcesses, 0));
  s.mean = positive(entry, "real_time", name) * scale;
  s.low = s.high = stats::kNaN;
  // Absent with fewer than 2 forks: no interval, and the benchmark is not compared.
  const auto level = optional_number(entry, "tare_ci_level");
  const auto low = optional_number(entry, "tare_ci_low");
  const auto high = optional_number(entry, "tare_ci_high");
  if (level && low && high) {
    if (!(*level > 0 && *level < 1)) malformed(name, fmt::format("tare_ci_level {:g}: expected a level between 0 and 1", *level));
    if (!(*low <= *high)) malformed(name, fmt::format("tare_ci_low {:g} is above tare_ci_high {:g}", *low, *high));
    s.level = *level;
    s.low = *low * scale;
    s.high = *high * scale;
  }
  return s;
}

// A string of the context, "" when absent; another type is a malformed file, said in one
// line (the JSON library's own message names neither the key nor the file's part).
std::string context_text(const Json& context, const char* key) {
  const auto it = context.find(key);
  if (it == context.end() || it->is_null()) return "";
  if (!it->is_string()) malformed("context", std::string(key) + ": expected a string, found " + it->type_name());
  return it->get<std::string>();
}

results::Benchmark new_benchmark(const std::string& name, int threads) {
  results::Benchmark b;
  b.name = b.family = name;
  b.mode = Mode::avgt;
  b.unit = "ns/op";
  b.threads = threads;
  return b;
}

// The tree of a Google Benchmark file, or nullopt for text that is not JSON or is tare's
// own results: parsing stops at a top-level "schema", so a tare file (schema first) is not
// built into a tree twice. Nesting is bounded: a recursive walk of a deep tree would
// overflow the stack.
std::optional<Json> parse_unless_tare(const std::string& text) {
  struct TareSchema {};
  try {
    auto doc = Json::parse(
        text,
        [](int depth, Json::parse_event_t event, Json& parsed) {
          if (depth > report::detail::kMaxJsonDepth)
            throw std::runtime_error(fmt::format("JSON nested deeper than {} levels", report::detail::kMaxJsonDepth));
          if (depth == 1 && event == Json::parse_event_t::key && parsed == "schema") throw TareSchema{};
          return true;
        },
        false);
    if (doc.is_discarded()) return std::nullopt;
    return doc;
  } catch (const TareSchema&) {
    return std::nullopt;
  }
}

// Google Benchmark's JSON: an object with a non-empty "benchmarks" array of rows that have
// a run_type or a real_time, and no tare "schema".
const Json* gbench_rows(const Json& doc) {
  if (!doc.is_object() || doc.contains("schema")) return nullptr;
  const auto benchmarks = doc.find("benchmarks");
  if (benchmarks == doc.end() || !benchmarks->is_array() || benchmarks->empty()) return nullptr;
  const auto& first = (*benchmarks)[0];
  if (!first.is_object() || !(first.contains("run_type") || first.contains("real_time"))) return nullptr;
  return &*benchmarks;
}

void read_gbench_context(const Json& doc, GbenchFile& file) {
  const auto ctx = doc.find("context");
  if (ctx == doc.end() || !ctx->is_object()) return;
  file.run.context.date = context_text(*ctx, "date");
  file.run.context.host = context_text(*ctx, "host_name");
  file.run.context.executable = context_text(*ctx, "executable");
  file.from_tare = context_text(*ctx, "harness") == "tare";
}

// What a file's rows became, beyond the run: each name's place in run.benchmarks, and
// whether any benchmark was read as single-sample forks (repetitions).
struct GbenchRowIndex {
  std::map<std::string, std::size_t> position;
  bool repetitions = false;
};

// A tare::gbench row: the score with its interval over worker processes.
void add_summary_row(const Json& entry, const std::string& name, int threads, double scale, GbenchFile& file,
                     GbenchRowIndex& index) {
  file.from_tare = true;
  const stats::MeanSummary s = tare_summary(entry, name, scale);
  results::Benchmark b = new_benchmark(name, threads);
  b.score = s.mean;
  if (stats::usable(s)) b.ci = results::Interval{s.level, s.low, s.high};
  index.position.emplace(name, file.run.benchmarks.size());
  file.run.benchmarks.push_back(std::move(b));
  file.summaries.emplace(name, s);
}

// A repetition of Google Benchmark: one fork of one sample.
void add_repetition_row(const Json& entry, const std::string& name, int threads, GbenchFile& file,
                        GbenchRowIndex& index) {
  index.repetitions = true;
  auto [it, added] = index.position.emplace(name, file.run.benchmarks.size());
  if (added) file.run.benchmarks.push_back(new_benchmark(name, threads));
  auto& b = file.run.benchmarks[it->second];
  const auto iterations = iteration_count(entry, name);
  const double per_iteration = positive(entry, "real_time", name) * nanoseconds_per(entry.value("time_unit", "ns"));
  results::Fork fork;
  // As the runner stores a sample: the time of its iterations (Google Benchmark's real
  // time per iteration, times their count); per operation per thread: ns * threads / ops.
  fork.samples.push_back(results::Sample{iterations, per_iteration * static_cast<double>(iterations), 0, {}});
  fork.ops_per_sample = iterations;
  fork.mean = per_iteration * threads;
  b.forks.push_back(fork);
}

void add_row(const Json& entry, GbenchFile& file, GbenchRowIndex& index) {
  if (entry.value("run_type", "iteration") != "iteration") return;  // aggregates: recomputed here
  if (entry.value("error_occurred", false)) return;
  const std::string name = entry.value("run_name", entry.at("name").get<std::string>());
  const auto threads = static_cast<int>(count_of(entry, "threads", name, kMostThreads, 1));
  const double scale = nanoseconds_per(entry.value("time_unit", "ns")) * threads;
  const bool summary = entry.contains("tare_forks");
  // A name seen before: more repetitions of it; a second summary (a main that ran the
  // benchmarks twice) is ignored, as is a mix of the two kinds.
  if (index.position.count(name) && (summary || file.summaries.count(name))) return;
  if (summary) add_summary_row(entry, name, threads, scale, file, index);
  else add_repetition_row(entry, name, threads, file, index);
}

}  // namespace

bool forks_are_repetitions(const results::Run& run) {
  const auto& warnings = run.context.warnings;
  return std::any_of(warnings.begin(), warnings.end(),
                     [](const auto& w) { return w == kGbenchWarning || w == kGbenchTareRepetitionsNote; });
}

std::optional<GbenchFile> read_gbench_json(const std::string& text) {
  const auto parsed = parse_unless_tare(text);
  if (!parsed) return std::nullopt;
  const Json* rows = gbench_rows(*parsed);
  if (!rows) return std::nullopt;
  GbenchFile file;
  read_gbench_context(*parsed, file);
  GbenchRowIndex index;
  try {
    for (const auto& entry : *rows) add_row(entry, file, index);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("Google Benchmark JSON: ") + e.what());
  }
  for (auto& b : file.run.benchmarks) {
    if (b.forks.empty()) continue;  // a summary
    std::vector<double> means;
    for (const auto& f : b.forks) means.push_back(f.mean);
    b.score = stats::mean(means);
  }
  if (!file.from_tare) file.run.context.warnings.push_back(kGbenchWarning);
  else if (index.repetitions) file.run.context.warnings.push_back(kGbenchTareRepetitionsNote);
  return file;
}

}  // namespace tare::compare
