#include "worker/protocol.hpp"

#include <stdexcept>

namespace tare::worker {

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

}  // namespace tare::worker
