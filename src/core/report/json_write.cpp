// Writing the `tare.results/1` document. Field order is fixed (ordered_json) so that two
// runs diff cleanly; the summary fields of a benchmark come before its bulky forks.
// print_json replaces invalid UTF-8 (an exception text from a crashed worker may hold any
// bytes): the document is always written, and always valid.
#include "report/json_write.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "report/enum_names.hpp"
#include "report/json_print.hpp"
#include "report/score_interval.hpp"
#include "report/warning_names.hpp"
#include "report/warning_words.hpp"

namespace tare::report {
namespace {

using Json = nlohmann::ordered_json;

// JSON has no NaN or infinity; null is the one value every parser accepts.
Json number(double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); }
Json number(const std::optional<double>& v) { return v ? number(*v) : Json(nullptr); }
// Empty text means "unknown" or "none" in the model; null says so in JSON.
Json text_or_null(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

Json strings(const std::vector<std::string>& items) {
  Json array = Json::array();
  for (const std::string& s : items) array.push_back(s);
  return array;
}

Json interval_json(const results::Interval& i) {
  return Json{{"level", number(i.level)}, {"low", number(i.low)}, {"high", number(i.high)}};
}
Json interval_json(const std::optional<results::Interval>& i) { return i ? interval_json(*i) : Json(nullptr); }
// Zero is the model's "not measured" for times that are always positive when measured.
Json positive_or_null(double v) { return v > 0 ? number(v) : Json(nullptr); }

Json sample_json(const results::Sample& s) {
  Json j;
  j["ops"] = s.ops;
  j["ns"] = number(s.ns);
  // Present only when measured, so a run without CPU time or counters stays compact.
  if (s.cpu_ns != 0) j["cpu_ns"] = number(s.cpu_ns);
  if (!s.counters.empty()) {
    Json counters = Json::array();
    for (const double v : s.counters) counters.push_back(number(v));
    j["counters"] = std::move(counters);
  }
  if (s.wait_ns >= 0) j["wait_ns"] = number(s.wait_ns);
  if (s.preemptions != 0) j["preemptions"] = s.preemptions;
  if (s.stolen_ns > 0) j["stolen_ns"] = number(s.stolen_ns);
  if (s.age_ns >= 0) j["age_ns"] = number(s.age_ns);
  if (s.overlap_ns >= 0) j["overlap_ns"] = number(s.overlap_ns);
  if (s.span_ns >= 0) j["span_ns"] = number(s.span_ns);
  return j;
}

Json samples_json(const std::vector<results::Sample>& samples) {
  Json array = Json::array();
  for (const results::Sample& s : samples) array.push_back(sample_json(s));
  return array;
}

// --prof perf: each counter's raw reading over the fork's measured samples, and their
// operations, so that a reader can scale and divide again.
Json perf_readings_json(const results::Fork& f) {
  Json readings = Json::array();
  for (const auto& r : f.perf_readings)
    readings.push_back(
        {{"event", r.event}, {"value", r.value}, {"enabled_ns", r.enabled_ns}, {"running_ns", r.running_ns}});
  return {{"ops", f.perf_ops}, {"readings", std::move(readings)}};
}

// --prof alloc: the counter's totals over the measured batches, from which the figures per
// operation follow.
Json allocations_json(const results::Allocations& counted) {
  return {{"ops", counted.ops},
          {"allocations", counted.allocations},
          {"frees", counted.frees},
          {"bytes", counted.bytes},
          {"peak_live_bytes", counted.peak_live_bytes}};
}

Json fork_json(const results::Fork& f) {
  Json j;
  j["pid"] = f.pid;
  if (!f.node.empty()) j["node"] = f.node;
  if (!f.slurm_step.empty()) j["slurm_step"] = f.slurm_step;
  j["status"] = f.ok ? "ok" : f.skipped.empty() ? "failed" : "skipped";
  j["error"] = text_or_null(f.error);
  if (!f.annotations.empty()) j["annotations"] = f.annotations;
  j["layout"] = {{"seed", f.layout.seed},
                 {"env_pad_bytes", f.layout.env_pad_bytes},
                 {"stack_offset_bytes", f.layout.stack_offset_bytes},
                 {"heap_offset_bytes", f.layout.heap_offset_bytes}};
  j["ops_per_sample"] = f.ops_per_sample;
  j["setup_ns"] = number(f.setup_ns);
  j["teardown_ns"] = number(f.teardown_ns);
  j["measured_ns"] = number(f.measured_ns);
  j["floor_ns_per_op"] = number(f.floor_ns_per_op);
  j["wall_ns"] = positive_or_null(f.wall_ns);
  j["reference_ns"] = {{"before", positive_or_null(f.reference_before_ns)},
                       {"after", positive_or_null(f.reference_after_ns)}};
  j["resources"] = {{"minor_faults", f.resources.minor_faults},
                    {"major_faults", f.resources.major_faults},
                    {"voluntary_switches", f.resources.voluntary_switches},
                    {"involuntary_switches", f.resources.involuntary_switches},
                    {"max_rss_kib", f.resources.max_rss_kib},
                    {"ops", f.resources.ops}};
  if (!f.perf_readings.empty()) j["perf"] = perf_readings_json(f);
  if (f.allocations) j["allocations"] = allocations_json(*f.allocations);
  Json changepoints = Json::array();
  for (const int c : f.changepoints) changepoints.push_back(c);
  j["steady_state"] = {{"class", steady_class_name(f.steady_class)},     {"first_index", f.steady_first_index},
                       {"changepoints", changepoints}, {"outliers", f.outliers},
                       {"lag1", number(f.lag1)},        {"dependent", f.dependent}};
  j["mean"] = number(f.mean);
  if (f.disturbed_samples >= 0) {
    j["disturbed_samples"] = f.disturbed_samples;
    j["all_samples_mean"] = number(f.all_samples_mean);
  }
  if (f.slow_start) {
    const results::SlowStart& s = *f.slow_start;
    j["slow_start"] = {{"horizon_ms", number(s.horizon_ms)},
                       {"warmup_ms", number(s.warmup_ms)},
                       {"slower", number(s.slower)},
                       {"near_horizon", s.near_horizon},
                       {"confirmed", s.confirmed ? Json(*s.confirmed) : Json(nullptr)}};
  }
  j["warmup"] = samples_json(f.warmup);
  j["samples"] = samples_json(f.samples);
  return j;
}

// Which benchmark, at which parameters, in which mode.
void add_identity(Json& j, const results::Benchmark& b) {
  j["name"] = b.name;
  j["family"] = b.family;
  j["group"] = b.group;
  Json params = Json::object();
  for (const auto& [key, value] : b.params) params[key] = value;
  j["params"] = std::move(params);
  j["mode"] = mode_name(b.mode);
  j["unit"] = b.unit;
  j["threads"] = b.threads;
  j["ops_per_invocation"] = b.ops_per_invocation;
}

// Where the spread between runs in ci_across_runs came from.
Json across_runs_json(const std::optional<results::AcrossRuns>& a) {
  if (!a) return nullptr;
  return Json{{"source", spread_source_name(a->source)},
              {"runs", a->runs},
              {"set_aside", a->set_aside},
              {"between_run_sd", number(a->between_run_sd)},
              {"own_sd", a->own_sd >= 0 ? number(a->own_sd) : Json(nullptr)},
              {"degrees_of_freedom", a->degrees_of_freedom > 0 ? number(a->degrees_of_freedom) : Json(nullptr)}};
}

// How it ended, its score and the score's uncertainty.
void add_estimates(Json& j, const results::Benchmark& b) {
  j["status"] = b.ok ? "ok" : b.skipped.empty() ? "failed" : "skipped";
  j["error"] = text_or_null(b.error);
  j["stop_reason"] = text_or_null(stop_reason_name(b.stop_reason));
  j["score"] = number(b.score);
  j["ci"] = interval_json(b.ci);
  j["ci_method"] = text_or_null(b.ci_method);
  j["ci_across_runs"] = interval_json(b.ci_across_runs);
  j["across_runs"] = across_runs_json(b.across_runs);
  // Which of the two the outputs show beside the score, by its key: a reader need not know the policy.
  const auto headline = headline_interval(b);
  j["headline_ci"] = headline ? Json(scope_key(headline->scope)) : Json(nullptr);
  j["median"] = number(b.median);
  j["median_ci"] = interval_json(b.median_ci);
  j["mad"] = number(b.mad);
  j["steady_state"] = text_or_null(b.steady_state);
  j["disturbed_share"] = number(b.disturbed_share);
  j["score_disturbed"] = b.score_disturbed;
  j["all_samples_score"] = number(b.all_samples_score);
  j["variance"] = {{"between_forks", number(b.between_fork_variance)},
                   {"within_fork", number(b.within_fork_variance)},
                   {"within_fork_method", text_or_null(b.within_fork_method)}};
}

Json bootstrap_json(const std::optional<results::Bootstrap>& bootstrap) {
  if (!bootstrap) return nullptr;
  return {{"resamples", bootstrap->resamples},
          {"block_length", bootstrap->block_length},
          {"mean", interval_json(bootstrap->mean)},
          {"median", interval_json(bootstrap->median)}};
}

Json outliers_json(const std::optional<results::Outliers>& outliers) {
  if (!outliers) return nullptr;
  const auto& o = *outliers;
  return {{"low_severe", o.low_severe},   {"low_mild", o.low_mild},
          {"high_mild", o.high_mild},     {"high_severe", o.high_severe},
          {"variance_fraction", number(o.variance_fraction)}, {"effect", o.effect}};
}

Json drift_json(const std::optional<results::Drift>& drift) {
  if (!drift) return nullptr;
  return {{"movement", number(drift->movement)},
          {"normalized_score", number(drift->normalized_score)},
          {"normalized_ci", interval_json(drift->normalized_ci)}};
}

Json relative_json(const std::optional<results::Relative>& relative) {
  if (!relative) return nullptr;
  return {{"baseline", relative->baseline}, {"ratio", number(relative->ratio)}, {"ci", interval_json(relative->ci)}};
}

// The profilers' figures (--prof): one object per figure, its mean and interval over forks.
Json profile_json(const std::vector<results::ProfileMetric>& profile) {
  Json metrics = Json::array();
  for (const auto& m : profile) {
    metrics.push_back({{"profiler", report::profiler_name(m.profiler)},
                       {"metric", m.name},
                       {"unit", m.unit},
                       {"mean", number(m.mean)},
                       {"ci", m.ci ? interval_json(m.ci) : Json(nullptr)},
                       {"forks", m.forks},
                       {"exact", m.exact}});
    if (m.time_counted) metrics.back()["time_counted"] = number(*m.time_counted);  // perf
  }
  return metrics;
}

Json elided_json(const results::AsmElided& elided, const char* counted) {
  return {{counted, elided.count}, {"share", number(elided.share)}};
}

// --prof asm: the hot code's listing, each instruction's share of the instructions counted.
Json hot_code_json(const std::optional<results::AsmProfile>& hot) {
  if (!hot) return nullptr;
  Json listing = Json::array();
  for (const auto& i : hot->listing)
    listing.push_back({{"address", i.address}, {"text", i.text}, {"source", i.source}, {"share", number(i.share)},
                       {"hot", i.hot}});
  Json others = Json::array();
  for (const auto& f : hot->other_functions)
    others.push_back({{"function", f.function}, {"object", f.object}, {"share", number(f.share)}});
  return {{"instructions", hot->instructions},
          {"function", hot->function},
          {"object", hot->object},
          {"function_share", number(hot->function_share)},
          {"optimized_away", hot->optimized_away},
          {"region",
           {{"instructions", hot->region.instructions}, {"share", number(hot->region.share)}, {"loop", hot->region.loop}}},
          {"listing", std::move(listing)},
          {"listing_cut", hot->listing_cut},
          {"listing_file", hot->listing_file.empty() ? Json(nullptr) : Json(hot->listing_file)},
          {"before", elided_json(hot->before, "instructions")},
          {"after", elided_json(hot->after, "instructions")},
          {"other_functions", std::move(others)},
          {"more_functions", elided_json(hot->more_functions, "functions")},
          {"rep_string_instructions", hot->rep_string_instructions}};
}

// What callgrind counted (--prof instructions): the batches' raw counts, from which the
// profile's per-operation figures are recomputed; null when nothing was counted.
Json instruction_counts_json(const std::optional<results::InstructionCounts>& counts) {
  if (!counts) return nullptr;
  const auto& rep = counts->rep_strings;
  return {{"invocations", counts->invocations},
          {"ops_per_invocation", counts->ops_per_invocation},
          {"body", {counts->body_n, counts->body_2n}},
          {"empty_loop", {counts->empty_n, counts->empty_2n}},
          {"rep_strings", rep ? Json::array({rep->n, rep->two_n}) : Json(nullptr)}};
}

// What the timed code is and where it sits (--prof instructions, --prof asm): null when the
// run did not find out.
Json code_json(const std::optional<results::CodeIdentity>& code) {
  if (!code) return nullptr;
  Json functions = Json::array();
  for (const auto& f : code->functions)
    functions.push_back({{"name", f.name}, {"digest", f.digest}, {"address", f.address}, {"instructions", f.instructions}});
  return {{"functions", std::move(functions)},
          {"hot_function", code->hot_function},
          {"hot_loop_address", code->hot_loop_address ? Json(*code->hot_loop_address) : Json(nullptr)},
          {"invocations", code->invocations},
          {"instructions", code->instructions}};
}

// What the estimates rest on, beyond the score: resampling, outliers, modes, drift, the
// baseline, per-call percentiles, the floor, counters.
void add_diagnostics(Json& j, const results::Benchmark& b) {
  j["bootstrap"] = bootstrap_json(b.bootstrap);
  j["outliers"] = outliers_json(b.outliers);
  Json modes = Json::array();
  for (const auto& m : b.modes) modes.push_back({{"mean", number(m.mean)}, {"forks", m.forks}});
  j["modes"] = std::move(modes);
  j["drift"] = drift_json(b.drift);
  j["relative"] = relative_json(b.relative);
  Json percentiles = Json::array();
  for (const auto& [p, ns] : b.percentiles) percentiles.push_back({{"p", number(p)}, {"ns", number(ns)}});
  j["percentiles"] = std::move(percentiles);
  j["floor_ns_per_op"] = number(b.floor_ns_per_op);
  j["timer_cost_ns_per_op"] = number(b.timer_cost_ns_per_op);
  // counter_names fixes the order of each sample's "counters" array; "secondary" holds
  // the per-operation values by name (empty when none were computed).
  j["counter_names"] = strings(b.counter_names);
  Json secondary = Json::object();
  for (std::size_t i = 0; i < b.counter_names.size() && i < b.counters_per_op.size(); ++i) {
    secondary[b.counter_names[i]] = number(b.counters_per_op[i]);
  }
  j["secondary"] = std::move(secondary);
  j["profile"] = profile_json(b.profile);
  j["instruction_counts"] = instruction_counts_json(b.instruction_counts);
  j["hot_code"] = hot_code_json(b.hot_code);
  j["code"] = code_json(b.code);
}

// The texts under "warnings" (the published field, one string each) and, in the same order,
// what scripts sort them by under "warning_codes".
void add_warnings(Json& j, const results::Benchmark& b) {
  Json texts = Json::array(), codes = Json::array();
  for (const results::Warning& w : b.warnings) {
    texts.push_back(warning_words(w, b.unit));
    codes.push_back(
        {{"code", warning_code_name(w.code)}, {"severity", severity_name(w.severity)}, {"acknowledged", w.acknowledged}});
  }
  j["warnings"] = std::move(texts);
  j["warning_codes"] = std::move(codes);
}

Json rate_json(const std::optional<results::Rate>& rate) {
  if (!rate) return nullptr;
  return {{"value", number(rate->value)}, {"ci", interval_json(rate->ci)}};
}

// Items and bytes per operation and per second, where the benchmark declares them (so that
// files of benchmarks without them read as before); a rate is null without a score.
void add_rates(Json& j, const results::Benchmark& b) {
  if (b.items_per_op > 0) {
    j["items_per_op"] = number(b.items_per_op);
    j["items_per_second"] = rate_json(b.items_per_second);
  }
  if (b.bytes_per_op > 0) {
    j["bytes_per_op"] = number(b.bytes_per_op);
    j["bytes_per_second"] = rate_json(b.bytes_per_second);
  }
}

Json benchmark_json(const results::Benchmark& b) {
  Json j;
  add_identity(j, b);
  add_estimates(j, b);
  add_rates(j, b);
  add_diagnostics(j, b);
  add_warnings(j, b);
  Json forks = Json::array();
  for (const results::Fork& f : b.forks) forks.push_back(fork_json(f));
  j["forks"] = std::move(forks);
  // The forks a profiler counted in (--prof alloc, --prof perf), apart: never scored.
  Json profiling = Json::array();
  for (const results::ProfilingFork& p : b.profiling_forks) {
    Json fork = {{"profiler", report::profiler_name(p.profiler)}};
    fork.update(fork_json(p.fork));
    profiling.push_back(std::move(fork));
  }
  j["profiling_forks"] = std::move(profiling);
  return j;
}

Json profiler_names(const std::vector<results::Profiler>& profilers) {
  Json names = Json::array();
  for (const auto profiler : profilers) names.push_back(report::profiler_name(profiler));
  return names;
}

// --prof perf: the events asked for, how far the kernel let them count, and those this
// machine could not count.
Json perf_context_json(const results::Context::Perf& perf) {
  Json unavailable = Json::array();
  for (const auto& [event, reason] : perf.unavailable) unavailable.push_back({{"event", event}, {"reason", reason}});
  return {{"events", strings(perf.events)},
          {"counting", perf.user_only ? "user" : "user+kernel"},
          {"perf_event_paranoid", perf.paranoid ? Json(*perf.paranoid) : Json(nullptr)},
          {"unavailable", std::move(unavailable)}};
}

// Whether the machine was ready to benchmark: each check's readiness and the state read.
Json system_states_json(const std::vector<results::SystemState>& states) {
  Json list = Json::array();
  for (const auto& s : states)
    list.push_back({{"check", report::system_check_name(s.check)},
                    {"readiness", report::readiness_name(s.readiness)},
                    {"state", text_or_null(s.state)}});
  return list;
}

Json context_json(const results::Context& c) {
  Json j;
  j["date"] = c.date;
  j["host"] = c.host;
  j["executable"] = c.executable;
  j["tare_version"] = c.tare_version;
  j["command_line"] = c.command_line;
  j["seed"] = c.seed;
  if (c.settings.max_forks > 0)
    j["settings"] = {{"forks", c.settings.min_forks},
                     {"max_forks", c.settings.max_forks},
                     {"budget_s", c.settings.budget_seconds},
                     {"target_ci_percent", c.settings.target_ci_percent},
                     {"measure_ms", c.settings.measure_ms},
                     {"warmup_max_ms", c.settings.warmup_max_ms},
                     {"steady_band_percent", c.settings.steady_band_percent},
                     {"timeout_s", c.settings.timeout_seconds},
                     {"profilers", profiler_names(c.settings.profilers)}};
  j["cpu"] = {{"model", c.cpu.model},
              {"cores", c.cpu.cores},
              {"scaling_governor", text_or_null(c.cpu.scaling_governor)},
              {"turbo", c.cpu.turbo ? Json(*c.cpu.turbo) : Json(nullptr)}};
  j["build"] = {{"compiler", c.build.compiler}, {"flags", c.build.flags}, {"type", c.build.type}, {"debug", c.build.debug}};
  // The model's "unknown" sentinels (tsc_ghz 0, aslr -1, load -1) become null.
  j["clock"] = {{"name", c.clock.name},
                {"resolution_ns", number(c.clock.resolution_ns)},
                {"overhead_ns", number(c.clock.overhead_ns)},
                {"tsc_ghz", c.clock.tsc_ghz > 0 ? number(c.clock.tsc_ghz) : Json(nullptr)},
                {"clocksource", text_or_null(c.clock.clocksource)}};
  j["aslr"] = c.aslr >= 0 ? Json(c.aslr) : Json(nullptr);
  j["load_average_1m"] = c.load_average_1m >= 0 ? number(c.load_average_1m) : Json(nullptr);
  j["busy_cores"] = c.busy_cores >= 0 ? number(c.busy_cores) : Json(nullptr);
  j["steal_share"] = c.steal_share >= 0 ? number(c.steal_share) : Json(nullptr);
  j["virtualization"] = text_or_null(c.virtualization);
  j["reference_ns"] = positive_or_null(c.reference_ns);
  j["drift"] = c.drift >= 0 ? number(c.drift) : Json(nullptr);
  j["between_runs"] = {{"runs", c.between_runs.runs},
                       {"relative_sd", c.between_runs.relative_sd >= 0 ? number(c.between_runs.relative_sd) : Json(nullptr)},
                       {"history", text_or_null(c.between_runs.history)}};
  j["warnings"] = strings(c.warnings);
  j["system"] = system_states_json(c.system);
  if (c.perf) j["perf"] = perf_context_json(*c.perf);
  return j;
}

}  // namespace

namespace detail {

nlohmann::ordered_json results_document(const results::Run& run) {
  Json doc;
  doc["schema"] = kResultsSchema;
  doc["context"] = context_json(run.context);
  Json benchmarks = Json::array();
  for (const results::Benchmark& b : run.benchmarks) benchmarks.push_back(benchmark_json(b));
  doc["benchmarks"] = std::move(benchmarks);
  return doc;
}

}  // namespace detail

void write_json(const results::Run& run, std::ostream& out) {
  detail::print_json(detail::results_document(run), out);
  out << '\n';
}

}  // namespace tare::report
