// Google Benchmark compatibility: every corpus source (tests/gbench/corpus/*.cpp) is built twice,
// against Google Benchmark itself (gbcorpus_X_google) and against tare's drop-in layer
// (gbcorpus_X_tare). Both binaries are run as real processes with the same --benchmark_* flags
// and their outputs compared, Google Benchmark's being the reference: same names in the same
// order, same JSON rows and keys (tare may add keys), same CSV header, same errors and exit
// codes. Timings are never compared: the machine is shared and noisy.
//
// Each side also gets options that keep its runs short, which the other must not get:
// Google Benchmark --benchmark_min_time=0.01, tare a couple of short forks (kTareQuick).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"

using nlohmann::json;
using tare_test::ProcessResult;

namespace {

// Each test process (ctest runs one per test) removes its scratch directory when done.
class ScratchCleanup : public ::testing::Environment {
  void TearDown() override { std::filesystem::remove_all(tare_test::scratch_dir()); }
};
[[maybe_unused]] auto* const cleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

struct Corpus {
  std::string name;
  std::string google;  // the source built against Google Benchmark
  std::string tare;    // the same source built against tare::gbench
  // A few of its benchmarks, for the runs that need not cover the whole corpus. Google
  // Benchmark's CSV reporter aborts when a row has a counter the first row lacked, so these
  // selections keep to rows it can print.
  std::string quick_filter;
  // --benchmark_filter values checked with --benchmark_list_tests: each selects some, not all.
  std::vector<std::string> filters;
};

std::ostream& operator<<(std::ostream& os, const Corpus& c) { return os << c.name; }

const std::vector<Corpus>& corpora() {
  static const std::vector<Corpus> all = {
      {"registration", GBCORPUS_REGISTRATION_GOOGLE, GBCORPUS_REGISTRATION_TARE,
       "^BM_arg/5/repeats:3$|^BM_template2|^BM_arg_in_us/|^BM_two_args/rows",
       {"BM_arg/", "^BM_two_args/rows", "real_time$", "-BM_", "repeats", "^BM_arg/-", "BM_template2<int, double>",
        "min_time|iterations:", "^BM_empty$"}},
      {"fixtures", GBCORPUS_FIXTURES_GOOGLE, GBCORPUS_FIXTURES_TARE, "^ConstFixture/Sum|^TemplateFixture<int>",
       {"^ConstFixture/", "TemplateFixture<double>", "/x:3/", "-Fixture/Sum"}},
      {"threads", GBCORPUS_THREADS_GOOGLE, GBCORPUS_THREADS_TARE, "^BM_manual|^BM_threaded/8/",
       {"threads:2$", "manual_time", "-real_time", "/threads:3"}},
      {"counters", GBCORPUS_COUNTERS_GOOGLE, GBCORPUS_COUNTERS_TARE, "^BM_counters$|^BM_processed|^BM_skipped$",
       {"^BM_processed/1", "^BM_skipped$", "threads:2", "-skipped"}},
      {"complexity", GBCORPUS_COMPLEXITY_GOOGLE, GBCORPUS_COMPLEXITY_TARE, "^BM_linear/",
       {"^BM_linear/", "auto", "/16$", "-quadratic"}},
      {"custom_main", GBCORPUS_CUSTOM_MAIN_GOOGLE, GBCORPUS_CUSTOM_MAIN_TARE, "^registered_",
       {"^dynamic/", "a:1/b:2", "iterations:50", "-dynamic"}},
      {"cxx03", GBCORPUS_CXX03_GOOGLE, GBCORPUS_CXX03_TARE, "^BM_keep_running/8$|^OldFixture",
       {"^BM_keep_running/", "BM_push_back<std::string>", "threads:2$", "-OldFixture"}},
  };
  return all;
}

const Corpus& corpus(const std::string& name) {
  for (const auto& c : corpora())
    if (c.name == name) return c;
  throw std::runtime_error("no corpus " + name);
}

const std::string kGoogleQuick = "--benchmark_min_time=0.01";

std::vector<std::string> tare_quick(int forks) {
  const std::string f = std::to_string(forks);
  return {"--forks", f, "--max-forks", f, "--measure-ms", "5", "--warmup-max-ms", "5", "--budget", "1"};
}

struct Runs {
  ProcessResult google, tare;
};

// Runs the Google Benchmark build of `c` with `flags`, then its own quick option.
ProcessResult run_google(const Corpus& c, const std::vector<std::string>& flags) {
  std::vector<std::string> args{c.google};
  args.insert(args.end(), flags.begin(), flags.end());
  args.push_back(kGoogleQuick);
  return tare_test::run_process(args);
}

// Runs the tare build of `c` with `flags`, then tare's quick options with `forks` forks.
ProcessResult run_tare(const Corpus& c, const std::vector<std::string>& flags, int forks = 2) {
  std::vector<std::string> args{c.tare};
  args.insert(args.end(), flags.begin(), flags.end());
  const auto quick = tare_quick(forks);
  args.insert(args.end(), quick.begin(), quick.end());
  return tare_test::run_process(args);
}

// Runs both builds of `c` with the same Google Benchmark `flags`. `tare_forks` is the tare
// build's fork count (3 where --benchmark_repetitions=3: tare runs one fork per repetition).
Runs run_both(const Corpus& c, const std::vector<std::string>& flags, int tare_forks = 2) {
  return {run_google(c, flags), run_tare(c, flags, tare_forks)};
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

std::string first_line(const std::string& text) {
  const auto all = lines(text);
  return all.empty() ? std::string() : all.front();
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); !from.empty() && at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

std::string describe(const ProcessResult& r) {
  return "exit " + std::to_string(r.exit_code) + (r.timed_out ? " (timed out)" : "") + ", stderr:\n" + r.err;
}

// Parses a whole output as JSON; records a failure naming `who` when it is not.
json parse_json(const std::string& text, const std::string& who) {
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    ADD_FAILURE() << who << "'s output is not valid JSON: " << e.what() << "\n" << text.substr(0, 2000);
    return json();
  }
}

// ---- Comparing Google Benchmark JSON rows ----

// The keys of a row that are not user counters.
const std::set<std::string> kRowKeys = {
    "name",       "family_index",  "per_family_instance_index", "run_name", "run_type", "repetitions",
    "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit", "aggregate_name",
    "aggregate_unit",   "error_occurred", "error_message", "label", "big_o", "cpu_coefficient",
    "real_coefficient", "rms"};

// Keys whose values must be the same in both builds, wherever Google Benchmark emits them.
const std::set<std::string> kEqualKeys = {
    "name",          "run_name",       "run_type", "time_unit", "threads", "repetitions", "repetition_index",
    "family_index",  "per_family_instance_index", "aggregate_name", "aggregate_unit", "label",
    "error_occurred", "error_message", "big_o"};

// Rows whose complexity both libraries fit from their timings (Complexity() with no class):
// their "big_o" is a measurement, which a busy machine can tip either way (Google Benchmark
// itself fitted N^3 to this quadratic under load). The complexity test checks them against
// the known class instead.
const std::set<std::string> kFittedComplexityRows = {"BM_quadratic_auto_BigO"};

// Counters whose value does not depend on timing (the corpus sets them so): compared exactly.
const std::set<std::string> kExactCounters = {"answer", "plain", "kibi", "per_thread", "per_iteration",
                                              "threads_seen"};

// Same JSON type: an integer must stay an integer (signed or not); a float may be any number.
bool same_kind(const json& google, const json& tare) {
  if (google.is_number_float()) return tare.is_number();
  if (google.is_number_integer()) return tare.is_number_integer();
  return google.type() == tare.type();
}

bool flag(const json& row, const char* key) {
  return row.contains(key) && row[key].is_boolean() && row[key].get<bool>();
}

std::string text_of(const json& row, const char* key) {
  return row.contains(key) && row[key].is_string() ? row[key].get<std::string>() : std::string();
}

std::string row_id(const json& row) { return text_of(row, "name") + " [" + text_of(row, "run_type") + "]"; }

// A run's "benchmarks" array; an empty one when it has none (a failure reported elsewhere).
const json& rows(const json& run) {
  static const json none = json::array();
  return run.is_object() && run.contains("benchmarks") && run["benchmarks"].is_array() ? run["benchmarks"] : none;
}

std::vector<std::string> row_ids(const json& run) {
  std::vector<std::string> ids;
  for (const auto& row : rows(run)) ids.push_back(row_id(row));
  return ids;
}

void expect_same_row(const json& google, const json& tare) {
  SCOPED_TRACE("row " + row_id(google));
  const bool iteration_row = text_of(google, "run_type") == "iteration";
  for (const auto& [key, g] : google.items()) {
    if (!tare.contains(key)) {
      ADD_FAILURE() << "tare's row lacks \"" << key << "\" (Google Benchmark: " << g.dump() << ")";
      continue;
    }
    const json& t = tare[key];
    EXPECT_TRUE(same_kind(g, t)) << "\"" << key << "\": Google Benchmark " << g.dump() << ", tare " << t.dump();
    if (key == "big_o" && kFittedComplexityRows.count(text_of(google, "name"))) continue;
    if (kEqualKeys.count(key)) {
      EXPECT_EQ(t, g) << "\"" << key << "\"";
    } else if (!kRowKeys.count(key) && iteration_row && g.is_number() && t.is_number()) {
      // A user counter (items_per_second and bytes_per_second included).
      if (key == "answer") {
        EXPECT_EQ(t.get<double>(), g.get<double>()) << "counter \"answer\"";
      } else if (kExactCounters.count(key)) {
        EXPECT_DOUBLE_EQ(t.get<double>(), g.get<double>()) << "counter \"" << key << "\"";
      } else if (g.get<double>() > 0) {
        EXPECT_GT(t.get<double>(), 0) << "counter \"" << key << "\"";
      }
    }
  }
  // Google Benchmark leaves these out when unset; tare must not set them where it did not.
  EXPECT_EQ(flag(tare, "error_occurred"), flag(google, "error_occurred"))
      << "error_occurred; tare's error_message: " << text_of(tare, "error_message");
  EXPECT_EQ(text_of(tare, "label"), text_of(google, "label"));
}

// The same rows, in the same order, with every key of Google Benchmark's rows and context.
void expect_same_run(const json& google, const json& tare) {
  ASSERT_TRUE(google.is_object() && google.contains("benchmarks") && google["benchmarks"].is_array() &&
              google.contains("context") && google["context"].is_object())
      << "Google Benchmark's JSON lacks context or benchmarks (a fault of the test)";
  ASSERT_TRUE(tare.is_object()) << "tare's JSON is not an object";
  ASSERT_TRUE(tare.contains("context") && tare["context"].is_object()) << "tare's JSON has no context object";
  ASSERT_TRUE(tare.contains("benchmarks") && tare["benchmarks"].is_array()) << "tare's JSON has no benchmarks array";
  for (const auto& [key, g] : google["context"].items()) {
    if (!tare["context"].contains(key)) {
      ADD_FAILURE() << "tare's context lacks \"" << key << "\" (Google Benchmark: " << g.dump() << ")";
      continue;
    }
    EXPECT_TRUE(same_kind(g, tare["context"][key]))
        << "context \"" << key << "\": Google Benchmark " << g.dump() << ", tare " << tare["context"][key].dump();
  }
  ASSERT_EQ(row_ids(tare), row_ids(google)) << "rows (name [run_type]) differ";
  ASSERT_FALSE(google["benchmarks"].empty()) << "Google Benchmark ran nothing (a fault of the test)";
  for (std::size_t i = 0; i < google["benchmarks"].size(); ++i)
    expect_same_row(google["benchmarks"][i], tare["benchmarks"][i]);
}

// Runs both builds with --benchmark_format=json and `flags`; both must succeed with JSON on stdout.
std::pair<json, json> run_json(const Corpus& c, std::vector<std::string> flags, int tare_forks = 2) {
  flags.push_back("--benchmark_format=json");
  const Runs runs = run_both(c, flags, tare_forks);
  EXPECT_EQ(runs.google.exit_code, 0) << "Google Benchmark: " << describe(runs.google);
  EXPECT_EQ(runs.tare.exit_code, 0) << "tare: " << describe(runs.tare);
  return {parse_json(runs.google.out, "Google Benchmark"), parse_json(runs.tare.out, "tare")};
}

// The first field of each CSV line after the header (the benchmark's quoted name).
std::vector<std::string> csv_names(const std::string& text) {
  std::vector<std::string> names;
  const auto all = lines(text);
  for (std::size_t i = 1; i < all.size(); ++i) {
    const std::string& line = all[i];
    std::string name;
    if (!line.empty() && line[0] == '"') {
      for (std::size_t j = 1; j < line.size(); ++j) {
        if (line[j] == '"' && j + 1 < line.size() && line[j + 1] == '"') {
          name += '"';
          ++j;
        } else if (line[j] == '"') {
          break;
        } else {
          name += line[j];
        }
      }
    } else {
      name = line.substr(0, line.find(','));
    }
    names.push_back(name);
  }
  return names;
}

const json* find_row(const json& run, const std::string& name) {
  for (const auto& row : rows(run))
    if (text_of(row, "name") == name) return &row;
  return nullptr;
}

// ---- Tests over every corpus pair ----

class GbenchCompat : public ::testing::TestWithParam<Corpus> {};

TEST_P(GbenchCompat, ListTestsNamesEveryBenchmarkAsGoogleBenchmarkDoes) {
  const Runs runs = run_both(GetParam(), {"--benchmark_list_tests"});
  ASSERT_EQ(runs.google.exit_code, 0) << describe(runs.google);
  ASSERT_FALSE(runs.google.out.empty()) << "Google Benchmark listed nothing (a fault of the test)";
  EXPECT_EQ(runs.tare.exit_code, runs.google.exit_code) << describe(runs.tare);
  EXPECT_EQ(lines(runs.tare.out), lines(runs.google.out));
  if (lines(runs.tare.out) == lines(runs.google.out)) {
    EXPECT_EQ(runs.tare.out, runs.google.out) << "(the same lines, but not byte for byte)";
  }
}

TEST_P(GbenchCompat, FilterSelectsTheSameBenchmarksAsGoogleBenchmark) {
  const auto all = lines(run_google(GetParam(), {"--benchmark_list_tests"}).out);
  for (const auto& filter : GetParam().filters) {
    SCOPED_TRACE("--benchmark_filter=" + filter);
    const Runs runs = run_both(GetParam(), {"--benchmark_list_tests", "--benchmark_filter=" + filter});
    const auto google = lines(runs.google.out);
    ASSERT_FALSE(google.empty()) << "the filter selects nothing in Google Benchmark (a fault of the test)";
    ASSERT_LT(google.size(), all.size()) << "the filter selects everything (a fault of the test)";
    EXPECT_EQ(runs.tare.exit_code, runs.google.exit_code) << describe(runs.tare);
    EXPECT_EQ(lines(runs.tare.out), google);
  }
}

// The whole corpus, with one fork a benchmark on tare's side (a worker process each; the
// registration corpus has 77 benchmarks): rows and keys are compared here, not figures.
TEST_P(GbenchCompat, JsonOutputHasEveryRowAndKeyGoogleBenchmarkReports) {
  const auto [google, tare] = run_json(GetParam(), {}, 1);
  if (HasFailure()) return;
  expect_same_run(google, tare);
}

TEST_P(GbenchCompat, FilteredJsonRunHasTheSameRowsAsGoogleBenchmark) {
  const auto [google, tare] = run_json(GetParam(), {"--benchmark_filter=" + GetParam().quick_filter});
  if (HasFailure()) return;
  expect_same_run(google, tare);
}

TEST_P(GbenchCompat, CsvOutputHasGoogleBenchmarksHeaderAndRows) {
  const Runs runs = run_both(GetParam(), {"--benchmark_format=csv", "--benchmark_filter=" + GetParam().quick_filter});
  ASSERT_EQ(runs.google.exit_code, 0) << describe(runs.google);
  EXPECT_EQ(runs.tare.exit_code, 0) << describe(runs.tare);
  const std::string header = first_line(runs.google.out);
  ASSERT_EQ(header.rfind("name,iterations,", 0), 0u) << "Google Benchmark's CSV header: " << header;
  EXPECT_EQ(first_line(runs.tare.out), header);
  EXPECT_EQ(csv_names(runs.tare.out), csv_names(runs.google.out));
}

TEST_P(GbenchCompat, OutFileHoldsTheSameJsonRowsAsGoogleBenchmarkWrites) {
  const auto dir = tare_test::scratch_dir();
  const auto google_file = (dir / (GetParam().name + ".google.json")).string();
  const auto tare_file = (dir / (GetParam().name + ".tare.json")).string();
  std::filesystem::remove(google_file);
  std::filesystem::remove(tare_file);
  const std::string filter = "--benchmark_filter=" + GetParam().quick_filter;
  const ProcessResult g = run_google(GetParam(), {filter, "--benchmark_out_format=json", "--benchmark_out=" + google_file});
  const ProcessResult t = run_tare(GetParam(), {filter, "--benchmark_out_format=json", "--benchmark_out=" + tare_file});
  ASSERT_EQ(g.exit_code, 0) << describe(g);
  EXPECT_EQ(t.exit_code, 0) << describe(t);
  ASSERT_TRUE(std::filesystem::exists(google_file));
  ASSERT_TRUE(std::filesystem::exists(tare_file)) << "tare wrote no --benchmark_out file";
  const json google = parse_json(tare_test::slurp(google_file), "Google Benchmark's --benchmark_out file");
  const json tare = parse_json(tare_test::slurp(tare_file), "tare's --benchmark_out file");
  if (HasFailure()) return;
  expect_same_run(google, tare);
}

TEST_P(GbenchCompat, UnknownFlagIsRejectedAsGoogleBenchmarkRejectsIt) {
  const Runs runs = run_both(GetParam(), {"--benchmark_nonsense=1"});
  ASSERT_NE(runs.google.exit_code, 0) << describe(runs.google);
  EXPECT_NE(runs.tare.exit_code, 0) << describe(runs.tare);
  EXPECT_EQ(runs.tare.exit_code, runs.google.exit_code) << describe(runs.tare);
  EXPECT_NE(runs.tare.err.find("--benchmark_nonsense"), std::string::npos) << runs.tare.err;
  // "<program>: error: unrecognized command-line flag: --benchmark_nonsense=1"
  EXPECT_EQ(replace_all(first_line(runs.tare.err), GetParam().tare, "<program>"),
            replace_all(first_line(runs.google.err), GetParam().google, "<program>"));
}

TEST_P(GbenchCompat, FilterMatchingNothingIsReportedAsGoogleBenchmarkReportsIt) {
  const Runs runs = run_both(GetParam(), {"--benchmark_filter=^no_such_benchmark$"});
  const std::string message = first_line(runs.google.err);
  ASSERT_NE(runs.google.err.find("Failed to match any benchmarks"), std::string::npos) << runs.google.err;
  EXPECT_EQ(runs.tare.exit_code, runs.google.exit_code) << describe(runs.tare);
  EXPECT_EQ(runs.tare.out, runs.google.out);
  EXPECT_NE(runs.tare.err.find(message), std::string::npos) << "tare's stderr:\n" << runs.tare.err;
}

INSTANTIATE_TEST_SUITE_P(Corpus, GbenchCompat, ::testing::ValuesIn(corpora()),
                         [](const ::testing::TestParamInfo<Corpus>& corpus_info) { return corpus_info.param.name; });

// ---- Tests on one corpus ----

TEST(GbenchCompatRepetitions, RepetitionsFlagGivesThreeRunsAndGoogleBenchmarksAggregates) {
  // tare runs one fork per repetition: it is given three.
  const auto [google, tare] =
      run_json(corpus("registration"), {"--benchmark_filter=^BM_keep_running$", "--benchmark_repetitions=3"}, 3);
  if (HasFailure()) return;
  const std::string n = "BM_keep_running";
  const std::vector<std::string> expected = {n + " [iteration]",        n + " [iteration]",
                                             n + " [iteration]",        n + "_mean [aggregate]",
                                             n + "_median [aggregate]", n + "_stddev [aggregate]",
                                             n + "_cv [aggregate]"};
  ASSERT_EQ(row_ids(google), expected) << "Google Benchmark 1.7.1's rows (a fault of the test)";
  for (std::size_t i = 0; i < 3; ++i) {
    const json& g = rows(google)[i];
    ASSERT_TRUE(g.contains("repetition_index") && g["repetition_index"] == i && g["repetitions"] == 3) << g.dump(2);
  }
  EXPECT_EQ(row_ids(tare), expected);
  expect_same_run(google, tare);
  if (HasFailure()) return;
  for (std::size_t i = 0; i < 3; ++i) {
    SCOPED_TRACE("repetition " + std::to_string(i));
    const json& t = rows(tare)[i];
    EXPECT_TRUE(t.contains("repetition_index") && t["repetition_index"] == i) << t.dump(2);
    EXPECT_TRUE(t.contains("repetitions") && t["repetitions"] == 3) << t.dump(2);
  }
}

TEST(GbenchCompatSkip, RunWithASkippedBenchmarkExitsAsGoogleBenchmarkDoes) {
  const Runs runs = run_both(corpus("counters"), {});  // console output, as users run it
  EXPECT_EQ(runs.google.exit_code, 0) << "Google Benchmark: " << describe(runs.google);
  EXPECT_EQ(runs.tare.exit_code, runs.google.exit_code) << "tare: " << describe(runs.tare);
  EXPECT_NE(runs.google.out.find("skipped on purpose"), std::string::npos) << runs.google.out;
  EXPECT_NE(runs.tare.out.find("skipped on purpose"), std::string::npos)
      << "tare's console output does not show the error:\n" << runs.tare.out;
}

TEST(GbenchCompatSkip, SkippedBenchmarkReportsTheSameErrorAsGoogleBenchmark) {
  const auto [google, tare] = run_json(corpus("counters"), {"--benchmark_filter=^BM_skipped"});
  if (HasFailure()) return;
  for (const auto& [name, message] : std::map<std::string, std::string>{
           {"BM_skipped", "skipped on purpose"}, {"BM_skipped_in_loop", "failed in the loop"}}) {
    SCOPED_TRACE(name);
    const json* g = find_row(google, name);
    ASSERT_NE(g, nullptr) << "Google Benchmark has no row " << name;
    EXPECT_TRUE(flag(*g, "error_occurred"));
    EXPECT_EQ(text_of(*g, "error_message"), message);
    const json* t = find_row(tare, name);
    ASSERT_NE(t, nullptr) << "tare has no row " << name;
    EXPECT_TRUE(flag(*t, "error_occurred"));
    EXPECT_EQ(text_of(*t, "error_message"), message);
  }
  expect_same_run(google, tare);
}

TEST(GbenchCompatCounters, ConstantCounterIsExactAndRatesArePositive) {
  const auto [google, tare] = run_json(corpus("counters"), {"--benchmark_filter=-skipped"});
  if (HasFailure()) return;
  // "answer" is 42 per thread; Google Benchmark sums plain counters over threads.
  for (const auto& [name, answer] : std::map<std::string, double>{
           {"BM_counters", 42}, {"BM_thread_counters/threads:1", 42}, {"BM_thread_counters/threads:2", 84}}) {
    SCOPED_TRACE(name);
    const json* g = find_row(google, name);
    ASSERT_NE(g, nullptr);
    ASSERT_EQ(g->value("answer", 0.0), answer) << "Google Benchmark (a fault of the test)";
    const json* t = find_row(tare, name);
    ASSERT_NE(t, nullptr) << "tare has no row " << name;
    ASSERT_TRUE(t->contains("answer") && (*t)["answer"].is_number()) << t->dump(2);
    EXPECT_EQ((*t)["answer"].get<double>(), answer);
  }
  const std::vector<std::pair<std::string, std::string>> rates = {
      {"BM_counters", "rate"},
      {"BM_counters", "invariant_rate"},
      {"BM_counters", "inverted_rate"},
      {"BM_thread_counters/threads:2", "per_thread_rate"},
      {"BM_processed/16", "items_per_second"},
      {"BM_processed/16", "bytes_per_second"}};
  for (const auto& [name, counter] : rates) {
    SCOPED_TRACE(name + " " + counter);
    const json* g = find_row(google, name);
    ASSERT_NE(g, nullptr);
    ASSERT_GT(g->value(counter, 0.0), 0) << "Google Benchmark (a fault of the test)";
    const json* t = find_row(tare, name);
    ASSERT_NE(t, nullptr) << "tare has no row " << name;
    ASSERT_TRUE(t->contains(counter) && (*t)[counter].is_number()) << t->dump(2);
    EXPECT_GT((*t)[counter].get<double>(), 0);
  }
  expect_same_run(google, tare);
}

TEST(GbenchCompatComplexity, ComplexityRowsNameTheSameBigOClassAsGoogleBenchmark) {
  const auto [google, tare] = run_json(corpus("complexity"), {});
  if (HasFailure()) return;
  const std::map<std::string, std::string> expected = {
      {"BM_linear", "N"}, {"BM_quadratic", "N^2"}, {"BM_quadratic_auto", "N^2"}, {"BM_linear_lambda", "f(N)"}};
  for (const auto& [family, big_o] : expected) {
    SCOPED_TRACE(family);
    const json* g = find_row(google, family + "_BigO");
    ASSERT_NE(g, nullptr) << "Google Benchmark has no " << family << "_BigO row";
    ASSERT_NE(find_row(google, family + "_RMS"), nullptr);
    const json* t = find_row(tare, family + "_BigO");
    ASSERT_NE(t, nullptr) << "tare has no " << family << "_BigO row";
    if (kFittedComplexityRows.count(family + "_BigO")) {
      // Fitted from timings by both: tare must be right wherever Google Benchmark was, on
      // the same machine at the same time (a busy one can tip either fit).
      if (text_of(*g, "big_o") == big_o) {
        EXPECT_EQ(text_of(*t, "big_o"), big_o);
      }
      continue;
    }
    ASSERT_EQ(text_of(*g, "big_o"), big_o) << "Google Benchmark (a fault of the test)";
    EXPECT_EQ(text_of(*t, "big_o"), big_o);
    const json* rms = find_row(tare, family + "_RMS");
    ASSERT_NE(rms, nullptr) << "tare has no " << family << "_RMS row";
    EXPECT_TRUE(rms->contains("rms") && (*rms)["rms"].is_number()) << rms->dump(2);
  }
  expect_same_run(google, tare);
}

}  // namespace

// Timed loops the compiler deleted whole (an empty body, a constant assignment) cost
// nothing however many iterations they are told to run: calibration
// stops at ten times the target's worth of empty-loop iterations, the run ends (well within
// the process's time limit, which a hang would reach), about 0 ns per iteration is reported
// as Google Benchmark does, and the warning says the work was optimised away.
TEST(GbenchCompatEmptyLoop, LoopsTheCompilerDeletedFinishAndAreFlagged) {
  const auto json_path = (tare_test::scratch_dir() / "gbench_deleted.json").string();
  const auto result = tare_test::run_process(
      {corpus("registration").tare, "--benchmark_filter=^BM_(nothing|constant)(/min_warmup_time:1.000)?$",
       "--benchmark_min_time=0.01", "--benchmark_format=json", "--json", json_path},
      std::chrono::seconds(60));
  ASSERT_FALSE(result.timed_out) << "hung";
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json gb = parse_json(result.out, "tare");
  ASSERT_EQ(gb["benchmarks"].size(), 3u) << result.out;
  // Nothing but the loop's own count-down is left (none of it, when the compiler deletes
  // that too): well under a nanosecond per iteration.
  for (const auto& row : gb["benchmarks"]) EXPECT_LT(row["real_time"].get<double>(), 1.0) << row.dump();
  std::ifstream in(json_path);
  const auto doc = nlohmann::json::parse(in);
  ASSERT_FALSE(doc["benchmarks"].empty());
  for (const auto& b : doc["benchmarks"]) {
    EXPECT_EQ(b["status"], "ok") << b["name"];
    EXPECT_NE(b["warnings"].dump().find("looks optimised away"), std::string::npos) << b["name"];
  }
}

// A main with its own reporters, a MemoryManager, DISABLED_ benchmarks, a fixture named
// through a macro, and a second run after ClearRegisteredBenchmarks (the corpus source says
// what its reporter prints: every fact but the measured times). The two builds must print
// the same, on the display and in the --benchmark_out file.
TEST(GbenchCompatReporters, CustomReportersReceiveTheRunsGoogleBenchmarkGivesThem) {
  const auto dir = tare_test::scratch_dir();
  const auto google_file = (dir / "gbench_reporters_google.txt").string();
  const auto tare_file = (dir / "gbench_reporters_tare.txt").string();
  const auto google = tare_test::run_process({GBCORPUS_REPORTERS_GOOGLE, "--benchmark_min_time=0.01", "--v=1",
                                              "--benchmark_out=" + google_file});
  const auto tare = tare_test::run_process({GBCORPUS_REPORTERS_TARE, "--benchmark_min_time=0.01", "--v=1",
                                            "--benchmark_out=" + tare_file});
  ASSERT_EQ(google.exit_code, 0) << describe(google);
  ASSERT_EQ(tare.exit_code, 0) << describe(tare);
  EXPECT_EQ(tare.out, google.out);
  // What the corpus's reporter must have seen, so that an empty output cannot pass.
  for (const char* fact :
       {"verbosity 1", "SumFixture/Sum function=SumFixture/Sum", "allocs_per_iter=2 max_bytes_used=4096",
        "BM_refuses function=BM_refuses args= threads=1 family=1/0 repetition=0/1 error=not today",
        "first call ran 4", "second call ran 2"})
    EXPECT_NE(tare.out.find(fact), std::string::npos) << fact << "\n" << tare.out;
  EXPECT_EQ(tare.out.find("DISABLED_"), std::string::npos) << tare.out;
  std::ifstream google_in(google_file), tare_in(tare_file);
  std::stringstream google_text, tare_text;
  google_text << google_in.rdbuf();
  tare_text << tare_in.rdbuf();
  EXPECT_EQ(tare_text.str(), google_text.str());
  EXPECT_NE(tare_text.str().find("BM_sum_twice/8/repeats:2_cv function=BM_sum_twice"), std::string::npos)
      << tare_text.str();
}

// Iterations(N): one run of exactly N iterations in each worker process, as Google
// Benchmark runs it once in its one process (the corpus benchmark refuses a second run).
TEST(GbenchCompatIterations, IterationsIsOneRunOfExactlyThatManyInEachProcess) {
  const auto json_path = (tare_test::scratch_dir() / "gbench_once.json").string();
  const auto result = run_tare(corpus("registration"), {"--benchmark_filter=^BM_once", "--benchmark_format=json",
                                                        "--json", json_path}, 3);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json gb = parse_json(result.out, "tare");
  ASSERT_EQ(gb["benchmarks"].size(), 1u) << result.out;
  const auto& row = gb["benchmarks"][0];
  EXPECT_EQ(row["name"], "BM_once/iterations:42");
  EXPECT_FALSE(row.contains("error_occurred")) << row.dump();
  // The score rests on the 3 processes, or on 2 when other work took one's only sample.
  const int scored = row["tare_forks"];
  EXPECT_TRUE(scored == 2 || scored == 3) << row.dump();
  // The iterations the row's time rests on: 42 in each of those processes.
  EXPECT_EQ(row["iterations"], scored * 42);
  std::ifstream in(json_path);
  const auto doc = nlohmann::json::parse(in);
  ASSERT_EQ(doc["benchmarks"][0]["forks"].size(), 3u);
  for (const auto& fork : doc["benchmarks"][0]["forks"]) {
    EXPECT_TRUE(fork["warmup"].empty());
    ASSERT_EQ(fork["samples"].size(), 1u);
    EXPECT_EQ(fork["samples"][0]["ops"], 42);
  }
}

// --benchmark_min_time is the measured time of a benchmark in all. Below Google Benchmark's
// default (0.5 s) the run is short: 3 forks, each measuring a third, warmup bounded by
// min_time (at least 20 ms), and the console says so. tare's own options win.
TEST(GbenchCompatMinTime, AShortMinTimeIsAShortRunOfThreeForksAndSaysSo) {
  const auto json_path = (tare_test::scratch_dir() / "gbench_short.json").string();
  const Corpus& c = corpus("registration");
  const auto result = tare_test::run_process({c.tare, "--benchmark_filter=^BM_empty$", "--benchmark_min_time=0.03",
                                              "--json", json_path});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("A short run (--benchmark_min_time=0.03): 3 worker processes per benchmark, each "
                            "measuring 10.0 ms after at most 30.0 ms of warmup"),
            std::string::npos)
      << result.out;
  std::ifstream in(json_path);
  const auto doc = nlohmann::json::parse(in);
  EXPECT_EQ(doc["context"]["settings"]["forks"], 3);
  EXPECT_EQ(doc["context"]["settings"]["max_forks"], 3);
  EXPECT_DOUBLE_EQ(doc["context"]["settings"]["measure_ms"].get<double>(), 10.0);
  EXPECT_DOUBLE_EQ(doc["context"]["settings"]["warmup_max_ms"].get<double>(), 30.0);
  ASSERT_FALSE(doc["benchmarks"].empty());
  for (const auto& b : doc["benchmarks"]) EXPECT_EQ(b["forks"].size(), 3u) << b["name"];

  const auto own = tare_test::run_process({c.tare, "--benchmark_filter=^BM_empty$", "--benchmark_min_time=0.03",
                                           "--forks", "4", "--max-forks", "4", "--json", json_path});
  ASSERT_EQ(own.exit_code, 0) << own.err;
  std::ifstream again(json_path);
  const auto forks4 = nlohmann::json::parse(again);
  EXPECT_DOUBLE_EQ(forks4["context"]["settings"]["measure_ms"].get<double>(), 7.5);  // 30 ms over 4 forks
  ASSERT_FALSE(forks4["benchmarks"].empty());
  for (const auto& b : forks4["benchmarks"]) EXPECT_EQ(b["forks"].size(), 4u) << b["name"];
}

// An empty loop measures nothing: tare must not report it as a speed the clock resolves
// and the harness floor allows. Its tare JSON says so in a warning.
TEST(GbenchCompatEmptyLoop, AnEmptyLoopIsFlaggedAsMeasuringNothing) {
  const auto json_path = (tare_test::scratch_dir() / "gbench_empty.json").string();
  const Corpus& c = corpus("registration");
  // Three forks of 30 ms: the fastest sample (what the rule looks at) must come from
  // enough of them that a busy machine left one alone.
  const auto result = tare_test::run_process({c.tare, "--benchmark_filter=^BM_empty$", "--forks", "3", "--max-forks",
                                              "3", "--measure-ms", "30", "--warmup-max-ms", "10", "--json", json_path});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::ifstream in(json_path);
  const auto doc = nlohmann::json::parse(in);
  ASSERT_FALSE(doc["benchmarks"].empty());
  const auto& clock = doc["context"]["clock"];
  const double clock_error_ns = clock["resolution_ns"].get<double>() + clock["overhead_ns"].get<double>();
  for (const auto& b : doc["benchmarks"]) {  // the corpus registers BM_empty more than once
    EXPECT_EQ(b["name"], "BM_empty");
    // Batches are calibrated so the clock's own error is under 1% of every measured sample
    // (noise only makes samples longer), whatever the empty loop costs per iteration.
    ASSERT_FALSE(b["forks"].empty());
    for (const auto& fork : b["forks"]) {
      ASSERT_FALSE(fork["samples"].empty());
      for (const auto& sample : fork["samples"]) EXPECT_GE(sample["ns"].get<double>(), 100 * clock_error_ns);
    }
    bool flagged = false;
    for (const auto& w : b["warnings"]) flagged = flagged || w.get<std::string>().find("optimised away") != std::string::npos;
    EXPECT_TRUE(flagged) << b["warnings"].dump();
  }
  EXPECT_NE(result.out.find("looks optimised away"), std::string::npos) << result.out;
}

// Manual time is a fact the benchmark states, not a measurement: both builds must report
// the same time per iteration, threads included (Google Benchmark divides a thread's time
// by the iterations of all threads).
TEST(GbenchCompatManualTime, ReportsTheTimeTheBenchmarkStatesAsGoogleBenchmarkDoes) {
  const Corpus& c = corpus("threads");
  const Runs runs = run_both(c, {"--benchmark_filter=^BM_manual", "--benchmark_format=json"});
  ASSERT_EQ(runs.google.exit_code, 0) << describe(runs.google);
  ASSERT_EQ(runs.tare.exit_code, 0) << describe(runs.tare);
  const json google = parse_json(runs.google.out, "google"), tare = parse_json(runs.tare.out, "tare");
  for (const std::string name :
       {"BM_manual/1/manual_time", "BM_manual/2/manual_time", "BM_manual/1/manual_time/threads:2"}) {
    const json* g = find_row(google, name);
    const json* t = find_row(tare, name);
    ASSERT_TRUE(g && t) << name;
    const double expected = (*g)["real_time"].get<double>();
    EXPECT_NEAR((*t)["real_time"].get<double>(), expected, 1e-5 * expected) << name;
  }
}

TEST(GbenchCompatRepetitions, AggregatesOnlyLeavesOutTheRepetitionRowsAsGoogleBenchmarkDoes) {
  const auto [google, tare] = run_json(corpus("registration"),
                                       {"--benchmark_filter=^BM_keep_running$", "--benchmark_repetitions=2",
                                        "--benchmark_report_aggregates_only=true"},
                                       2);
  if (HasFailure()) return;
  const std::string n = "BM_keep_running";
  const std::vector<std::string> expected = {n + "_mean [aggregate]", n + "_median [aggregate]",
                                             n + "_stddev [aggregate]", n + "_cv [aggregate]"};
  ASSERT_EQ(row_ids(google), expected) << "Google Benchmark 1.7.1's rows (a fault of the test)";
  EXPECT_EQ(row_ids(tare), expected);
}

// MinWarmUpTime(T): every fork warms up for at least T (a count of time, not a timing).
TEST(GbenchCompatWarmup, MinWarmUpTimeIsTheLeastWarmupOfEveryFork) {
  const auto json_path = (tare_test::scratch_dir() / "gbench_warmup.json").string();
  const auto result =
      run_tare(corpus("registration"), {"--benchmark_filter=^BM_empty/min_warmup_time:0.005$", "--json", json_path});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::ifstream in(json_path);
  const auto doc = nlohmann::json::parse(in);
  ASSERT_EQ(doc["benchmarks"].size(), 1u);
  ASSERT_FALSE(doc["benchmarks"][0]["forks"].empty());
  for (const auto& fork : doc["benchmarks"][0]["forks"]) {
    double warmup_ns = 0;
    for (const auto& sample : fork["warmup"]) warmup_ns += sample["ns"].get<double>();
    EXPECT_GE(warmup_ns, 5e6);
  }
}

// A known flag with a bad value: one line naming the flag, exit 2, nothing measured.
// (Google Benchmark 1.7.1 prints its usage and exits 0 for some of these; tare says what
// is wrong.)
TEST(GbenchCompatBadInput, AFlagWithABadValueIsOneLineNamingIt) {
  const Corpus& c = corpus("counters");
  for (const std::string flag : {"--benchmark_format=xml", "--benchmark_repetitions=abc", "--benchmark_time_unit=h",
                                 "--benchmark_min_time=-1", "--benchmark_out_format=yaml",
                                 // nan, inf and overflow, which strtod reads as numbers
                                 "--benchmark_min_time=nan", "--benchmark_min_time=inf", "--benchmark_min_time=1e999",
                                 "--benchmark_min_warmup_time=nan", "--benchmark_repetitions=99999999999",
                                 "--v=99999999999", "--timeout=nan", "--seed=18446744073709551616"}) {
    const auto result = tare_test::run_process({c.tare, flag});
    EXPECT_EQ(result.exit_code, 2) << flag;
    EXPECT_TRUE(result.out.empty()) << flag << ": " << result.out;
    EXPECT_EQ(lines(result.err).size(), 1u) << result.err;
    EXPECT_NE(result.err.find(flag.substr(0, flag.find('='))), std::string::npos) << result.err;
  }
}

TEST(GbenchCompatBadInput, HelpPrintsTheFlagsAndExitsZero) {
  const auto result = tare_test::run_process({corpus("counters").tare, "--help"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.out.find("--benchmark_filter"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("--forks"), std::string::npos) << result.out;
}

// Work before the loop and while the timer is paused counts in neither real nor CPU time
// (ten times the timed work here): CPU time stays near the real time, as in Google
// Benchmark, instead of the process's CPU time over the whole call.
TEST(GbenchCompatTimers, PausedWorkAndSetUpCountInNeitherRealNorCpuTime) {
  const Corpus& c = corpus("registration");
  const auto result = run_tare(c, {"--benchmark_filter=^BM_setup_outside_timer$", "--benchmark_format=json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json doc = parse_json(result.out, "tare");
  const json* row = find_row(doc, "BM_setup_outside_timer");
  ASSERT_TRUE(row);
  EXPECT_LT((*row)["cpu_time"].get<double>(), 3 * (*row)["real_time"].get<double>()) << row->dump();
}
