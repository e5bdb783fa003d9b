// Reading a `tare.results/1` document back into the model. The fields of the published
// contract (docs/results.md, marked R) are required; fields added since are optional and default to the model's
// defaults, so documents from older writers still load. Unknown fields are ignored
// ("add fields freely").
#include "report/json_read.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "report/enum_names.hpp"
#include "report/json_field.hpp"
#include "report/json_parse.hpp"
#include "report/json_write.hpp"
#include "report/warning_names.hpp"

namespace tare::report {
namespace {

using detail::Field;

int to_int(const Field& f) {
  return static_cast<int>(f.integer(std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}
long to_long(const Field& f) {
  return static_cast<long>(f.integer(std::numeric_limits<long>::min(), std::numeric_limits<long>::max()));
}
std::uint32_t to_u32(const Field& f) {
  return static_cast<std::uint32_t>(f.integer(0, std::numeric_limits<std::uint32_t>::max()));
}

std::uint64_t unsigned_count(const Field& f) { return f.unsigned_integer(); }

std::vector<std::string> strings(const Field& f) {
  std::vector<std::string> items;
  for (const Field& item : f.elements()) items.push_back(item.text());
  return items;
}

// "ok" or "failed", nothing else: a typo must not silently turn a failure into a success.
// "ok", "failed" or "skipped" (the benchmark's own decision; its reason is the error).
std::string read_status(const Field& f) {
  const std::string status = f.text();
  if (status != "ok" && status != "failed" && status != "skipped")
    f.fail("expected \"ok\", \"failed\" or \"skipped\", got \"" + status + "\"");
  return status;
}

Mode read_mode(const Field& f) {
  const std::string name = f.text();
  const auto mode = parse_mode(name);
  if (!mode) f.fail("expected a mode (\"avgt\", \"thrpt\", \"sample\" or \"ss\"), got \"" + name + "\"");
  return *mode;
}

results::Profiler read_profiler(const Field& f) {
  const std::string name = f.text();
  const auto profiler = parse_profiler(name);
  if (!profiler) f.fail("expected a profiler (" + profiler_names() + "), got \"" + name + "\"");
  return *profiler;
}

results::SteadyClass read_steady_class(const Field& f) {
  const std::string name = f.text();
  const auto steady_class = parse_steady_class(name);
  if (!steady_class) f.fail("expected a steady-state class (\"flat\", \"warmup\", ...), got \"" + name + "\"");
  return *steady_class;
}

// Files of older versions named reasons this one no longer gives ("single-shot"): those
// read as no reason, which nothing after a run depends on.
results::StopReason read_stop_reason(const Field& f) {
  return parse_stop_reason(f.text_or_empty()).value_or(results::StopReason::none);
}

std::optional<results::Interval> read_interval(const Field& f) {
  if (f.is_null()) return std::nullopt;
  return results::Interval{f.at("level").number(), f.at("low").number(), f.at("high").number()};
}
std::optional<results::Interval> read_optional_interval(const Field& parent, std::string_view key) {
  if (auto f = parent.find(key)) return read_interval(*f);
  return std::nullopt;
}
// null for "not measured" reads back as the model's 0.
double positive_or_zero(const Field& f) { return f.optional_number().value_or(0); }

// Counts a division rests on (threads, operations per call): at least 1.
int positive_count(const Field& f) {
  const int v = to_int(f);
  if (v < 1) f.fail("expected a positive count, got " + std::to_string(v));
  return v;
}

// A score: absent (null) or a positive time or rate; zero or below would give confident
// verdicts on nonsense.
std::optional<double> positive_or_absent(const Field& f) {
  const auto v = f.optional_number();
  if (v && !(*v > 0)) f.fail("expected a positive number or null, got " + f.json().dump());
  return v;
}

void read_steady_state(const Field& steady, results::Fork& fork) {
  fork.steady_class = read_steady_class(steady.at("class"));
  fork.steady_first_index = to_int(steady.at("first_index"));
  if (auto v = steady.find("changepoints"))
    for (const Field& c : v->elements()) fork.changepoints.push_back(to_int(c));
  if (auto v = steady.find("outliers")) fork.outliers = to_int(*v);
  if (auto v = steady.find("lag1")) fork.lag1 = v->number();
  if (auto v = steady.find("dependent")) fork.dependent = v->boolean();
}

results::SlowStart read_slow_start(const Field& v) {
  results::SlowStart s;
  s.horizon_ms = v.at("horizon_ms").number();
  s.warmup_ms = v.at("warmup_ms").number();
  s.slower = v.at("slower").number();
  s.near_horizon = v.at("near_horizon").boolean();
  if (auto c = v.find("confirmed"); c && !c->is_null()) s.confirmed = c->boolean();
  return s;
}

void read_perf_readings(const Field& f, results::Fork& fork) {
  fork.perf_ops = f.at("ops").unsigned_integer();
  for (const Field& r : f.at("readings").elements())
    fork.perf_readings.push_back({r.at("event").text(), r.at("value").unsigned_integer(),
                                  r.at("enabled_ns").unsigned_integer(), r.at("running_ns").unsigned_integer()});
}

// --prof alloc's totals over a fork's measured batches.
results::Allocations read_allocations(const Field& f) {
  results::Allocations counted;
  counted.ops = f.at("ops").unsigned_integer();
  counted.allocations = f.at("allocations").unsigned_integer();
  counted.frees = f.at("frees").unsigned_integer();
  counted.bytes = f.at("bytes").unsigned_integer();
  counted.peak_live_bytes = f.at("peak_live_bytes").unsigned_integer();
  return counted;
}

results::Fork read_fork(const Field& f, detail::ResultsDocument& document) {
  results::Fork fork;
  fork.pid = to_int(f.at("pid"));
  if (auto node = f.find("node")) fork.node = node->text();
  if (auto step = f.find("slurm_step")) fork.slurm_step = step->text();
  const std::string status = f.find("status") ? read_status(f.at("status")) : "ok";
  fork.ok = status == "ok";
  if (auto error = f.find("error")) fork.error = error->text_or_empty();
  if (status == "skipped") fork.skipped = fork.error;
  if (auto annotations = f.find("annotations")) fork.annotations = annotations->text();
  if (auto layout = f.find("layout")) {
    fork.layout.seed = layout->at("seed").unsigned_integer();
    fork.layout.env_pad_bytes = to_u32(layout->at("env_pad_bytes"));
    fork.layout.stack_offset_bytes = to_u32(layout->at("stack_offset_bytes"));
    fork.layout.heap_offset_bytes = to_u32(layout->at("heap_offset_bytes"));
  }
  fork.ops_per_sample = f.at("ops_per_sample").unsigned_integer();
  if (auto v = f.find("setup_ns")) fork.setup_ns = v->number();
  if (auto v = f.find("teardown_ns")) fork.teardown_ns = v->number();
  if (auto v = f.find("measured_ns")) fork.measured_ns = v->number();
  if (auto v = f.find("floor_ns_per_op")) fork.floor_ns_per_op = v->number();
  if (auto v = f.find("wall_ns")) fork.wall_ns = positive_or_zero(*v);
  if (auto r = f.find("reference_ns")) {
    fork.reference_before_ns = positive_or_zero(r->at("before"));
    fork.reference_after_ns = positive_or_zero(r->at("after"));
  }
  if (auto r = f.find("resources")) {
    fork.resources.minor_faults = to_long(r->at("minor_faults"));
    fork.resources.major_faults = to_long(r->at("major_faults"));
    fork.resources.voluntary_switches = to_long(r->at("voluntary_switches"));
    fork.resources.involuntary_switches = to_long(r->at("involuntary_switches"));
    if (auto v = r->find("max_rss_kib")) fork.resources.max_rss_kib = to_long(*v);
    if (auto v = r->find("ops")) fork.resources.ops = v->unsigned_integer();
  }
  if (auto p = f.find("perf")) read_perf_readings(*p, fork);
  if (auto v = f.find("allocations")) fork.allocations = read_allocations(*v);
  read_steady_state(f.at("steady_state"), fork);
  // 0 is the model's "no mean" (a fork that failed before measuring); below 0 is nonsense.
  fork.mean = f.at("mean").number();
  if (fork.mean < 0) f.at("mean").fail("expected a positive number, got " + f.at("mean").json().dump());
  if (auto v = f.find("disturbed_samples")) fork.disturbed_samples = to_int(*v);
  if (auto v = f.find("all_samples_mean")) fork.all_samples_mean = v->optional_number();
  if (auto v = f.find("slow_start")) fork.slow_start = read_slow_start(*v);
  fork.warmup = detail::take_samples(f.at("warmup"), document);
  fork.samples = detail::take_samples(f.at("samples"), document);
  return fork;
}

// Counters per op live in "secondary" by name; "counter_names" (when present) gives their
// order and lets a benchmark have names but no per-op values yet.
void read_counters(const Field& f, results::Benchmark& b) {
  const auto secondary = f.at("secondary").members();
  if (auto names = f.find("counter_names")) {
    b.counter_names = strings(*names);
  } else {
    for (const auto& [name, value] : secondary) b.counter_names.push_back(name);
  }
  if (secondary.empty()) return;
  for (const auto& [name, value] : secondary) {
    if (std::find(b.counter_names.begin(), b.counter_names.end(), name) == b.counter_names.end()) {
      value.fail("not one of counter_names");
    }
  }
  for (const std::string& name : b.counter_names) {
    const auto it = std::find_if(secondary.begin(), secondary.end(), [&](const auto& m) { return m.first == name; });
    if (it == secondary.end()) f.at("secondary").fail("missing counter \"" + name + "\"");
    b.counters_per_op.push_back(it->second.number());
  }
}

// Which benchmark, at which parameters, in which mode.
void read_identity(const Field& f, results::Benchmark& b) {
  b.family = f.at("family").text();
  if (auto group = f.find("group")) b.group = group->text();
  for (const auto& [key, value] : f.at("params").members()) b.params.emplace_back(key, value.text());
  b.mode = read_mode(f.at("mode"));
  b.unit = f.at("unit").text();
  b.threads = positive_count(f.at("threads"));
  if (auto v = f.find("ops_per_invocation")) b.ops_per_invocation = static_cast<std::uint64_t>(positive_count(*v));
}

// Files written before a benchmark's own history counted have no "across_runs": their
// spread between runs was the machine's speed, which the context keeps.
std::optional<results::AcrossRuns> read_across_runs(const Field& f) {
  if (f.is_null()) return std::nullopt;
  results::AcrossRuns a;
  const Field source = f.at("source");
  const std::string name = source.text();
  const auto parsed = parse_spread_source(name);
  if (!parsed) source.fail("expected \"machine speed\", \"shrunk\" or \"own history\", got \"" + name + "\"");
  a.source = *parsed;
  a.runs = to_int(f.at("runs"));
  if (auto v = f.find("set_aside")) a.set_aside = to_int(*v);
  a.between_run_sd = f.at("between_run_sd").number();
  if (auto v = f.find("own_sd")) a.own_sd = v->optional_number().value_or(-1);
  if (auto v = f.find("degrees_of_freedom")) a.degrees_of_freedom = v->optional_number().value_or(0);
  return a;
}

// How it ended, its score and the score's uncertainty.
void read_estimates(const Field& f, results::Benchmark& b) {
  const std::string status = read_status(f.at("status"));
  b.ok = status == "ok";
  b.error = f.at("error").text_or_empty();
  if (status == "skipped") b.skipped = b.error;
  if (auto v = f.find("stop_reason")) b.stop_reason = read_stop_reason(*v);
  b.score = positive_or_absent(f.at("score"));
  b.ci = read_interval(f.at("ci"));
  if (auto v = f.find("ci_method")) b.ci_method = v->text_or_empty();
  b.median = f.at("median").optional_number();
  b.median_ci = read_optional_interval(f, "median_ci");
  b.ci_across_runs = read_optional_interval(f, "ci_across_runs");
  if (auto v = f.find("across_runs")) b.across_runs = read_across_runs(*v);
  if (auto v = f.find("mad")) b.mad = v->optional_number();
  if (auto v = f.find("steady_state")) b.steady_state = v->text_or_empty();
  if (auto v = f.find("disturbed_share")) b.disturbed_share = v->optional_number();
  if (auto v = f.find("score_disturbed")) b.score_disturbed = v->boolean();
  if (auto v = f.find("all_samples_score")) b.all_samples_score = v->optional_number();
  const Field variance = f.at("variance");
  b.between_fork_variance = variance.at("between_forks").optional_number();
  b.within_fork_variance = variance.at("within_fork").optional_number();
  if (auto v = variance.find("within_fork_method")) b.within_fork_method = v->text_or_empty();
}

results::Bootstrap read_bootstrap(const Field& v) {
  results::Bootstrap boot;
  boot.resamples = to_int(v.at("resamples"));
  boot.block_length = to_int(v.at("block_length"));
  boot.mean = read_interval(v.at("mean")).value_or(results::Interval{});
  boot.median = read_interval(v.at("median")).value_or(results::Interval{});
  return boot;
}

results::Outliers read_outliers(const Field& v) {
  results::Outliers o;
  o.low_severe = to_int(v.at("low_severe"));
  o.low_mild = to_int(v.at("low_mild"));
  o.high_mild = to_int(v.at("high_mild"));
  o.high_severe = to_int(v.at("high_severe"));
  o.variance_fraction = v.at("variance_fraction").number();
  o.effect = v.at("effect").text();
  return o;
}

results::Drift read_drift(const Field& v) {
  results::Drift d;
  d.movement = v.at("movement").number();
  d.normalized_score = v.at("normalized_score").optional_number();
  d.normalized_ci = read_interval(v.at("normalized_ci"));
  return d;
}

results::Relative read_relative(const Field& v) {
  results::Relative r;
  r.baseline = v.at("baseline").text();
  r.ratio = v.at("ratio").number();
  r.ci = read_interval(v.at("ci")).value_or(results::Interval{});
  return r;
}

results::ProfileMetric read_profile_metric(const Field& f) {
  results::ProfileMetric m;
  m.profiler = read_profiler(f.at("profiler"));
  m.name = f.at("metric").text();
  m.unit = f.at("unit").text();
  // null: an event perf never counted (no mean, which is not zero).
  m.mean = f.at("mean").optional_number().value_or(std::numeric_limits<double>::quiet_NaN());
  m.ci = read_interval(f.at("ci"));
  m.forks = to_int(f.at("forks"));
  if (auto v = f.find("time_counted")) m.time_counted = v->number();
  if (auto v = f.find("exact")) m.exact = v->boolean();
  return m;
}

results::AsmElided read_elided(const Field& f, const char* counted) {
  return {to_int(f.at(counted)), f.at("share").number()};
}

results::AsmProfile read_hot_code(const Field& f) {
  results::AsmProfile hot;
  hot.instructions = f.at("instructions").unsigned_integer();
  hot.function = f.at("function").text();
  hot.object = f.at("object").text();
  hot.function_share = f.at("function_share").number();
  hot.optimized_away = f.at("optimized_away").boolean();
  if (auto region = f.find("region")) {  // absent in older files
    hot.region.instructions = to_int(region->at("instructions"));
    hot.region.share = region->at("share").number();
    hot.region.loop = region->at("loop").boolean();
  }
  for (const Field& i : f.at("listing").elements())
    hot.listing.push_back({i.at("address").unsigned_integer(), i.at("text").text(), i.at("source").text(),
                           i.at("share").number(), i.at("hot").boolean()});
  hot.before = read_elided(f.at("before"), "instructions");
  hot.after = read_elided(f.at("after"), "instructions");
  if (auto cut = f.find("listing_cut")) hot.listing_cut = cut->boolean();
  if (auto file = f.find("listing_file"); file && !file->is_null()) hot.listing_file = file->text();
  for (const Field& o : f.at("other_functions").elements())
    hot.other_functions.push_back({o.at("function").text(), o.at("object").text(), o.at("share").number()});
  hot.more_functions = read_elided(f.at("more_functions"), "functions");
  if (auto rep = f.find("rep_string_instructions")) hot.rep_string_instructions = rep->unsigned_integer();
  return hot;
}

// Batches of N and 2N invocations: [count of N, count of 2N].
std::pair<std::uint64_t, std::uint64_t> read_count_pair(const Field& f) {
  const auto pair = f.elements();
  if (pair.size() != 2) f.fail("expected two counts (batches of N and 2N invocations)");
  return {unsigned_count(pair[0]), unsigned_count(pair[1])};
}

results::InstructionCounts read_instruction_counts(const Field& f) {
  results::InstructionCounts counts;
  counts.invocations = unsigned_count(f.at("invocations"));
  counts.ops_per_invocation = unsigned_count(f.at("ops_per_invocation"));
  std::tie(counts.body_n, counts.body_2n) = read_count_pair(f.at("body"));
  std::tie(counts.empty_n, counts.empty_2n) = read_count_pair(f.at("empty_loop"));
  if (auto rep = f.find("rep_strings"); rep && !rep->is_null()) {  // absent in older files
    const auto [n, two_n] = read_count_pair(*rep);
    counts.rep_strings = {{n, two_n}};
  }
  return counts;
}

results::CodeIdentity read_code(const Field& f) {
  results::CodeIdentity code;
  for (const Field& function : f.at("functions").elements())
    code.functions.push_back({function.at("name").text(), function.at("digest").text(),
                              function.at("address").unsigned_integer(), function.at("instructions").unsigned_integer()});
  code.hot_function = f.at("hot_function").text();
  if (const Field& loop = f.at("hot_loop_address"); !loop.is_null()) code.hot_loop_address = loop.unsigned_integer();
  code.invocations = f.at("invocations").unsigned_integer();
  code.instructions = f.at("instructions").unsigned_integer();
  return code;
}

// What the estimates rest on, beyond the score (all of it optional in older files).
void read_diagnostics(const Field& f, results::Benchmark& b) {
  if (auto v = f.find("bootstrap"); v && !v->is_null()) b.bootstrap = read_bootstrap(*v);
  if (auto v = f.find("outliers"); v && !v->is_null()) b.outliers = read_outliers(*v);
  if (auto v = f.find("modes"))
    for (const Field& m : v->elements()) b.modes.push_back({m.at("mean").number(), to_int(m.at("forks"))});
  if (auto v = f.find("drift"); v && !v->is_null()) b.drift = read_drift(*v);
  if (auto v = f.find("relative"); v && !v->is_null()) b.relative = read_relative(*v);
  if (auto percentiles = f.find("percentiles")) {
    for (const Field& p : percentiles->elements()) b.percentiles.emplace_back(p.at("p").number(), p.at("ns").number());
  }
  if (auto v = f.find("floor_ns_per_op")) b.floor_ns_per_op = v->number();
  if (auto v = f.find("timer_cost_ns_per_op")) b.timer_cost_ns_per_op = v->number();
  if (auto v = f.find("profile"))
    for (const Field& m : v->elements()) b.profile.push_back(read_profile_metric(m));
  if (auto v = f.find("instruction_counts"); v && !v->is_null()) b.instruction_counts = read_instruction_counts(*v);
  if (auto v = f.find("hot_code"); v && !v->is_null()) b.hot_code = read_hot_code(*v);
  if (auto v = f.find("code"); v && !v->is_null()) b.code = read_code(*v);
}

// The texts, with their codes when the file has them. A file from before codes, or another
// producer, gives unclassified cautions; a code this tare does not know (a newer one's) is
// read as unclassified too, keeping its severity, rather than refusing the file.
std::vector<results::Warning> read_warnings(const Field& benchmark) {
  std::vector<results::Warning> warnings;
  // Read back as words: the file keeps the sentences, not the facts behind them.
  for (const std::string& text : strings(benchmark.at("warnings"))) warnings.emplace_back().text = text;
  const auto codes = benchmark.find("warning_codes");
  if (!codes || codes->is_null()) return warnings;
  const auto elements = codes->elements();
  if (elements.size() != warnings.size()) codes->fail("expected one entry per warning");
  for (std::size_t i = 0; i < elements.size(); ++i) {
    results::Warning& w = warnings[i];
    w.code = parse_warning_code(elements[i].at("code").text()).value_or(results::WarningCode::unclassified);
    const std::string severity = elements[i].at("severity").text();
    const auto parsed = parse_severity(severity);
    if (!parsed) elements[i].at("severity").fail("expected \"unusable\", \"caution\" or \"note\", got \"" + severity + "\"");
    w.severity = *parsed;
    if (auto a = elements[i].find("acknowledged")) w.acknowledged = a->boolean();
  }
  return warnings;
}

std::optional<results::Rate> read_rate(const Field& f) {
  if (f.is_null()) return std::nullopt;
  return results::Rate{f.at("value").number(), read_interval(f.at("ci"))};
}

// Present only where the benchmark declared items or bytes per operation.
void read_rates(const Field& f, results::Benchmark& b) {
  if (auto v = f.find("items_per_op")) b.items_per_op = v->number();
  if (auto v = f.find("bytes_per_op")) b.bytes_per_op = v->number();
  if (auto v = f.find("items_per_second")) b.items_per_second = read_rate(*v);
  if (auto v = f.find("bytes_per_second")) b.bytes_per_second = read_rate(*v);
}

results::Benchmark read_benchmark(const Field& unnamed, detail::ResultsDocument& document) {
  results::Benchmark b;
  b.name = unnamed.at("name").text();
  // Errors name the benchmark as well as its place: "benchmarks[3] (sort/size=16).threads".
  const Field f(unnamed.json(), unnamed.path() + " (" + b.name + ")");
  read_identity(f, b);
  read_estimates(f, b);
  read_rates(f, b);
  read_diagnostics(f, b);
  read_counters(f, b);
  b.warnings = read_warnings(f);
  for (const Field& fork : f.at("forks").elements()) b.forks.push_back(read_fork(fork, document));
  if (auto v = f.find("profiling_forks"))
    for (const Field& fork : v->elements())
      b.profiling_forks.push_back({read_profiler(fork.at("profiler")), read_fork(fork, document)});
  return b;
}

results::Context::Settings read_settings(const Field& s) {
  results::Context::Settings settings;
  settings.min_forks = to_int(s.at("forks"));
  settings.max_forks = to_int(s.at("max_forks"));
  settings.budget_seconds = s.at("budget_s").number();
  settings.target_ci_percent = s.at("target_ci_percent").number();
  settings.measure_ms = s.at("measure_ms").number();
  settings.warmup_max_ms = s.at("warmup_max_ms").number();
  settings.steady_band_percent = s.at("steady_band_percent").number();
  settings.timeout_seconds = s.at("timeout_s").number();
  if (auto names = s.find("profilers"))
    for (const Field& name : names->elements()) settings.profilers.push_back(read_profiler(name));
  return settings;
}

results::Context::Cpu read_cpu(const Field& cpu) {
  results::Context::Cpu c;
  c.model = cpu.at("model").text();
  c.cores = to_int(cpu.at("cores"));
  if (auto v = cpu.find("scaling_governor")) c.scaling_governor = v->text_or_empty();
  if (auto v = cpu.find("turbo"); v && !v->is_null()) c.turbo = v->boolean();
  return c;
}

results::Context::Build read_build(const Field& build) {
  results::Context::Build b;
  b.compiler = build.at("compiler").text();
  b.flags = build.at("flags").text();
  if (auto v = build.find("type")) b.type = v->text();
  b.debug = build.at("debug").boolean();
  return b;
}

results::Context::Clock read_clock(const Field& clock) {
  results::Context::Clock c;
  c.name = clock.at("name").text();
  c.resolution_ns = clock.at("resolution_ns").number();
  c.overhead_ns = clock.at("overhead_ns").number();
  // null is how the writer says "unknown": back to the model's sentinels.
  if (auto v = clock.find("tsc_ghz")) c.tsc_ghz = v->optional_number().value_or(0);
  if (auto v = clock.find("clocksource")) c.clocksource = v->text_or_empty();
  return c;
}

results::Context::Perf read_perf_context(const Field& f) {
  results::Context::Perf perf;
  perf.events = strings(f.at("events"));
  perf.user_only = f.at("counting").text() == "user";
  if (auto v = f.at("perf_event_paranoid"); !v.is_null()) perf.paranoid = to_int(v);
  for (const Field& u : f.at("unavailable").elements()) perf.unavailable.emplace_back(u.at("event").text(), u.at("reason").text());
  return perf;
}

std::vector<results::SystemState> read_system_states(const Field& f) {
  std::vector<results::SystemState> states;
  for (const Field& s : f.elements()) {
    results::SystemState state;
    const Field check = s.at("check"), readiness = s.at("readiness");
    const auto known_check = report::parse_system_check(check.text());
    if (!known_check) check.fail("unknown system check \"" + check.text() + "\"");
    const auto known_readiness = report::parse_readiness(readiness.text());
    if (!known_readiness) readiness.fail("unknown readiness \"" + readiness.text() + "\"");
    state.check = *known_check;
    state.readiness = *known_readiness;
    state.state = s.at("state").text_or_empty();
    states.push_back(std::move(state));
  }
  return states;
}

results::Context read_context(const Field& f) {
  results::Context c;
  c.date = f.at("date").text();
  c.host = f.at("host").text();
  c.executable = f.at("executable").text();
  c.tare_version = f.at("tare_version").text();
  if (auto v = f.find("command_line")) c.command_line = v->text();
  if (auto v = f.find("seed")) c.seed = v->unsigned_integer();
  if (auto s = f.find("settings")) c.settings = read_settings(*s);
  c.cpu = read_cpu(f.at("cpu"));
  c.build = read_build(f.at("build"));
  c.clock = read_clock(f.at("clock"));
  if (auto v = f.find("aslr"); v && !v->is_null()) c.aslr = to_int(*v);
  if (auto v = f.find("load_average_1m")) c.load_average_1m = v->optional_number().value_or(-1);
  if (auto v = f.find("busy_cores")) c.busy_cores = v->optional_number().value_or(-1);
  if (auto v = f.find("steal_share")) c.steal_share = v->optional_number().value_or(-1);
  if (auto v = f.find("virtualization")) c.virtualization = v->text_or_empty();
  if (auto v = f.find("reference_ns")) c.reference_ns = positive_or_zero(*v);
  if (auto v = f.find("drift")) c.drift = v->optional_number().value_or(-1);
  if (auto v = f.find("between_runs")) {
    if (auto runs = v->find("runs")) c.between_runs.runs = to_int(*runs);
    if (auto sd = v->find("relative_sd")) c.between_runs.relative_sd = sd->optional_number().value_or(-1);
    if (auto history = v->find("history")) c.between_runs.history = history->text_or_empty();
  }
  c.warnings = strings(f.at("warnings"));
  if (auto v = f.find("system")) c.system = read_system_states(*v);
  if (auto v = f.find("perf")) c.perf = read_perf_context(*v);
  return c;
}

}  // namespace

results::Run read_json(std::istream& in) {
  detail::ResultsDocument document = detail::parse_results_document(in);
  const detail::Json& doc = document.root;
  const Field root(doc, "");
  if (!doc.is_object()) root.fail(std::string("expected an object, got ") + doc.type_name());
  const std::string schema = root.at("schema").text();
  if (schema != kResultsSchema) {
    root.at("schema").fail("unsupported schema \"" + schema + "\" (expected \"" + kResultsSchema + "\")");
  }

  results::Run run;
  try {
    run.context = read_context(root.at("context"));
    for (const Field& b : root.at("benchmarks").elements()) run.benchmarks.push_back(read_benchmark(b, document));
  } catch (const nlohmann::json::exception& e) {
    // Every access is type-checked first; this is a safety net, still one line.
    throw std::runtime_error("results JSON: " + detail::one_line(e.what()));
  }
  return run;
}

}  // namespace tare::report
