#include "store/history_queries.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <tuple>
#include <unordered_map>

#include "text/split.hpp"

namespace tare::store {
namespace {

// The benchmark columns as the queries below list them, from `first` on.
constexpr const char* kBenchmarkColumns =
    "b.name, b.family, b.mode, b.unit, b.score, b.ci_level, b.ci_low, b.ci_high, b.across_low, b.across_high, "
    "b.standard_error, b.forks, b.fork_means, b.warnings, b.code_digest";

std::optional<results::Interval> interval(const Statement& row, int level, int low, int high) {
  if (row.is_null(low) || row.is_null(high)) return std::nullopt;
  return results::Interval{level < 0 || row.is_null(level) ? 0.95 : row.real(level), row.real(low), row.real(high)};
}

// `details`: the family, fork means and warnings too (what an export holds, not a table).
BenchmarkRow benchmark_columns(const Statement& row, int first, bool details = true) {
  BenchmarkRow b;
  b.name = row.text(first);
  if (details) b.family = row.text(first + 1);
  b.mode = row.text(first + 2);
  b.unit = row.text(first + 3);
  b.score = row.optional_real(first + 4);
  b.ci = interval(row, first + 5, first + 6, first + 7);
  b.ci_across_runs = interval(row, first + 5, first + 8, first + 9);
  b.standard_error = row.real(first + 10);
  b.forks = static_cast<int>(row.integer(first + 11));
  if (details) {
    const auto means = nlohmann::json::parse(row.text(first + 12), nullptr, false);
    if (means.is_array())
      for (const auto& mean : means)
        if (mean.is_number()) b.fork_means.push_back(mean.get<double>());
    for (const auto& code : text::split(row.text(first + 13), ' '))
      if (!code.empty()) b.warnings.push_back(code);
  }
  b.code_digest = row.text(first + 14);
  return b;
}

RunRow run_columns(const Statement& row) {
  RunRow r;
  r.content_hash = row.text(1);
  r.format = row.text(2);
  r.time = row.integer(3);
  r.date = row.text(4);
  r.machine = row.text(5);
  r.host = row.text(6);
  r.cpu = row.text(7);
  r.cores = static_cast<int>(row.integer(8));
  r.origin.kernel = row.text(9);
  r.compiler = row.text(10);
  r.flags = row.text(11);
  r.build_type = row.text(12);
  r.tare_version = row.text(13);
  r.origin.commit = row.text(14);
  r.origin.branch = row.text(15);
  if (!row.is_null(16)) r.origin.dirty = row.integer(16) != 0;
  r.executable = row.text(17);
  r.command_line = row.text(18);
  r.reference_ns = row.is_null(19) ? 0 : row.real(19);
  return r;
}


// By benchmark (name, mode, unit) and machine, then oldest first. The series are few and
// the rows many: each row's series is ranked once, and the rows sorted by numbers.
std::vector<StoredScore> sorted_by_series(std::vector<StoredScore> scores) {
  std::map<std::tuple<std::string, std::string, std::string, std::string>, std::size_t> rank;
  std::unordered_map<std::string, std::size_t> series_of;  // "name\0mode\0unit\0machine" -> series
  std::vector<std::size_t> row_series(scores.size());
  std::vector<std::tuple<std::string, std::string, std::string, std::string>> series;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const auto& b = scores[i].benchmark;
    const std::string key = b.name + '\0' + b.mode + '\0' + b.unit + '\0' + scores[i].machine;
    auto [at, added] = series_of.emplace(key, series.size());
    if (added) series.emplace_back(b.name, b.mode, b.unit, scores[i].machine);
    row_series[i] = at->second;
  }
  std::vector<std::size_t> order_of_series(series.size());
  for (std::size_t i = 0; i < series.size(); ++i) rank.emplace(series[i], i);
  std::size_t place = 0;
  for (const auto& [key, index] : rank) order_of_series[index] = place++;
  std::vector<std::size_t> rows(scores.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = i;
  std::sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
    return std::make_tuple(order_of_series[row_series[a]], scores[a].time, scores[a].run_id) <
           std::make_tuple(order_of_series[row_series[b]], scores[b].time, scores[b].run_id);
  });
  std::vector<StoredScore> sorted;
  sorted.reserve(scores.size());
  for (std::size_t row : rows) sorted.push_back(std::move(scores[row]));
  return sorted;
}

}  // namespace

void visit_runs(Database& db, bool with_benchmarks, bool with_results, const std::function<void(StoredRun&)>& visit) {
  auto query = db.prepare(
      "SELECT r.id, r.content_hash, r.format, r.time, r.date, r.machine, r.host, r.cpu, r.cores, r.kernel, "
      "r.compiler, r.flags, r.build_type, r.tare_version, r.commit_id, r.branch, r.dirty, r.executable, "
      "r.command_line, r.reference_ns, (SELECT count(*) FROM benchmarks b WHERE b.run_id = r.id), " +
      std::string(with_results ? "(SELECT x.results FROM run_results x WHERE x.run_id = r.id)" : "''") +
      " FROM runs r ORDER BY r.time, r.id");
  auto benchmarks = db.prepare(std::string("SELECT ") + kBenchmarkColumns +
                               " FROM benchmarks b WHERE b.run_id = ? ORDER BY b.position");
  while (query->step()) {
    StoredRun run{query->integer(0), run_columns(*query), static_cast<int>(query->integer(20))};
    if (with_results) run.row.results_json = query->text(21);
    if (with_benchmarks) {
      benchmarks->reset();
      benchmarks->bind(1, run.id);
      while (benchmarks->step()) run.row.benchmarks.push_back(benchmark_columns(*benchmarks, 0));
    }
    visit(run);
  }
}

std::vector<StoredRun> stored_runs(Database& db, bool with_benchmarks, bool with_results) {
  std::vector<StoredRun> runs;
  visit_runs(db, with_benchmarks, with_results, [&](StoredRun& run) { runs.push_back(std::move(run)); });
  return runs;
}

std::vector<std::string> stored_benchmark_names(Database& db) {
  auto query = db.prepare("SELECT DISTINCT name FROM benchmarks ORDER BY name");
  std::vector<std::string> names;
  while (query->step()) names.push_back(query->text(0));
  return names;
}

std::vector<StoredScore> stored_scores(Database& db, const ScoreQuery& asked) {
  // Read in the order the rows lie (one pass over the pages) and sorted here; one benchmark
  // at a time when they are named, each found through the index on names.
  auto query = db.prepare(std::string("SELECT r.id, r.time, r.date, r.commit_id, r.machine, ") + kBenchmarkColumns +
                          " FROM benchmarks b JOIN runs r ON r.id = b.run_id WHERE 1 = 1" +
                          (asked.machine ? " AND r.machine = ?" : "") + (asked.names ? " AND b.name = ?" : ""));
  std::vector<StoredScore> scores;
  if (!asked.names) {  // 100,000 rows grown into place would be moved about 17 times
    auto count = db.prepare("SELECT count(*) FROM benchmarks");
    if (count->step()) scores.reserve(static_cast<std::size_t>(count->integer(0)));
  }
  const auto read = [&] {
    while (query->step())
      scores.push_back({query->integer(0), query->integer(1), query->text(2), query->text(3), query->text(4),
                        benchmark_columns(*query, 5, asked.details)});
  };
  if (!asked.names) {
    if (asked.machine) query->bind(1, *asked.machine);
    read();
  } else {
    for (const auto& name : *asked.names) {
      query->reset();
      if (asked.machine) query->bind(1, *asked.machine);
      query->bind(asked.machine ? 2 : 1, name);
      read();
    }
  }
  return sorted_by_series(std::move(scores));
}

std::vector<ScoreSeries> score_series(std::vector<StoredScore> scores) {
  const auto same_series = [](const StoredScore& a, const StoredScore& b) {
    return a.benchmark.name == b.benchmark.name && a.benchmark.mode == b.benchmark.mode &&
           a.benchmark.unit == b.benchmark.unit && a.machine == b.machine;
  };
  std::vector<ScoreSeries> series;
  for (auto first = scores.begin(); first != scores.end();) {
    auto last = first;
    while (last != scores.end() && same_series(*first, *last)) ++last;
    const auto& b = first->benchmark;
    series.push_back({b.name, b.mode, b.unit, first->machine,
                      std::vector<StoredScore>(std::make_move_iterator(first), std::make_move_iterator(last))});
    first = last;
  }
  return series;
}

std::vector<results::SpeedReading> stored_speed_readings(Database& db) {
  auto query = db.prepare("SELECT time, machine, reference_ns FROM speed_readings ORDER BY time, id");
  std::vector<results::SpeedReading> readings;
  while (query->step()) readings.push_back({query->integer(0), query->text(1), query->real(2)});
  return readings;
}

}  // namespace tare::store
