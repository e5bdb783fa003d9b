// One interval policy, labelled alike: a real run of the e2e benchmark binary, once, with
// every output written (the console, the JSON, the CSV, the HTML report, each export), and
// the same headline interval found in each with the words that name it: across runs when
// the machine's speed between runs is known, else this run's own. Numbers are parsed and
// compared to the JSON's at the digits each output prints; nothing about the machine's speed.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"

namespace interval_test {

using Json = nlohmann::json;
using tare_e2e::kBench;
using tare_e2e::kTare;
using tare_e2e::run_command;

const std::vector<std::string> kNames{"fast.step/size=3", "modes.rate"};  // a time per operation, a throughput

// What a run wrote, and where.
struct Outputs {
  std::string console, json_path, csv_path;
  Json results;
};

// One run of both benchmarks with `history` as the speed history ("off": none), every file written.
Outputs run_once(const std::string& tag, const std::string& history) {
  Outputs o;
  o.json_path = (tare_e2e::scratch_dir() / ("interval_" + tag + ".json")).string();
  o.csv_path = (tare_e2e::scratch_dir() / ("interval_" + tag + ".csv")).string();
  const auto ran = run_command({"/usr/bin/env", "TARE_HISTORY=" + history, kBench, "--filter",
                                "^(fast.step/size=3|modes.rate)$", "--forks", "3", "--max-forks", "3", "--measure-ms", "5",
                                "--warmup-max-ms", "20", "--quiet", "--json", o.json_path, "--csv", o.csv_path});
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  o.console = ran.out;
  o.results = Json::parse(tare_e2e::slurp(o.json_path));
  return o;
}

// A history of this machine that knows its speed between runs: the reading of one short run,
// and four more 3% apart, as earlier runs would have left them.
std::string known_history() {
  const auto history = tare_e2e::scratch_dir() / "interval-speed-history.jsonl";
  std::filesystem::remove(history);
  const auto primed = run_command({"/usr/bin/env", "TARE_HISTORY=" + history.string(), kBench, "--filter",
                                   "^fast.step/size=3$", "--forks", "2", "--max-forks", "2", "--measure-ms", "2",
                                   "--warmup-max-ms", "20", "--quiet"});
  EXPECT_EQ(primed.exit_code, 0) << primed.err;
  Json reading = Json::parse(tare_e2e::slurp(history));
  const double measured = reading["reference_ns"].get<double>();
  std::ofstream out(history, std::ios::app);
  for (const double factor : {0.97, 1.03, 0.97, 1.03}) {
    reading["reference_ns"] = measured * factor;
    out << reading.dump() << '\n';
  }
  return history.string();
}

// The headline interval the JSON names, and this run's own beside it.
struct Expected {
  double score = 0, low = 0, high = 0;
  double own_low = 0, own_high = 0;
  double half() const { return (high - low) / 2; }
  double percent() const { return half() / std::abs(score) * 100; }
  double own_percent() const { return (own_high - own_low) / 2 / std::abs(score) * 100; }
};

Expected expected_of(const Outputs& o, const std::string& name, const std::string& key) {
  for (const auto& b : o.results["benchmarks"]) {
    if (b["name"] != name) continue;
    EXPECT_EQ(b["headline_ci"], key) << name;
    const Json& ci = b[key];
    if (!ci.is_object()) {
      ADD_FAILURE() << name << ": no " << key << ": " << b.dump().substr(0, 400);
      return {};
    }
    return {b["score"].get<double>(), ci["low"].get<double>(), ci["high"].get<double>(), b["ci"]["low"].get<double>(),
            b["ci"]["high"].get<double>()};
  }
  ADD_FAILURE() << name << " not in the results";
  return {};
}

// Digits after the decimal point of a printed number: what it was rounded to.
double rounding_of(const std::string& number) {
  const auto dot = number.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(number.size() - dot - 1);
  return 0.5 * std::pow(10.0, -decimals) * 1.0001;
}

// A shown number is the expected one as printed: within half a unit of its last digit.
void expect_shown(const std::string& shown, double expected, const std::string& where) {
  EXPECT_NEAR(std::stod(shown), expected, rounding_of(shown)) << where << ": shown " << shown;
}

// The factor from the JSON's unit (ns/op, ops/s) to the console's scaled one.
double scale_of(const std::string& unit) {
  static const std::map<std::string, double> scales{{"ns/op", 1},     {"µs/op", 1e-3},  {"ms/op", 1e-6},
                                                    {"s/op", 1e-9},   {"ops/s", 1},     {"kops/s", 1e-3},
                                                    {"Mops/s", 1e-6}, {"Gops/s", 1e-9}};
  const auto it = scales.find(unit);
  EXPECT_NE(it, scales.end()) << unit;
  return it == scales.end() ? 1 : it->second;
}

std::string line_starting(const std::string& text, const std::string& start) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(start, 0) == 0) return line;
  return "";
}

// The console's row: "± CI" on the score's scale and "± %", unless the score mixes speeds
// (two modes, no steady state) or counts other work's time (disturbed), which shows no
// interval by design. True when the row shows one.
bool check_console(const Outputs& o, const std::string& name, const Expected& e) {
  const std::string row = line_starting(o.console, name + " ");
  EXPECT_FALSE(row.empty()) << o.console;
  std::smatch m;
  if (std::regex_search(row, m, std::regex(R"(  ~[0-9.]+ \S+\s+(2 modes|no steady state|disturbed) )"))) {
    GTEST_LOG_(INFO) << name << ": the console withholds the interval (" << m[1] << ")";
    return false;
  }
  if (!std::regex_search(row, m, std::regex(R"(([0-9.]+) (\S+)\s+([0-9.]+) (\S+)\s+([0-9.]+)%)"))) {
    ADD_FAILURE() << row;
    return false;
  }
  EXPECT_EQ(m[2], m[4]) << row;  // the interval on the score's scale
  expect_shown(m[3], e.half() * scale_of(m[4]), "console ± CI of " + name);
  expect_shown(m[5], e.percent(), "console ± % of " + name);
  return true;
}

// The CSV's row (RFC 4180; these names hold no quotes): the headline's bounds exactly, named.
void check_csv(const std::string& csv, const std::string& name, const Expected& e, const std::string& scope) {
  std::istringstream in(csv);
  std::string header_line, line;
  std::getline(in, header_line);
  std::map<std::string, std::size_t> column;
  {
    std::istringstream header(header_line);
    std::size_t i = 0;
    for (std::string field; std::getline(header, field, ',');) column[field] = i++;
  }
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::istringstream row(line);
    for (std::string field; std::getline(row, field, ',');) fields.push_back(field);
    if (fields.empty() || fields[0] != name) continue;
    EXPECT_DOUBLE_EQ(std::stod(fields.at(column.at("ci_low"))), e.low) << line;
    EXPECT_DOUBLE_EQ(std::stod(fields.at(column.at("ci_high"))), e.high) << line;
    EXPECT_EQ(fields.at(column.at("ci_scope")), scope) << line;
    return;
  }
  ADD_FAILURE() << name << " not in the CSV:\n" << csv;
}

// The report's summary cell and the benchmark's figures: "±1.60% across runs".
void check_html(const std::string& page, const std::string& name, const Expected& e, const std::string& scope) {
  std::smatch m;
  const std::regex cell(">" + std::regex_replace(name, std::regex(R"([.+?*()\[\]/])"), "\\$&") +
                        R"(</a></td>.*?>±([0-9.]+)% )" + scope + "</td>");
  ASSERT_TRUE(std::regex_search(page, m, cell)) << name;
  expect_shown(m[1], e.percent(), "report's table, " + name);
  const auto section = page.find("<h2>" + name + " <span");  // the benchmark's own section
  ASSERT_NE(section, std::string::npos) << name;
  const std::string figures_line = page.substr(section, page.find("</p>", section) - section);
  const std::regex figures("\\(95% interval " + scope + R"(: [^,]*, ±([0-9.]+)%)");
  ASSERT_TRUE(std::regex_search(figures_line, m, figures)) << figures_line;
  expect_shown(m[1], e.percent(), "report's figures, " + name);
}

// JMH, Bencher and github-action-benchmark: each holds the headline in its own fields.
void check_exports(const Outputs& o, const std::string& name, const Expected& e, const std::string& scope) {
  const auto jmh = run_command({kTare, "export", "--format", "jmh", o.json_path});
  ASSERT_EQ(jmh.exit_code, 0) << jmh.err;
  bool found = false;
  for (const auto& b : Json::parse(jmh.out)) {
    const std::string full = b["benchmark"].get<std::string>() + (b.contains("params") ? "/size=3" : "");
    if (full != name) continue;
    found = true;
    EXPECT_DOUBLE_EQ(b["primaryMetric"]["scoreError"].get<double>(), e.half()) << name;
    EXPECT_DOUBLE_EQ(b["primaryMetric"]["scoreConfidence"][0].get<double>(), e.low) << name;
    EXPECT_DOUBLE_EQ(b["primaryMetric"]["scoreConfidence"][1].get<double>(), e.high) << name;
  }
  EXPECT_TRUE(found) << name << " not in the JMH export";

  const auto bmf = run_command({kTare, "export", "--format", "bmf", o.json_path});
  ASSERT_EQ(bmf.exit_code, 0) << bmf.err;
  const Json measures = Json::parse(bmf.out).at(name);
  const Json& measure = measures.contains("latency") ? measures["latency"] : measures["throughput"];
  EXPECT_DOUBLE_EQ(measure["lower_value"].get<double>(), std::min(e.low, e.score)) << name;
  EXPECT_DOUBLE_EQ(measure["upper_value"].get<double>(), std::max(e.high, e.score)) << name;

  const std::string direction = measures.contains("latency") ? "smaller" : "bigger";
  const auto action = run_command({kTare, "export", "--format", "github-action", "--direction", direction, o.json_path});
  ASSERT_EQ(action.exit_code, 0) << action.err;
  const Json entry = Json::parse(action.out).at(0);
  ASSERT_EQ(entry["name"], name);
  std::smatch m;
  const std::string range = entry["range"];
  ASSERT_TRUE(std::regex_match(range, m, std::regex("± ([0-9.]+) \\(95%, " + scope + "\\)"))) << range;
  EXPECT_NEAR(std::stod(m[1]), e.half(), e.half() * 1e-3) << range;  // four significant digits
  EXPECT_EQ(entry["extra"].get<std::string>().rfind("95% CI, " + scope + ": [", 0), 0u) << entry["extra"];

  const auto csv = run_command({kTare, "export", "--format", "csv", o.json_path});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  check_csv(csv.out, name, e, scope);
}

void check_everywhere(const Outputs& o, const std::string& key, const std::string& scope, const std::string& legend) {
  const auto report_path = (tare_e2e::scratch_dir() / "interval_report.html").string();
  const auto report = run_command({kTare, "report", o.json_path, "-o", report_path});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  const std::string page = tare_e2e::slurp(report_path);
  const std::string csv = tare_e2e::slurp(o.csv_path);
  bool console_shows_one = false;
  for (const std::string& name : kNames) {
    SCOPED_TRACE(name);
    const Expected e = expected_of(o, name, key);
    console_shows_one = check_console(o, name, e) || console_shows_one;
    check_csv(csv, name, e, scope);
    check_html(page, name, e, scope);
    check_exports(o, name, e, scope);
  }
  // The line under the table names the interval, when the table shows one.
  if (console_shows_one) EXPECT_NE(o.console.find("\n" + legend + "\n"), std::string::npos) << o.console;
  else EXPECT_EQ(o.console.find("± CI: "), std::string::npos) << o.console;
}

TEST(IntervalPolicy, AcrossRunsEverywhereOnceTheMachinesSpeedBetweenRunsIsKnown) {
  const Outputs o = run_once("across", known_history());
  check_everywhere(o, "ci_across_runs", "across runs",
                   "± CI: the 95% interval across runs: this run's forks and the machine's speed between runs (this "
                   "run's own interval: \"ci\" in the JSON)");
  // The other interval stays available, named: the report gives this run's own beside it.
  const auto report_path = (tare_e2e::scratch_dir() / "interval_report.html").string();
  EXPECT_NE(tare_e2e::slurp(report_path).find("this run's own, over its forks: ±"), std::string::npos);
  // Wider than this run's own: it adds the machine's speed between runs (the history's runs are 3% apart).
  for (const std::string& name : kNames) {
    const Expected e = expected_of(o, name, "ci_across_runs");
    EXPECT_GT(e.percent(), e.own_percent()) << name;
  }
}

TEST(IntervalPolicy, ThisRunsOwnEverywhereWhileTheMachinesSpeedIsUnknown) {
  const Outputs o = run_once("own", "off");
  EXPECT_TRUE(o.results["benchmarks"][0]["ci_across_runs"].is_null());
  check_everywhere(o, "ci", "this run only",
                   "± CI: the 95% interval of this run only, over its forks: the machine's speed between runs is not "
                   "known");
}

}  // namespace interval_test
