#include "store/results_history.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <utility>

#include "report/enum_names.hpp"
#include "store/schema.hpp"
#include "system/describe_machine.hpp"
#include "system/speed_history.hpp"

namespace tare::store {
namespace {

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

// The run's row; its id when it is new, nullopt when a run of the same content is kept.
std::optional<std::int64_t> insert_run(Database& db, const RunRow& row) {
  auto insert = db.prepare(
      "INSERT INTO runs (content_hash, format, time, date, machine, host, cpu, cores, kernel, compiler, flags, "
      "build_type, tare_version, commit_id, branch, dirty, executable, command_line, reference_ns) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (content_hash) DO NOTHING RETURNING id");
  insert->bind(1, row.content_hash).bind(2, row.format).bind(3, row.time).bind_text_or_null(4, row.date);
  insert->bind(5, row.machine).bind_text_or_null(6, row.host).bind_text_or_null(7, row.cpu);
  if (row.cores > 0) insert->bind(8, row.cores);
  else insert->bind_null(8);
  insert->bind_text_or_null(9, row.origin.kernel).bind_text_or_null(10, row.compiler).bind_text_or_null(11, row.flags);
  insert->bind_text_or_null(12, row.build_type).bind_text_or_null(13, row.tare_version);
  insert->bind_text_or_null(14, row.origin.commit).bind_text_or_null(15, row.origin.branch);
  if (row.origin.dirty) insert->bind(16, *row.origin.dirty ? 1 : 0);
  else insert->bind_null(16);
  insert->bind_text_or_null(17, row.executable).bind_text_or_null(18, row.command_line);
  if (row.reference_ns > 0) insert->bind(19, row.reference_ns);
  else insert->bind_null(19);
  if (!insert->step()) return std::nullopt;
  const std::int64_t id = insert->integer(0);
  insert.reset();  // done with: its RETURNING row read
  auto results = db.prepare("INSERT INTO run_results (run_id, results) VALUES (?, ?)");
  results->bind(1, id).bind(2, row.results_json);
  results->step();
  return id;
}

void insert_benchmarks(Database& db, std::int64_t run_id, const std::vector<BenchmarkRow>& rows) {
  auto insert = db.prepare(
      "INSERT INTO benchmarks (run_id, position, name, family, mode, unit, score, ci_level, ci_low, ci_high, "
      "across_low, across_high, standard_error, forks, fork_means, warnings, code_digest) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const BenchmarkRow& b = rows[i];
    insert->reset();
    insert->bind(1, run_id).bind(2, static_cast<std::int64_t>(i)).bind(3, b.name).bind_text_or_null(4, b.family);
    insert->bind(5, b.mode).bind(6, b.unit).bind_optional(7, b.score);
    if (b.ci) insert->bind(8, b.ci->level).bind(9, b.ci->low).bind(10, b.ci->high);
    if (b.ci_across_runs) insert->bind(11, b.ci_across_runs->low).bind(12, b.ci_across_runs->high);
    insert->bind(13, b.standard_error).bind(14, b.forks);
    insert->bind(15, nlohmann::json(b.fork_means).dump()).bind(16, joined(b.warnings));
    insert->bind_text_or_null(17, b.code_digest);
    insert->step();
  }
}

void insert_reading(Database& db, const results::SpeedReading& reading, std::optional<std::int64_t> run_id) {
  auto insert = db.prepare("INSERT INTO speed_readings (time, machine, reference_ns, run_id) VALUES (?, ?, ?, ?)");
  insert->bind(1, reading.time).bind(2, reading.machine).bind(3, reading.reference_ns).bind_optional(4, run_id);
  insert->step();
}

}  // namespace

ResultsHistory::ResultsHistory(std::unique_ptr<Database> db, std::string location, RunOrigin origin)
    : db_(std::move(db)), location_(std::move(location)), origin_(std::move(origin)) {}

void ResultsHistory::record(const results::Run& run) {
  RunRow row = run_row(run, origin_);
  if (row.time == 0) row.time = now_seconds();
  add(row);
}

bool ResultsHistory::add(const RunRow& row) {
  WriteTransaction transaction(*db_);
  const auto run_id = insert_run(*db_, row);
  if (!run_id) return false;
  insert_benchmarks(*db_, *run_id, row.benchmarks);
  if (row.reference_ns > 0) insert_reading(*db_, {row.time, row.machine, row.reference_ns}, run_id);
  transaction.commit();
  return true;
}

std::optional<int> ResultsHistory::import_speed_history(const std::filesystem::path& path) {
  std::error_code error;
  const std::string key = "imported " + std::filesystem::absolute(path, error).lexically_normal().string();
  WriteTransaction transaction(*db_);
  if (marker(*db_, key)) return std::nullopt;
  const auto readings = system::read_all_speed_readings(path);
  for (const auto& reading : readings) insert_reading(*db_, reading, std::nullopt);
  set_marker(*db_, key, system::iso8601_utc(static_cast<std::time_t>(now_seconds())));
  transaction.commit();
  return static_cast<int>(readings.size());
}

std::vector<results::SpeedReading> ResultsHistory::speed_readings(const std::string& machine) const {
  try {
    return readings_of(machine);
  } catch (const StoreError&) {
    return {};  // a history damaged since it was opened weighs nothing; recording the run says so
  }
}

std::vector<results::PastScore> ResultsHistory::past_scores(const std::string& machine,
                                                            const results::Benchmark& benchmark) const {
  try {
    return scores_of(machine, benchmark);
  } catch (const StoreError&) {
    return {};
  }
}

std::vector<results::SpeedReading> ResultsHistory::readings_of(const std::string& machine) const {
  auto query = db_->prepare("SELECT time, reference_ns FROM speed_readings WHERE machine = ? ORDER BY time, id");
  query->bind(1, machine);
  std::vector<results::SpeedReading> readings;
  while (query->step()) readings.push_back({query->integer(0), machine, query->real(1)});
  return readings;
}

std::vector<results::PastScore> ResultsHistory::scores_of(const std::string& machine,
                                                          const results::Benchmark& benchmark) const {
  // Where the benchmark's timed code is known, only the runs of the same code: a change
  // of code starts a new series (and a run that did not record its code is not known to
  // be of this one).
  const std::string digest = benchmark.code && !benchmark.code->functions.empty() ? code_digest(*benchmark.code) : "";
  auto query = db_->prepare(
      "SELECT r.time, b.score, b.standard_error, b.forks FROM benchmarks b JOIN runs r ON r.id = b.run_id "
      "WHERE r.machine = ? AND b.name = ? AND b.mode = ? AND b.unit = ? AND b.score IS NOT NULL" +
      std::string(digest.empty() ? "" : " AND b.code_digest = ?") + " ORDER BY r.time, r.id");
  query->bind(1, machine).bind(2, benchmark.name).bind(3, report::mode_name(benchmark.mode)).bind(4, benchmark.unit);
  if (!digest.empty()) query->bind(5, digest);
  std::vector<results::PastScore> scores;
  while (query->step())
    scores.push_back({query->integer(0), query->real(1), query->real(2), static_cast<int>(query->integer(3))});
  return scores;
}

}  // namespace tare::store
