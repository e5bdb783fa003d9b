#include "flags.hpp"

#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "input/number.hpp"
#include "worker/protocol.hpp"

namespace tare::gbench {
namespace {

// tare's options that take a value; they pass through to the runner's own parser.
constexpr const char* kTareValueOptions[] = {"--forks",       "--max-forks", "--budget",  "--target-ci",
                                             "--measure-ms",  "--warmup-max-ms", "--steady-band",
                                             "--timeout",     "--json",      "--csv",     "--seed"};

// A repetition is a fork: as many as tare's --max-forks allows.
const input::Limits kRepetitions = input::whole_number<int>(1, 100000);

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// "--benchmark_x=value" or "--benchmark_x" (a boolean): the value, when the flag is `name`.
std::optional<std::string> flag_value(const std::string& arg, const std::string& name) {
  const std::string flag = "--benchmark_" + name;
  if (arg == flag) return std::string("true");
  if (starts_with(arg, flag + "=")) return arg.substr(flag.size() + 1);
  return std::nullopt;
}

bool parse_bool(const std::string& flag, const std::string& value) {
  if (value == "true" || value == "1" || value == "yes" || value == "") return true;
  if (value == "false" || value == "0" || value == "no") return false;
  throw input::UsageError(flag + "=" + value + ": expected true or false");
}

// Google Benchmark 1.8 writes "0.5s"; a warmup may be 0 (its default), a measurement not.
double parse_seconds(const std::string& flag, const std::string& value, bool zero_allowed = false) {
  const input::Limits limits{0, input::kWeekSeconds, !zero_allowed, false, false, "a number of seconds"};
  return input::parse_quantity(value, flag, {{"", 1}, {"s", 1}}, limits);
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
  if (auto v = flag_value(arg, "min_time")) return f.min_time_seconds = parse_seconds("--benchmark_min_time", *v), true;
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
  if (auto v = flag_value(arg, "color")) {
    if (*v != "auto") parse_bool("--benchmark_color", *v);
    return f.color = *v, true;
  }
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

}  // namespace

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
  if (*argc >= 2 && std::strcmp(argv[1], worker::kWorkerFlag) == 0) {
    // A worker takes the runner's arguments; Google Benchmark flags a main() adds to argv
    // itself (some append --benchmark_out) mean nothing to it.
    Flags ignored;
    for (int i = 2; i < *argc; ++i)
      if (!take_benchmark_flag(argv[i], ignored)) f.worker_args.emplace_back(argv[i]);
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
}

}  // namespace tare::gbench
