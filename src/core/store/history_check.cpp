#include "store/history_check.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "report/enum_names.hpp"
#include "store/history_queries.hpp"

namespace tare::store {
namespace {

bool names_commit(const std::string& prefix, const std::string& commit) {
  return !prefix.empty() && commit.compare(0, prefix.size(), prefix) == 0;
}

// A series' runs by commit (each commit where its first run stands), then by time: a commit
// run again later stays in its place. A run without a commit is a commit of its own.
void order_by_commit(std::vector<StoredScore>& runs) {
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> first_run;  // commit -> (time, run id)
  for (const auto& run : runs) {
    if (run.commit.empty()) continue;
    const auto at = std::make_pair(run.time, run.run_id);
    auto [it, added] = first_run.emplace(run.commit, at);
    if (!added) it->second = std::min(it->second, at);
  }
  const auto key = [&](const StoredScore& run) {
    const auto commit = run.commit.empty() ? std::make_pair(run.time, run.run_id) : first_run.at(run.commit);
    return std::make_tuple(commit, run.time, run.run_id);
  };
  std::stable_sort(runs.begin(), runs.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
}

analysis::Better better_of(const std::string& mode) {
  return report::parse_mode(mode) == Mode::thrpt ? analysis::Better::higher : analysis::Better::lower;
}

std::vector<analysis::SeriesRun> series_runs(const std::vector<StoredScore>& runs) {
  std::vector<analysis::SeriesRun> series;
  for (const auto& run : runs)
    series.push_back({run.commit, run.benchmark.score.value_or(0), run.benchmark.standard_error,
                      run.benchmark.code_digest});
  return series;
}

// Where the changes to report begin: the first run of the commit, or at the time, asked for.
std::size_t first_reported(const std::vector<StoredScore>& runs, const CheckQuery& query) {
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (query.since_commit && names_commit(*query.since_commit, runs[i].commit)) return i;
    if (query.since_time && !query.since_commit && runs[i].time >= *query.since_time) return i;
  }
  return query.since_commit || query.since_time ? runs.size() : 0;
}

std::optional<Acknowledgement> acknowledgement_of(const std::vector<Acknowledgement>& all, const std::string& name,
                                                  const std::string& commit) {
  for (const auto& a : all)
    if (a.name == name && a.commit == commit) return a;
  return std::nullopt;
}

CheckedSeries checked(std::vector<StoredScore> runs, const CheckQuery& query,
                      const std::vector<Acknowledgement>& acknowledged) {
  order_by_commit(runs);
  const auto& b = runs.front().benchmark;
  CheckedSeries series{b.name, b.mode, b.unit, runs.front().machine, runs.size(), 0, {}, {}};
  const auto found = analysis::find_change_points(series_runs(runs), better_of(b.mode));
  series.between_run_sd = found.between_run_sd;
  for (std::size_t spike : found.spikes) series.spikes.push_back(runs[spike].run_id);
  const std::size_t first = first_reported(runs, query);
  for (const auto& change : found.changes) {
    if (change.run < first) continue;
    const StoredScore& run = runs[change.run];
    series.changes.push_back({change, run.run_id, run.time, run.date, std::abs(change.size) >= query.threshold,
                              acknowledgement_of(acknowledged, b.name, change.commit)});
  }
  return series;
}

}  // namespace

void acknowledge(Database& db, const Acknowledgement& a) {
  WriteTransaction transaction(db);
  auto write = db.prepare(
      "INSERT INTO acknowledged_changes (name, commit_id, time, note) VALUES (?, ?, ?, ?) "
      "ON CONFLICT (name, commit_id) DO UPDATE SET time = excluded.time, note = excluded.note");
  write->bind(1, a.name).bind(2, a.commit).bind(3, a.time).bind_text_or_null(4, a.note);
  write->step();
  transaction.commit();
}

std::vector<Acknowledgement> acknowledgements(Database& db) {
  // A history of an older schema opened read-only (not migrated) has none.
  if (!db.table_exists("acknowledged_changes")) return {};
  auto query = db.prepare("SELECT name, commit_id, note, time FROM acknowledged_changes ORDER BY time, id");
  std::vector<Acknowledgement> all;
  while (query->step()) all.push_back({query->text(0), query->text(1), query->text(2), query->integer(3)});
  return all;
}

std::vector<std::string> commits_named(Database& db, const std::string& name, const std::string& prefix) {
  // A prefix compared in C++: LIKE's wildcards and case rules differ between databases.
  auto query = db.prepare(name.empty() ? "SELECT DISTINCT r.commit_id FROM runs r WHERE r.commit_id IS NOT NULL"
                                       : "SELECT DISTINCT r.commit_id FROM runs r JOIN benchmarks b ON b.run_id = r.id "
                                         "WHERE r.commit_id IS NOT NULL AND b.name = ?");
  if (!name.empty()) query->bind(1, name);
  std::vector<std::string> named;
  while (query->step()) {
    std::string commit = query->text(0);
    if (commit == prefix) return {commit};
    if (names_commit(prefix, commit)) named.push_back(std::move(commit));
  }
  std::sort(named.begin(), named.end());
  return named;
}

std::vector<CheckedSeries> check_history(Database& db, const CheckQuery& query) {
  ScoreQuery asked;
  asked.machine = query.machine;
  asked.names = query.names;
  return check_scores(stored_scores(db, asked), query, acknowledgements(db));
}

std::vector<CheckedSeries> check_scores(std::vector<StoredScore> scores, const CheckQuery& query,
                                        const std::vector<Acknowledgement>& acknowledged) {
  std::vector<CheckedSeries> all;
  const auto same_series = [](const StoredScore& a, const StoredScore& b) {
    return a.benchmark.name == b.benchmark.name && a.benchmark.mode == b.benchmark.mode &&
           a.benchmark.unit == b.benchmark.unit && a.machine == b.machine;
  };
  for (auto first = scores.begin(); first != scores.end();) {
    auto last = std::find_if(first, scores.end(), [&](const StoredScore& s) { return !same_series(*first, s); });
    all.push_back(checked(std::vector<StoredScore>(std::make_move_iterator(first), std::make_move_iterator(last)),
                          query, acknowledged));
    first = last;
  }
  return all;
}

}  // namespace tare::store
