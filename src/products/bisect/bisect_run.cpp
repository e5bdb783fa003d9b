#include "bisect/bisect_run.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "ab/ab.hpp"
#include "ab/ab_code.hpp"
#include "ab/ab_listing.hpp"
#include "bisect/bisect_build.hpp"
#include "bisect/bisect_code.hpp"
#include "bisect/bisect_log.hpp"
#include "input/usage_error.hpp"
#include "runner/launcher.hpp"
#include "runner/worker_process.hpp"

namespace tare::bisect {
namespace fs = std::filesystem;

namespace {

std::string short_hash(const std::string& hash) { return hash.substr(0, 12); }

std::string metric_name(compare::Metric metric) {
  return metric == compare::Metric::instructions ? "instructions" : "time";
}

// The arguments, resolved: what the log is keyed on.
BisectKey key_of(const BisectOptions& options, const Git& git) {
  return BisectKey{git.resolve(options.good, "--good"),    git.resolve(options.bad, "--bad"), options.build,
                   options.binary,                         options.filter.value_or(""),      metric_name(options.metric),
                   options.threshold};
}

// The options with the arguments of `key` (the resolved ones, or those a log holds).
BisectOptions options_of_key(const BisectOptions& given, const BisectKey& key) {
  BisectOptions options = given;
  options.good = key.good;
  options.bad = key.bad;
  options.build = key.build;
  options.binary = key.binary;
  options.filter = key.filter.empty() ? std::nullopt : std::optional<std::string>(key.filter);
  options.metric = key.metric == "instructions" ? compare::Metric::instructions : compare::Metric::time;
  options.threshold = key.threshold;
  return options;
}

// The work folder, made, and ignored by git wherever it is (a checkout's status stays clean).
std::string prepare_work_dir(const BisectOptions& options, const Git& git) {
  const fs::path dir = fs::absolute(options.work_dir.empty() ? fs::path(git.top()) / ".tare-bisect" : fs::path(options.work_dir));
  std::error_code error;
  fs::create_directories(dir / "commits", error);
  fs::create_directories(dir / "logs", error);
  if (error) throw input::UsageError(dir.string() + ": cannot make the work folder (" + error.message() + ")");
  if (!fs::exists(dir / ".gitignore")) std::ofstream(dir / ".gitignore") << "*\n";
  return dir.lexically_normal().string();
}

// Answers the search by building commits and running tare ab, and from the log for the
// steps an earlier run of the same bisect did.
class CommitOracle : public Oracle {
 public:
  CommitOracle(const BisectOptions& options, const Git& git, const std::vector<CommitInfo>& commits, BisectLog& log,
               const std::string& work_dir)
      : options_(options), git_(git), commits_(commits), log_(log), work_dir_(work_dir),
        classes_(ab::find_code_tools(notes_), options.timeout_seconds) {}

  std::optional<int> code_class(std::size_t i) override {
    const CommitInfo& commit = commits_[i];
    if (const auto logged = log_.builds().find(commit.hash); logged != log_.builds().end()) {
      ++replayed_;
      if (logged->second) classes_.known(*logged->second, binary_of(i));
      if (i == 0) the_benchmark(0);  // its name, which the log does not keep
      return logged->second;
    }
    const auto binary = build(i);
    if (!binary) return std::nullopt;
    const int code = classes_.classify(*binary, the_benchmark(i));
    log_.built(commit.hash, code, 0);
    return code;
  }

  Comparison compare(std::size_t base, std::size_t candidate, int repeat) override {
    const ComparisonKey key{commits_[base].hash, commits_[candidate].hash, repeat};
    if (const auto logged = log_.comparisons().find(key); logged != log_.comparisons().end()) {
      ++replayed_;
      return logged->second;
    }
    const Comparison c = run_comparison(base, candidate);
    log_.compared(key, c);
    return c;
  }

  const std::string& benchmark() const { return benchmark_; }
  std::size_t replayed() const { return replayed_; }
  std::vector<std::string> notes() const {
    std::vector<std::string> all = notes_;
    all.insert(all.end(), classes_.notes().begin(), classes_.notes().end());
    return all;
  }

 private:
  bool endpoint(std::size_t i) const { return i == 0 || i + 1 == commits_.size(); }
  std::string worktree_of(std::size_t i) const { return work_dir_ + "/commits/" + short_hash(commits_[i].hash); }
  std::string binary_of(std::size_t i) const { return (fs::path(worktree_of(i)) / options_.binary).lexically_normal().string(); }

  std::string describe(std::size_t i) const {
    const char* role = i == 0 ? " (good)" : i + 1 == commits_.size() ? " (bad)" : "";
    return fmt::format("{}{} \"{}\"", short_hash(commits_[i].hash), role, commits_[i].subject);
  }

  // Builds commit i in its worktree: its binary, or nullopt when the commit is skipped
  // (logged). A build that fails otherwise fails the bisect.
  std::optional<std::string> build(std::size_t i) {
    const CommitInfo& commit = commits_[i];
    const std::string worktree = worktree_of(i);
    git_.add_worktree(worktree, commit.hash);
    show(fmt::format("building {} ({})", describe(i), options_.build));
    const std::string build_log = work_dir_ + "/logs/" + short_hash(commit.hash) + ".log";
    const BuildOutcome built = build_commit(worktree, options_.build, build_log, options_.build_timeout_seconds);
    if (built.ending == BuildOutcome::Ending::skip ||
        (built.ending != BuildOutcome::Ending::built && options_.skip_failed_builds && !endpoint(i))) {
      if (endpoint(i))
        fail(i, "build", fmt::format("the {} commit cannot be skipped (the build exited {}); its output is in {}",
                                     i == 0 ? "good" : "bad", built.exit_status, build_log));
      log_.built(commit.hash, std::nullopt, built.exit_status);
      return std::nullopt;
    }
    if (built.ending == BuildOutcome::Ending::deadline)
      fail(i, "build", fmt::format("the build ran past --build-timeout and was killed; its output is in {}", build_log));
    if (built.ending == BuildOutcome::Ending::failed)
      fail(i, "build", fmt::format("the build failed (exit {}); its output is in {}", built.exit_status, build_log));
    const std::string binary = binary_of(i);
    if (!fs::is_regular_file(binary))
      fail(i, "build", fmt::format("the build succeeded but left no binary at {}", options_.binary));
    return binary;
  }

  // tare ab of the two commits' binaries, for the one benchmark.
  Comparison run_comparison(std::size_t base, std::size_t candidate) {
    show(fmt::format("comparing {} with {}", describe(candidate), describe(base)));
    ab::AbOptions ab;
    ab.base = binary_of(base);
    ab.candidate = binary_of(candidate);
    ab.filter = "^" + escaped(benchmark_) + "$";
    ab.threshold = options_.threshold;
    ab.metric = options_.metric;
    ab.budget_seconds = options_.budget_seconds;
    ab.timeout_seconds = options_.timeout_seconds;
    ab.quiet = options_.quiet;
    const std::string against = "comparing it with " + short_hash(commits_[base].hash);
    compare::CompareReport report;
    try {
      report = ab::run_ab(ab);
    } catch (const runner::Interrupted&) {
      throw;
    } catch (const std::exception& e) {
      fail(candidate, "comparison", against + ": " + e.what());
    }
    if (report.rows.size() != 1 || !report.rows.front().problem.empty())
      fail(candidate, "comparison",
           against + ": " + (report.rows.empty() ? "no benchmark compared" : report.rows.front().problem));
    const compare::CompareRow& row = report.rows.front();
    const compare::TimeRatio ratio = compare::time_ratio(row);
    return Comparison{ratio.estimate, ratio.low, ratio.high, row.verdict.fails_gate};
  }

  [[noreturn]] void fail(std::size_t i, const std::string& step, const std::string& why) {
    log_.failed(commits_[i].hash, step, why);
    throw std::runtime_error(fmt::format("commit {} \"{}\", {}: {}", short_hash(commits_[i].hash), commits_[i].subject, step, why));
  }

  // The one benchmark the filter selects in commit i's binary; good's, asked first, names
  // the benchmark, and every other commit must have it.
  ab::Listed the_benchmark(std::size_t i) {
    std::vector<ab::Listed> listed;
    try {
      listed = ab::list_benchmarks(binary_of(i), options_.filter, options_.timeout_seconds);
    } catch (const runner::Interrupted&) {
      throw;
    } catch (const std::exception& e) {
      fail(i, "listing its benchmarks", e.what());
    }
    if (!benchmark_.empty()) {
      for (const auto& b : listed)
        if (b.name == benchmark_) return b;
      fail(i, "listing its benchmarks", "it has no benchmark " + benchmark_);
    }
    if (listed.size() != 1) {
      const std::string what = listed.empty() ? "no benchmark" : fmt::format("{} benchmarks", listed.size());
      throw input::UsageError(fmt::format("{} at --good declares {}{}: --filter must select exactly one", options_.binary,
                                          what, options_.filter ? " matching --filter " + *options_.filter : ""));
    }
    benchmark_ = listed.front().name;
    return listed.front();
  }

  // The name as a regex matching only itself.
  static std::string escaped(const std::string& name) {
    std::string out;
    for (const char c : name) {
      if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out += '\\';
      out += c;
    }
    return out;
  }

  void show(const std::string& what) const {
    if (!options_.quiet) std::cerr << "tare bisect: " << what << "\n";
  }

  const BisectOptions& options_;
  const Git& git_;
  const std::vector<CommitInfo>& commits_;
  BisectLog& log_;
  std::string work_dir_;
  std::vector<std::string> notes_;
  CodeClasses classes_;
  std::string benchmark_;
  std::size_t replayed_ = 0;
};

// The options this bisect runs with: as given (`asked`: their key), or its log's (--resume).
BisectOptions effective_options(const BisectOptions& given, const std::optional<BisectKey>& asked, BisectLog& log) {
  if (!asked) {
    if (!log.key()) throw input::UsageError("--resume: " + log.path() + " holds no bisect to resume");
    return options_of_key(given, *log.key());
  }
  if (log.key() && !(*log.key() == *asked))
    throw input::UsageError(fmt::format(
        "{} holds another bisect (good {}, bad {}, build '{}'): --resume continues it; remove the folder or give "
        "--work-dir to start this one",
        log.path(), short_hash(log.key()->good), short_hash(log.key()->bad), log.key()->build));
  if (!log.key()) log.start(*asked);
  return options_of_key(given, *asked);
}

std::string commit_hash(const std::vector<CommitInfo>& commits, std::size_t i) { return commits[i].hash; }

}  // namespace

const char* outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::found:
      return "found";
    case Outcome::nothing_slower:
      return "nothing slower";
    case Outcome::gradual:
      return "gradual";
  }
  return "?";
}

BisectReport run_bisect(const BisectOptions& given) {
  if (!given.resume && (given.good.empty() || given.bad.empty() || given.build.empty() || given.binary.empty()))
    throw input::UsageError("--good, --bad, --build and --binary are required (or --resume)");
  if (!given.resume && fs::path(given.binary).is_absolute())
    throw input::UsageError("--binary " + given.binary + ": give its path relative to the checkout (each commit's "
                            "worktree has its own)");
  const Git git(given.checkout);
  // The arguments checked before anything is written: a mistyped revision leaves no folder.
  std::optional<BisectKey> asked;
  if (!given.resume) {
    asked = key_of(given, git);
    git.range(asked->good, asked->bad);
  }
  const std::string work_dir = prepare_work_dir(given, git);
  BisectLog log(work_dir + "/bisect.jsonl");
  const BisectOptions options = effective_options(given, asked, log);
  if (options.metric == compare::Metric::instructions) runner::require_valgrind("--metric instructions");
  runner::install_interrupt_handlers();
  BisectReport report;
  report.commits = git.range(options.good, options.bad);
  report.work_dir = work_dir;
  report.log_path = log.path();
  report.threshold = options.threshold;
  report.metric = options.metric;
  CommitOracle oracle(options, git, report.commits, log, work_dir);
  report.finding = search(report.commits.size() - 1, options.threshold, oracle);
  report.benchmark = oracle.benchmark();
  report.replayed = oracle.replayed();
  report.notes = oracle.notes();
  const Finding& f = report.finding;
  log.finished(outcome_name(f.outcome), f.outcome == Outcome::nothing_slower ? "" : commit_hash(report.commits, f.first),
               f.outcome == Outcome::nothing_slower ? "" : commit_hash(report.commits, f.parent), f.comparisons);
  return report;
}

}  // namespace tare::bisect
