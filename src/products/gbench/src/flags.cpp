#include "flags.hpp"

#include <cctype>
#include <cstdlib>
#include <stdexcept>

#include "input/duration.hpp"
#include "input/number.hpp"
#include "tare/tare.hpp"

namespace tare::gbench {
namespace {

// tare's options that take a value; they pass through to the runner's own parser.
constexpr const char* kTareValueOptions[] = {"--forks",       "--max-forks", "--budget",  "--target-ci",
                                             "--measure-ms",  "--warmup-max-ms", "--steady-band",
                                             "--timeout",     "--json",      "--csv",     "--seed",      "--prof",
                                             "--history",     "--commit",    "--branch"};

// A repetition is a fork: as many as tare's --max-forks allows.
const input::Limits kRepetitions = input::whole_number<int>(1, 100000);
// Iterations per run for "--benchmark_min_time=<N>x" (Google Benchmark 1.8's form).
const input::Limits kMinIterations = input::whole_number<std::int64_t>(1, 1000000000000);

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// "--benchmark_x=value" or "--benchmark_x" (a boolean): the value, when the flag is `name`.
std::optional<std::string> flag_value(const std::string& arg, const std::string& name) {
  const std::string flag = "--benchmark_" + name;
  if (arg == flag) return std::string("true");
  if (starts_with(arg, flag + "=")) return arg.substr(flag.size() + 1);
  return std::nullopt;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Google Benchmark's spellings of a truth value (any case); a bare flag is true.
bool parse_bool(const std::string& flag, const std::string& value) {
  static const char* const kTrue[] = {"", "true", "yes", "on", "t", "y", "1"};
  static const char* const kFalse[] = {"false", "no", "off", "f", "n", "0"};
  const std::string v = lower(value);
  for (const char* t : kTrue)
    if (v == t) return true;
  for (const char* t : kFalse)
    if (v == t) return false;
  throw input::UsageError(flag + "=" + value + ": expected true or false (yes/no, on/off, 1/0)");
}

// --benchmark_color: "auto" (colour on a colour terminal) or a truth value; kept as "auto",
// "true" or "false". Older Google Benchmark documented "force" for true: accepted.
std::string parse_colour(const std::string& value) {
  const std::string v = lower(value);
  if (v == "auto") return "auto";
  if (v == "force") return "true";
  return parse_bool("--benchmark_color", value) ? "true" : "false";
}

// Durations in tare's one grammar ("0.5s", "500ms", a plain number of seconds as in Google
// Benchmark 1.7.1); a warmup may be 0 (its default), a measurement not.
double parse_seconds(const std::string& flag, const std::string& value, bool zero_allowed = false) {
  if (!zero_allowed) return input::parse_duration(value, flag, input::TimeUnit::seconds);
  input::Limits limits = input::duration_limits(input::TimeUnit::seconds);
  limits.low_open = false;
  return input::parse_quantity(value, flag,
                               {{"", 1}, {"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}, {"m", 60}, {"h", 3600}},
                               limits);
}

// --benchmark_min_time: a duration, or Google Benchmark 1.8's "<N>x", N iterations per run.
void parse_min_time(const std::string& value, Flags& f) {
  const std::string flag = "--benchmark_min_time";
  if (!value.empty() && value.back() == 'x') {
    f.min_iterations = input::parse_whole<std::int64_t>(value.substr(0, value.size() - 1), flag, kMinIterations);
    f.min_time_seconds.reset();
    return;
  }
  f.min_time_seconds = parse_seconds(flag, value);
  f.min_iterations.reset();
}

benchmark::TimeUnit parse_unit(const std::string& value) {
  if (value == "ns") return benchmark::kNanosecond;
  if (value == "us") return benchmark::kMicrosecond;
  if (value == "ms") return benchmark::kMillisecond;
  if (value == "s") return benchmark::kSecond;
  throw input::UsageError("--benchmark_time_unit=" + value + ": expected ns, us, ms or s");
}

std::string parse_format(const std::string& flag, const std::string& value) {
  if (value == "console" || value == "json" || value == "csv") return value;
  throw input::UsageError(flag + "=" + value + ": expected console, json or csv");
}

// Consumes argv[i] (and its value) when it is one of Google Benchmark's flags.
bool take_benchmark_flag(const std::string& arg, Flags& f) {
  if (auto v = flag_value(arg, "list_tests")) return f.list_tests = parse_bool("--benchmark_list_tests", *v), true;
  if (auto v = flag_value(arg, "filter")) return f.filter = *v, true;
  if (auto v = flag_value(arg, "min_time")) return parse_min_time(*v, f), true;
  if (auto v = flag_value(arg, "min_warmup_time"))
    return parse_seconds("--benchmark_min_warmup_time", *v, true), true;
  if (auto v = flag_value(arg, "repetitions"))
    return f.repetitions = input::parse_whole<int>(*v, "--benchmark_repetitions", kRepetitions), true;
  if (auto v = flag_value(arg, "enable_random_interleaving")) return parse_bool(arg, *v), true;  // tare always does
  if (auto v = flag_value(arg, "report_aggregates_only"))
    return f.report_aggregates_only = parse_bool("--benchmark_report_aggregates_only", *v), true;
  if (auto v = flag_value(arg, "display_aggregates_only"))
    return f.display_aggregates_only = parse_bool("--benchmark_display_aggregates_only", *v), true;
  if (auto v = flag_value(arg, "format")) return f.format = parse_format("--benchmark_format", *v), true;
  if (auto v = flag_value(arg, "out_format")) return f.out_format = parse_format("--benchmark_out_format", *v), true;
  if (auto v = flag_value(arg, "out")) return f.out = *v, true;
  if (auto v = flag_value(arg, "time_unit")) return f.time_unit = parse_unit(*v), true;
  if (auto v = flag_value(arg, "counters_tabular"))
    return f.counters_tabular = parse_bool("--benchmark_counters_tabular", *v), true;
  if (auto v = flag_value(arg, "color")) return f.color = parse_colour(*v), true;
  if (auto v = flag_value(arg, "perf_counters")) return true;
  if (auto v = flag_value(arg, "context")) {
    // key=value,key=value
    std::size_t start = 0;
    while (start <= v->size()) {
      const std::size_t comma = std::min(v->find(',', start), v->size());
      const std::string pair = v->substr(start, comma - start);
      const auto eq = pair.find('=');
      if (eq == std::string::npos) throw input::UsageError("--benchmark_context=" + *v + ": expected key=value pairs");
      benchmark::AddCustomContext(pair.substr(0, eq), pair.substr(eq + 1));
      start = comma + 1;
    }
    return true;
  }
  if (starts_with(arg, "--v="))
    return f.verbosity = input::parse_whole<int>(arg.substr(4), "--v", input::whole_number<int>()), true;
  return false;
}

// How the parent's --benchmark_min_time=<N>x reaches its worker processes.
constexpr const char* kIterationsVariable = "TARE_GBENCH_MIN_ITERATIONS";

}  // namespace

std::int64_t iterations_flag() {
  if (flags().min_iterations) return *flags().min_iterations;
  const char* inherited = std::getenv(kIterationsVariable);
  return inherited ? std::strtoll(inherited, nullptr, 10) : 0;
}

bool short_run(const Flags& f) {
  constexpr double kGoogleDefaultMinTime = 0.5;
  return f.min_time_seconds && *f.min_time_seconds < kGoogleDefaultMinTime && !f.repetitions;
}

Flags& flags() {
  static Flags f;
  return f;
}

void parse_flags(int* argc, char** argv) {
  Flags& f = flags();
  if (tare::is_worker(*argc, argv)) {
    // A worker takes the runner's arguments; Google Benchmark flags a main() adds to argv
    // itself (some append --benchmark_out) mean nothing to it.
    Flags ignored;
    f.worker_command = {argv[0], argv[1]};
    for (int i = 2; i < *argc; ++i)
      if (!take_benchmark_flag(argv[i], ignored)) f.worker_command.emplace_back(argv[i]);
    *argc = 1;
    return;
  }
  int kept = 1;
  for (int i = 1; i < *argc; ++i) {
    const std::string arg = argv[i];
    if (take_benchmark_flag(arg, f)) continue;
    if (arg == "--list-json") {
      f.list_json = true;
      continue;
    }
    if (arg == "--quiet") {  // tare's: no progress line
      f.tare_options.push_back(arg);
      continue;
    }
    // tare's own name for the filter (what `tare ab --filter` hands every binary): the same
    // regular expression over the names as --benchmark_filter.
    if (arg == "--filter" && i + 1 < *argc) {
      f.filter = argv[++i];
      continue;
    }
    if (starts_with(arg, "--filter=")) {
      f.filter = arg.substr(std::string("--filter=").size());
      continue;
    }
    bool tare_option = false;
    for (const char* option : kTareValueOptions) {
      if (arg == option && i + 1 < *argc) {
        f.tare_options.insert(f.tare_options.end(), {arg, argv[++i]});
        tare_option = true;
      } else if (starts_with(arg, std::string(option) + "=")) {
        f.tare_options.push_back(arg);
        tare_option = true;
      }
      if (tare_option) break;
    }
    if (!tare_option) argv[kept++] = argv[i];
  }
  *argc = kept;
  argv[kept] = nullptr;
  if (f.min_iterations) ::setenv(kIterationsVariable, std::to_string(*f.min_iterations).c_str(), 1);
}

}  // namespace tare::gbench
