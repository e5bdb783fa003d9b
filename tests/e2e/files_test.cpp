// Results files end to end: text from outside (benchmark names, error texts) never costs a
// file or breaks its format, and whatever a results file holds (nesting 300 000 levels
// deep, values no comparison can rest on, more than memory holds) gives one line and an
// exit code, never a crash; reading a large file takes memory in proportion to what is kept.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

// Ordered: a changed file keeps tare's field order (schema first, a benchmark's name before its forks).
using json = nlohmann::ordered_json;
using tare_e2e::kTare;
using tare_e2e::run_command;

const std::string kOddBench = TARE_ODD_NAMES_BENCH;
constexpr const char* kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD

// The names odd_names_bench.cpp declares, as valid UTF-8 (a byte that is not becomes U+FFFD).
std::vector<std::string> expected_odd_names() {
  return {"odd.name/text=\"quoted\" back\\slash", "odd.name/text=pipe|`tick`", "odd.name/text=line\nbreak\ttab\x01",
          std::string("odd.name/text=bad ") + kReplacementCharacter + kReplacementCharacter + " utf8",
          "odd.name/text=<script>alert(1)</script>", "fails"};
}

// One run of the odd-names benchmark, recorded once for the tests that read its files.
struct OddRun {
  std::string json_path, csv_path;
  int exit_code = -1;
  std::string err;
};

const OddRun& odd_run() {
  static const OddRun run = [] {
    OddRun r;
    r.json_path = (tare_e2e::scratch_dir() / "odd_names.json").string();
    r.csv_path = (tare_e2e::scratch_dir() / "odd_names.csv").string();
    const auto result = run_command({kOddBench, "--forks", "2", "--max-forks", "2", "--measure-ms", "5",
                                     "--warmup-max-ms", "10", "--seed", "7", "--json", r.json_path, "--csv",
                                     r.csv_path});
    r.exit_code = result.exit_code;
    r.err = result.err;
    return r;
  }();
  return run;
}

json parse_strictly(const std::string& path) { return json::parse(tare_e2e::slurp(path)); }

// F13: --list-json escapes every name and writes invalid UTF-8 as U+FFFD (it threw).
TEST(ResultsFiles, ListJsonKeepsOddNamesValid) {
  const auto result = run_command({kOddBench, "--list-json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json list = json::parse(result.out);
  std::vector<std::string> names;
  for (const auto& entry : list) names.push_back(entry["name"].get<std::string>());
  EXPECT_EQ(names, expected_odd_names());
}

// F4: a name or an error text that is not UTF-8 costs neither the JSON nor the CSV.
TEST(ResultsFiles, OddNamesAndErrorTextLeaveValidResults) {
  const OddRun& run = odd_run();
  EXPECT_EQ(run.exit_code, 1) << run.err;  // "fails" failed, nothing else
  const json results = parse_strictly(run.json_path);
  std::vector<std::string> names;
  for (const auto& b : results["benchmarks"]) names.push_back(b["name"].get<std::string>());
  EXPECT_EQ(names, expected_odd_names());
  const auto& failed = results["benchmarks"].back();
  EXPECT_EQ(failed["status"], "failed");
  EXPECT_NE(failed["error"].get<std::string>().find(std::string("bytes ") + kReplacementCharacter), std::string::npos)
      << failed["error"];
  EXPECT_NE(tare_e2e::slurp(run.csv_path).find("\"odd.name/text=\"\"quoted\"\" back\\slash\""), std::string::npos);
}

// Pipes that split a markdown table's cells: the escaped ones (an odd run of backslashes
// before them) do not.
std::size_t cell_separators(const std::string& line) {
  std::size_t count = 0, backslashes = 0;
  for (const char c : line) {
    if (c == '|' && backslashes % 2 == 0) ++count;
    backslashes = c == '\\' ? backslashes + 1 : 0;
  }
  return count;
}

// F13: each odd name stays one row of six cells in the markdown of tare compare.
TEST(ResultsFiles, MarkdownKeepsOneRowPerOddName) {
  const OddRun& run = odd_run();
  const auto md = (tare_e2e::scratch_dir() / "odd_names.md").string();
  const auto result = run_command({kTare, "compare", run.json_path, run.json_path, "--markdown", md});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::istringstream text(tare_e2e::slurp(md));
  std::vector<std::string> rows;
  for (std::string line; std::getline(text, line) && !line.empty();) rows.push_back(line);
  ASSERT_EQ(rows.size(), 2 + expected_odd_names().size()) << tare_e2e::slurp(md);
  for (const auto& row : rows) EXPECT_EQ(cell_separators(row), 7u) << row;
  EXPECT_NE(rows[4].find("line\\nbreak\\ttab\\x01"), std::string::npos) << rows[4];
  EXPECT_NE(rows[5].find(kReplacementCharacter), std::string::npos) << rows[5];
}

// The recorded run with one change, written as a new results file.
template <class Change>
std::string changed_results(const std::string& name, Change change) {
  json results = parse_strictly(odd_run().json_path);
  change(results);
  const auto path = (tare_e2e::scratch_dir() / name).string();
  std::ofstream(path) << results.dump();
  return path;
}

void expect_one_line_exit_2(const tare_e2e::CommandResult& result, const std::string& says) {
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_NE(result.err.find(says), std::string::npos) << result.err;
}

// F5: 300 000 levels of nesting where a value belongs crashed the reader (stack overflow).
TEST(ResultsFiles, DeepNestingIsOneLineAndExitTwo) {
  const std::string deep = std::string(300000, '[') + std::string(300000, ']');
  for (const char* field : {"score", "ci", "params", "name", "error"}) {
    const auto path = (tare_e2e::scratch_dir() / (std::string("deep_") + field + ".json")).string();
    std::string text = parse_strictly(odd_run().json_path).dump();
    const std::string key = std::string("\"") + field + "\":";
    const auto at = text.find(key, text.find("\"benchmarks\""));
    ASSERT_NE(at, std::string::npos) << field;
    text.insert(at + key.size(), deep + ",\"was_" + field + "\":");  // the original value moves to another key
    std::ofstream(path) << text;
    expect_one_line_exit_2(run_command({kTare, "compare", odd_run().json_path, path}), "nested deeper than 64 levels");
  }
}

// F8: values no verdict can rest on (a time or a count that is not positive) are refused,
// naming the file, the benchmark and the field.
TEST(ResultsFiles, ValuesNoVerdictCanRestOnAreRefused) {
  struct Case {
    const char* name;
    void (*change)(json&);
    const char* says;
  };
  const Case cases[] = {
      {"negative_score.json", [](json& r) { r["benchmarks"][0]["score"] = -3.5; }, ".score: expected a positive"},
      {"zero_score.json", [](json& r) { r["benchmarks"][0]["score"] = 0; }, ".score: expected a positive"},
      {"zero_threads.json", [](json& r) { r["benchmarks"][0]["threads"] = 0; }, ".threads: expected a positive count"},
      {"negative_ns.json", [](json& r) { r["benchmarks"][0]["forks"][1]["samples"][2]["ns"] = -100.0; },
       ".forks[1].samples[2].ns: expected a positive time"},
      {"zero_ops.json", [](json& r) { r["benchmarks"][0]["forks"][0]["samples"][0]["ops"] = 0; },
       ".forks[0].samples[0].ops: expected a positive count"},
  };
  for (const Case& c : cases) {
    const auto path = changed_results(c.name, c.change);
    const auto result = run_command({kTare, "compare", odd_run().json_path, path});
    expect_one_line_exit_2(result, c.says);
    EXPECT_NE(result.err.find(path + ": results JSON: benchmarks[0] (odd.name/text=\"quoted\" back\\slash)"),
              std::string::npos)
        << result.err;
  }
}

struct Measured {
  int exit_code = -1;
  std::string err;
  long peak_rss_kb = 0;
};

// Runs `args` to completion with the address space limited to `address_limit` bytes (0:
// unlimited); the peak resident memory comes from the kernel's accounting of the child.
Measured run_measured(const std::vector<std::string>& args, rlim_t address_limit = 0) {
  const auto err_path = tare_e2e::scratch_dir() / "measured.err";
  const pid_t pid = fork();
  if (pid == 0) {
    if (address_limit > 0) {
      const rlimit limit{address_limit, address_limit};
      setrlimit(RLIMIT_AS, &limit);
    }
    tare_e2e::exec_with_output(args, "/dev/null", err_path.c_str());
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status), tare_e2e::slurp(err_path), usage.ru_maxrss};
}

// The recorded run, as tare wrote it (one sample per line), with the first sample of its
// first fork repeated to `samples` lines.
std::string large_results(std::size_t samples) {
  std::string text = tare_e2e::slurp(odd_run().json_path);
  const auto first = text.find('\n', text.find("\"samples\": [")) + 1;
  const std::string line = text.substr(first, text.find('\n', first) + 1 - first);
  std::string repeated;
  repeated.reserve(line.size() * samples);
  const std::string with_comma = line.substr(0, line.find_last_not_of(",\n") + 1) + ",\n";
  for (std::size_t i = 0; i < samples; ++i) repeated += with_comma;
  text.insert(first, repeated);
  const auto path = (tare_e2e::scratch_dir() / "large.json").string();
  std::ofstream(path) << text;
  return path;
}

// F14: reading results took about ten times the file's size. The samples are kept (as the
// model's samples, not as a JSON tree), so a file of samples costs about its own size
// twice: its text while it is read, and the samples.
TEST(ResultsFiles, ReadingALargeFileTakesMemoryInProportionToWhatIsKept) {
  const auto small = run_measured({kTare, "plan", odd_run().json_path});
  ASSERT_EQ(small.exit_code, 0) << small.err;
  const auto path = large_results(300000);
  const double file_kb = static_cast<double>(std::filesystem::file_size(path)) / 1024;
  const auto large = run_measured({kTare, "plan", path});
  ASSERT_EQ(large.exit_code, 0) << large.err;
  const double growth_kb = static_cast<double>(large.peak_rss_kb - small.peak_rss_kb);
  std::cout << "file " << file_kb / 1024 << " MiB, peak RSS " << small.peak_rss_kb / 1024 << " MiB (small file) and "
            << large.peak_rss_kb / 1024 << " MiB (large file): " << growth_kb / file_kb << " times the file\n";
  EXPECT_LT(growth_kb, 3 * file_kb);
}

// F14: a file larger than the memory the process may use: one line naming the file, not an
// abort. (A sparse file: no disk is spent.)
TEST(ResultsFiles, AFileLargerThanMemoryIsOneLine) {
  const auto path = tare_e2e::scratch_dir() / "huge.json";
  std::filesystem::remove(path);
  std::ofstream(path) << "{";
  std::filesystem::resize_file(path, std::uintmax_t{64} << 30);
  const auto result = run_measured({kTare, "plan", path.string()}, rlim_t{4} << 30);
  std::filesystem::remove(path);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(result.err, "tare: error: " + path.string() + ": too large to read in the memory available\n");
}

}  // namespace
