#include "worker/protocol.hpp"

#include <charconv>
#include <cstdio>
#include <stdexcept>

namespace tare::worker {

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  while (start <= line.size()) {
    std::size_t end = line.find(' ', start);
    if (end == std::string_view::npos) end = line.size();
    if (end > start) words.push_back(line.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

namespace {
template <class T>
bool parse_number(std::string_view text, T& out) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

std::string format_double(double value) {
  char buffer[32];
  // %.17g round-trips every double; sample times are integers in practice and print short.
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}
}  // namespace

std::vector<std::string> to_args(const WorkerSpec& spec) {
  std::vector<std::string> args{"bench=" + spec.benchmark, "threads=" + std::to_string(spec.threads),
                                "tsc_ghz=" + format_double(spec.tsc_ghz),
                                "layout_seed=" + std::to_string(spec.layout_seed)};
  if (spec.occurrence != 0) args.push_back("occurrence=" + std::to_string(spec.occurrence));
  if (!spec.perf_events.empty()) args.push_back("perf=" + spec.perf_events);
  if (spec.count_allocations) args.push_back("alloc=1");
  if (spec.span_ns > 0) args.push_back("span_ns=" + format_double(spec.span_ns));
  if (spec.invocation_ns > 0) args.push_back("invocation_ns=" + format_double(spec.invocation_ns));
  for (const auto& [key, value] : spec.params) args.push_back("param:" + key + "=" + value);
  return args;
}

WorkerSpec parse_args(const std::vector<std::string>& args) {
  WorkerSpec spec;
  bool have_bench = false;
  for (const auto& arg : args) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("worker argument without '=': " + arg);
    const std::string key = arg.substr(0, eq);
    const std::string value = arg.substr(eq + 1);
    if (key == "bench") {
      spec.benchmark = value;
      have_bench = true;
    } else if (key == "threads") {
      if (!parse_number(value, spec.threads) || spec.threads < 1) throw std::invalid_argument("bad worker threads: " + value);
    } else if (key == "tsc_ghz") {
      if (!parse_number(value, spec.tsc_ghz)) throw std::invalid_argument("bad worker tsc_ghz: " + value);
    } else if (key == "layout_seed") {
      if (!parse_number(value, spec.layout_seed)) throw std::invalid_argument("bad worker layout_seed: " + value);
    } else if (key == "occurrence") {
      if (!parse_number(value, spec.occurrence) || spec.occurrence < 0)
        throw std::invalid_argument("bad worker occurrence: " + value);
    } else if (key == "perf") {
      if (value.empty()) throw std::invalid_argument("bad worker perf events: empty");
      spec.perf_events = value;
    } else if (key == "alloc") {
      if (value != "0" && value != "1") throw std::invalid_argument("bad worker alloc: " + value);
      spec.count_allocations = value == "1";
    } else if (key == "span_ns" || key == "invocation_ns") {
      double& field = key == "span_ns" ? spec.span_ns : spec.invocation_ns;
      if (!parse_number(value, field) || !(field >= 0)) throw std::invalid_argument("bad worker " + key + ": " + value);
    } else if (key.rfind("param:", 0) == 0) {
      spec.params.emplace_back(key.substr(6), value);
    } else {
      throw std::invalid_argument("unknown worker argument: " + arg);
    }
  }
  if (!have_bench) throw std::invalid_argument("worker arguments name no benchmark");
  return spec;
}

std::string format_sample(const results::Sample& sample) {
  std::string line = "s ";
  line.append(std::to_string(sample.ops)).append(" ").append(format_double(sample.ns));
  line.append(" ").append(format_double(sample.cpu_ns));
  line.append(" ").append(format_double(sample.wait_ns)).append(" ").append(std::to_string(sample.preemptions));
  line.append(" ").append(format_double(sample.stolen_ns)).append(" ").append(format_double(sample.age_ns));
  line.append(" ").append(format_double(sample.overlap_ns));
  for (double c : sample.counters) line.append(" ").append(format_double(c));
  return line;
}

std::optional<results::Sample> parse_sample(std::string_view line) {
  const auto words = split_words(line);
  if (words.size() < 9 || words[0] != "s") return std::nullopt;
  results::Sample sample;
  if (!parse_number(words[1], sample.ops) || !parse_number(words[2], sample.ns) || !parse_number(words[3], sample.cpu_ns) ||
      !parse_number(words[4], sample.wait_ns) || !parse_number(words[5], sample.preemptions) ||
      !parse_number(words[6], sample.stolen_ns) || !parse_number(words[7], sample.age_ns) ||
      !parse_number(words[8], sample.overlap_ns))
    return std::nullopt;
  for (std::size_t i = 9; i < words.size(); ++i) {
    double value = 0;
    if (!parse_number(words[i], value)) return std::nullopt;
    sample.counters.push_back(value);
  }
  return sample;
}

std::optional<Ready> parse_ready(std::string_view line) {
  const auto words = split_words(line);
  Ready ready;
  if (words.size() != 6 || words[0] != "ready" || !parse_number(words[1], ready.pid) ||
      !parse_number(words[2], ready.setup_ns) || !parse_number(words[3], ready.env_pad) ||
      !parse_number(words[4], ready.stack_offset) || !parse_number(words[5], ready.heap_offset))
    return std::nullopt;
  return ready;
}

std::optional<Finished> parse_finished(std::string_view line) {
  const auto words = split_words(line);
  Finished done;
  if (words.size() != 7 || words[0] != "t" || !parse_number(words[1], done.teardown_ns) ||
      !parse_number(words[2], done.resources.minor_faults) || !parse_number(words[3], done.resources.major_faults) ||
      !parse_number(words[4], done.resources.voluntary_switches) ||
      !parse_number(words[5], done.resources.involuntary_switches) || !parse_number(words[6], done.resources.max_rss_kib))
    return std::nullopt;
  return done;
}

std::string format_perf_counts(const PerfCounts& counts) {
  std::string line = "p ";
  line.append(std::to_string(counts.ops));
  for (const auto& r : counts.readings) {
    line.append(" ").append(std::to_string(r.value)).append(" ").append(std::to_string(r.enabled_ns));
    line.append(" ").append(std::to_string(r.running_ns));
  }
  return line;
}

std::optional<PerfCounts> parse_perf_counts(std::string_view line) {
  const auto words = split_words(line);
  PerfCounts counts;
  if (words.size() < 2 || (words.size() - 2) % 3 != 0 || words[0] != "p" || !parse_number(words[1], counts.ops))
    return std::nullopt;
  for (std::size_t i = 2; i < words.size(); i += 3) {
    results::CounterReading r;
    if (!parse_number(words[i], r.value) || !parse_number(words[i + 1], r.enabled_ns) ||
        !parse_number(words[i + 2], r.running_ns))
      return std::nullopt;
    counts.readings.push_back(r);
  }
  return counts;
}

std::string format_allocations(const results::Allocations& counted) {
  return "alloc " + std::to_string(counted.ops) + " " + std::to_string(counted.allocations) + " " +
         std::to_string(counted.frees) + " " + std::to_string(counted.bytes) + " " + std::to_string(counted.peak_live_bytes);
}

std::optional<results::Allocations> parse_allocations(std::string_view line) {
  const auto words = split_words(line);
  results::Allocations counted;
  if (words.size() != 6 || words[0] != "alloc" || !parse_number(words[1], counted.ops) ||
      !parse_number(words[2], counted.allocations) || !parse_number(words[3], counted.frees) ||
      !parse_number(words[4], counted.bytes) || !parse_number(words[5], counted.peak_live_bytes))
    return std::nullopt;
  return counted;
}

}  // namespace tare::worker
