// `tare export` end to end: a real run of the e2e benchmark binary, then each format read
// as its consumer reads it: JMH's result schema (as JMH Visualizer and github-action-benchmark's
// "jmh" tool take it), Bencher's BMF rules, github-action-benchmark's custom-format check,
// and an RFC 4180 reader for the CSV. Bad input is one line and a non-zero exit.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "command.hpp"

using ExportJson = nlohmann::json;  // files_test.cpp has its own `json` (unity builds)
using tare_e2e::run_command;

namespace {

using tare_e2e::kBench;
using tare_e2e::kTare;

// One run, recorded once for every test that exports it: a time per operation with a
// parameter, two threads, a single shot, per-call samples, a throughput, a skipped one.
const std::string& exported_run() {
  static const std::string path = [] {
    const auto json_path = (tare_e2e::scratch_dir() / "export_run.json").string();
    const auto ran = run_command({kBench, "--filter",
                                  "^(fast.step/size=3|threaded.step/threads=2|modes.cold|modes.calls|modes.rate|"
                                  "skips.in_setup)$",
                                  "--forks", "2", "--max-forks", "2", "--measure-ms", "2", "--warmup-max-ms", "20",
                                  "--seed", "3", "--json", json_path});
    EXPECT_EQ(ran.exit_code, 0) << ran.err;
    return json_path;
  }();
  return path;
}

// The run's own results for a benchmark, by name.
ExportJson run_result(const std::string& name) {
  const ExportJson results = ExportJson::parse(tare_e2e::slurp(exported_run()));
  for (const auto& b : results["benchmarks"])
    if (b["name"] == name) return b;
  ADD_FAILURE() << name << " not in the run";
  return ExportJson::object();
}

tare_e2e::CommandResult export_as(const std::string& format, const std::string& path,
                                  const std::vector<std::string>& more = {}) {
  std::vector<std::string> args{kTare, "export", "--format", format};
  args.insert(args.end(), more.begin(), more.end());
  args.push_back(path);
  return run_command(args);
}

// What JMH's result schema requires of a metric (primary or secondary): numbers where JMH
// writes numbers ("NaN" where it could not compute one), rawData one array per fork.
void expect_jmh_metric(const ExportJson& metric, std::size_t forks, const std::string& where) {
  const auto number_or_nan = [](const ExportJson& v) { return v.is_number() || v == "NaN"; };
  ASSERT_TRUE(metric.is_object()) << where;
  EXPECT_TRUE(metric["score"].is_number()) << where;
  EXPECT_TRUE(number_or_nan(metric["scoreError"])) << where;
  ASSERT_TRUE(metric["scoreConfidence"].is_array()) << where;
  ASSERT_EQ(metric["scoreConfidence"].size(), 2u) << where;
  for (const auto& bound : metric["scoreConfidence"]) EXPECT_TRUE(number_or_nan(bound)) << where;
  for (const char* key : {"0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0"})
    EXPECT_TRUE(metric["scorePercentiles"][key].is_number()) << where << " " << key;
  EXPECT_TRUE(metric["scoreUnit"].is_string()) << where;
  ASSERT_TRUE(metric["rawData"].is_array()) << where;
  EXPECT_EQ(metric["rawData"].size(), forks) << where;
  for (const auto& fork : metric["rawData"]) {
    ASSERT_TRUE(fork.is_array()) << where;
    EXPECT_FALSE(fork.empty()) << where;
    for (const auto& value : fork) EXPECT_TRUE(value.is_number()) << where;
  }
}

void expect_jmh_benchmark(const ExportJson& b) {
  const std::string where = b.value("benchmark", "?");
  for (const char* key : {"jmhVersion", "benchmark", "jvm", "jdkVersion", "vmName", "vmVersion"})
    EXPECT_TRUE(b[key].is_string()) << where << " " << key;
  for (const char* key : {"threads", "forks", "warmupIterations", "warmupBatchSize", "measurementIterations",
                          "measurementBatchSize"})
    EXPECT_TRUE(b[key].is_number_integer()) << where << " " << key;
  const std::set<std::string> modes{"thrpt", "avgt", "sample", "ss"};
  EXPECT_EQ(modes.count(b["mode"].get<std::string>()), 1u) << where;
  const std::regex duration(R"(\d+ (ns|us|ms|s))");
  EXPECT_TRUE(std::regex_match(b["warmupTime"].get<std::string>(), duration)) << where;
  EXPECT_TRUE(std::regex_match(b["measurementTime"].get<std::string>(), duration)) << where;
  EXPECT_TRUE(b["jvmArgs"].is_array()) << where;
  if (b.contains("params")) {
    for (const auto& param : b["params"].items()) EXPECT_TRUE(param.value().is_string()) << where;
  }
  const auto forks = b["forks"].get<std::size_t>();
  expect_jmh_metric(b["primaryMetric"], forks, where);
  ASSERT_TRUE(b["secondaryMetrics"].is_object()) << where;
  for (const auto& metric : b["secondaryMetrics"].items()) expect_jmh_metric(metric.value(), forks, where + " " + metric.key());
}

}  // namespace

TEST(Export, JmhIsJmhsResultSchemaWithEveryModeAndRawDataPerFork) {
  const auto exported = export_as("jmh", exported_run());
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_EQ(exported.err, "tare: note: skips.in_setup left out: skipped (no device)\n");
  const ExportJson document = ExportJson::parse(exported.out);
  ASSERT_TRUE(document.is_array());
  ASSERT_EQ(document.size(), 5u);
  std::set<std::string> modes;
  for (const auto& b : document) {
    expect_jmh_benchmark(b);
    modes.insert(b["mode"].get<std::string>());
  }
  EXPECT_EQ(modes, (std::set<std::string>{"thrpt", "avgt", "sample", "ss"}));
  // The score and interval are the run's; the per-fork means of rawData give the score.
  const ExportJson result = run_result("fast.step/size=3");
  const ExportJson& fast = document[0];
  EXPECT_EQ(fast["benchmark"], "fast.step");
  EXPECT_EQ(fast["params"], (ExportJson{{"size", "3"}}));
  EXPECT_EQ(fast["primaryMetric"]["score"], result["score"]);
  EXPECT_EQ(fast["primaryMetric"]["scoreConfidence"][0], result["ci"]["low"]);
  EXPECT_EQ(fast["primaryMetric"]["scoreConfidence"][1], result["ci"]["high"]);
  EXPECT_EQ(fast["primaryMetric"]["scoreUnit"], "ns/op");
  double sum_of_means = 0;
  for (const auto& fork : fast["primaryMetric"]["rawData"]) {
    double sum = 0;
    for (const auto& v : fork) sum += v.get<double>();
    sum_of_means += sum / static_cast<double>(fork.size());
  }
  EXPECT_NEAR(sum_of_means / 2, fast["primaryMetric"]["score"].get<double>(),
              1e-9 * fast["primaryMetric"]["score"].get<double>());
  EXPECT_EQ(document[1]["benchmark"], "threaded.step");
  EXPECT_EQ(document[1]["threads"], 2);
  EXPECT_EQ(document[1]["params"], (ExportJson{{"threads", "2"}}));
  EXPECT_EQ(document[4]["primaryMetric"]["scoreUnit"], "ops/s");
}

TEST(Export, BmfKeepsBenchersRules) {
  const auto exported = export_as("bmf", exported_run());
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  const ExportJson document = ExportJson::parse(exported.out);
  ASSERT_TRUE(document.is_object());
  ASSERT_EQ(document.size(), 5u);
  std::set<std::string> measures;
  for (const auto& benchmark : document.items()) {
    EXPECT_LE(benchmark.key().size(), 1024u);  // Bencher's longest benchmark name
    ASSERT_TRUE(benchmark.value().is_object()) << benchmark.key();
    for (const auto& measure : benchmark.value().items()) {
      EXPECT_LE(measure.key().size(), 64u);  // its longest measure slug
      measures.insert(measure.key());
      const ExportJson& metric = measure.value();
      ASSERT_TRUE(metric["value"].is_number()) << benchmark.key();
      ASSERT_TRUE(metric["lower_value"].is_number()) << benchmark.key();
      ASSERT_TRUE(metric["upper_value"].is_number()) << benchmark.key();
      EXPECT_LE(metric["lower_value"].get<double>(), metric["value"].get<double>()) << benchmark.key();
      EXPECT_LE(metric["value"].get<double>(), metric["upper_value"].get<double>()) << benchmark.key();
    }
  }
  EXPECT_EQ(measures, (std::set<std::string>{"latency", "throughput"}));
  EXPECT_EQ(document["fast.step/size=3"]["latency"]["value"], run_result("fast.step/size=3")["score"]);
  EXPECT_TRUE(document["modes.rate"].contains("throughput"));
}

namespace {

// github-action-benchmark's check of a custom file: an array, not empty; name and unit
// strings, value a number; range and extra strings where present.
void expect_action_format(const ExportJson& document, std::size_t benchmarks) {
  ASSERT_TRUE(document.is_array());
  ASSERT_EQ(document.size(), benchmarks);
  for (const auto& b : document) {
    EXPECT_TRUE(b["name"].is_string());
    EXPECT_TRUE(b["unit"].is_string());
    EXPECT_TRUE(b["value"].is_number());
    ASSERT_TRUE(b["range"].is_string());
    EXPECT_EQ(b["range"].get<std::string>().rfind("± ", 0), 0u) << b["range"];
    ASSERT_TRUE(b["extra"].is_string());
    EXPECT_NE(b["extra"].get<std::string>().find("forks: 2"), std::string::npos) << b["extra"];
  }
}

}  // namespace

TEST(Export, GithubActionIsOneDirectionPerFileAndAMixedRunMustChoose) {
  const auto mixed = export_as("github-action", exported_run());
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_EQ(std::count(mixed.err.begin(), mixed.err.end(), '\n'), 1) << mixed.err;
  EXPECT_NE(mixed.err.find("--direction"), std::string::npos) << mixed.err;
  EXPECT_TRUE(mixed.out.empty());

  const auto smaller = export_as("github-action", exported_run(), {"--direction", "smaller"});
  ASSERT_EQ(smaller.exit_code, 0) << smaller.err;
  expect_action_format(ExportJson::parse(smaller.out), 4);
  EXPECT_NE(smaller.err.find("tare: note: modes.rate left out: a throughput"), std::string::npos) << smaller.err;

  const auto bigger = export_as("github-action", exported_run(), {"--direction", "bigger"});
  ASSERT_EQ(bigger.exit_code, 0) << bigger.err;
  const ExportJson rates = ExportJson::parse(bigger.out);
  expect_action_format(rates, 1);
  EXPECT_EQ(rates[0]["name"], "modes.rate");
  EXPECT_EQ(rates[0]["unit"], "ops/s");
}

namespace {

// RFC 4180 as a reader applies it: fields split at commas outside quotes, a quoted field's
// doubled quotes one quote, line breaks inside quotes part of the field.
std::vector<std::vector<std::string>> read_rfc4180(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1);
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c != '"') field += c;
      else if (i + 1 < text.size() && text[i + 1] == '"') field += text[++i];
      else quoted = false;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().push_back(field);
      field.clear();
    } else if (c == '\n') {
      rows.back().push_back(field);
      field.clear();
      rows.emplace_back();
    } else {
      field += c;
    }
  }
  EXPECT_FALSE(quoted) << "a quote left open";
  if (rows.back().empty() && field.empty()) rows.pop_back();  // the last line's end
  return rows;
}

// A run of benchmarks whose names hold quotes, a line break, a tab and bytes that are not UTF-8.
const std::string& odd_names_run() {
  static const std::string path = [] {
    const auto json_path = (tare_e2e::scratch_dir() / "export_odd_names.json").string();
    const auto ran = run_command({TARE_ODD_NAMES_BENCH, "--forks", "2", "--max-forks", "2", "--measure-ms", "2",
                                  "--warmup-max-ms", "20", "--json", json_path});
    EXPECT_EQ(ran.exit_code, 1) << ran.err;  // "fails" fails; the file is written all the same
    return json_path;
  }();
  return path;
}

}  // namespace

TEST(Export, CsvReadsBackWithAnRfc4180ReaderNamesAndAll) {
  const auto exported = export_as("csv", odd_names_run());
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  const auto rows = read_rfc4180(exported.out);
  const ExportJson results = ExportJson::parse(tare_e2e::slurp(odd_names_run()));
  ASSERT_EQ(rows.size(), results["benchmarks"].size() + 1);
  const std::vector<std::string> header = rows[0];
  for (const auto& row : rows) EXPECT_EQ(row.size(), header.size());
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  ASSERT_LT(column("warnings"), header.size());
  for (std::size_t i = 0; i < results["benchmarks"].size(); ++i) {
    const ExportJson& b = results["benchmarks"][i];
    EXPECT_EQ(rows[i + 1][column("name")], b["name"].get<std::string>());
    EXPECT_EQ(rows[i + 1][column("status")], b["status"].get<std::string>());
  }
  // The odd names stay valid JSON in the other formats, and recognisable as BMF's keys.
  std::vector<std::string> estimated;
  for (const auto& b : results["benchmarks"])
    if (b["score"].is_number()) estimated.push_back(b["name"].get<std::string>());
  ASSERT_FALSE(estimated.empty());
  const auto bmf = export_as("bmf", odd_names_run());
  ASSERT_EQ(bmf.exit_code, 0) << bmf.err;
  std::vector<std::string> keys;
  const auto bmf_document = nlohmann::ordered_json::parse(bmf.out);  // in the file's order
  for (const auto& item : bmf_document.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, estimated);
  const auto jmh = export_as("jmh", odd_names_run());
  ASSERT_EQ(jmh.exit_code, 0) << jmh.err;
  EXPECT_EQ(ExportJson::parse(jmh.out).size(), estimated.size());
}

TEST(Export, OutputGoesToAFileWholeOrNotAtAll) {
  const auto file = (tare_e2e::scratch_dir() / "export_out.json").string();
  const auto written = export_as("bmf", exported_run(), {"-o", file});
  ASSERT_EQ(written.exit_code, 0) << written.err;
  EXPECT_TRUE(written.out.empty());
  const std::string first = tare_e2e::slurp(file);
  EXPECT_EQ(first, export_as("bmf", exported_run()).out);

  // An export that fails leaves the file as it was.
  const auto refused = export_as("github-action", exported_run(), {"-o", file});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(tare_e2e::slurp(file), first);

  const auto nowhere = export_as("bmf", exported_run(), {"-o", "/nonexistent/dir/out.json"});
  EXPECT_EQ(nowhere.exit_code, 2);
  EXPECT_EQ(std::count(nowhere.err.begin(), nowhere.err.end(), '\n'), 1) << nowhere.err;
}

TEST(Export, BadInputIsOneLineNamingTheProblem) {
  const auto missing = export_as("jmh", "/nonexistent/results.json");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "tare: error: /nonexistent/results.json: cannot open\n");

  const auto garbage_path = (tare_e2e::scratch_dir() / "export_garbage.json").string();
  { std::ofstream(garbage_path) << "garbage"; }
  const auto garbage = export_as("jmh", garbage_path);
  EXPECT_EQ(garbage.exit_code, 2);
  EXPECT_NE(garbage.err.find("results JSON: not valid JSON"), std::string::npos) << garbage.err;
  EXPECT_EQ(std::count(garbage.err.begin(), garbage.err.end(), '\n'), 1) << garbage.err;

  const auto gbench_path = (tare_e2e::scratch_dir() / "export_gbench.json").string();
  {
    std::ofstream(gbench_path) << R"({"context": {"date": "2024-01-01", "num_cpus": 2}, "benchmarks": [)"
                               << R"({"name": "BM_x", "run_name": "BM_x", "run_type": "iteration", "repetitions": 1, )"
                               << R"("repetition_index": 0, "threads": 1, "iterations": 100, "real_time": 10.5, )"
                               << R"("cpu_time": 10.4, "time_unit": "ns"}]})";
  }
  const auto gbench = export_as("bmf", gbench_path);
  EXPECT_EQ(gbench.exit_code, 2);
  EXPECT_EQ(gbench.err, "tare: error: " + gbench_path +
                            ": Google Benchmark JSON, not tare's results: run the benchmark binary with --json FILE "
                            "(tare.results/1) and export that file\n");

  const auto stream_path = (tare_e2e::scratch_dir() / "export_stream.json").string();
  { std::ofstream(stream_path) << R"({"schema": "tare.stream.run/1", "trial": {}})"; }
  const auto stream = export_as("jmh", stream_path);
  EXPECT_EQ(stream.exit_code, 2);
  EXPECT_NE(stream.err.find("a stream benchmark's results (tare.stream.run/1)"), std::string::npos) << stream.err;
  EXPECT_EQ(std::count(stream.err.begin(), stream.err.end(), '\n'), 1) << stream.err;

  const auto unknown = export_as("xml", exported_run());
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "tare: error: --format xml: expected one of jmh, bmf, github-action, csv, like --format jmh\n");
}
