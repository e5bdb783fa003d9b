#include "ab/ab_listing.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "report/enum_names.hpp"
#include "runner/options.hpp"
#include "runner/worker_process.hpp"
#include "system/capture.hpp"

namespace tare::ab {
namespace {

using system::Captured;
using system::capture_output;

// A benchmark list longer than this is no list a binary of tare's writes (about 80,000
// benchmarks): the binary is flooding.
constexpr std::size_t kMaxListBytes = 16u << 20;

// Runs `binary --list-json` within the --timeout a worker gets for a reply (listing is a
// binary's first answer) and up to kMaxListBytes: a binary that hangs or floods while
// listing ends `tare ab` with one line naming it (exit 1), and leaves no process behind.
Captured capture_list(const std::string& binary, const std::vector<std::string>& args, double timeout_seconds) {
  const auto timeout = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(timeout_seconds));
  const Captured listed = capture_output(binary, args, {std::chrono::steady_clock::now() + timeout, kMaxListBytes});
  switch (listed.ending) {
    case Captured::Ending::not_started: throw runner::UsageError(listed.start_error);
    case Captured::Ending::deadline:
      throw std::runtime_error(
          fmt::format("{}: its --list-json did not finish within {:g} s (--timeout); killed", binary, timeout_seconds));
    case Captured::Ending::too_much_output:
      throw std::runtime_error(fmt::format(
          "{}: its --list-json wrote more than {} MiB, more than any benchmark list; killed", binary, kMaxListBytes >> 20));
    case Captured::Ending::interrupted:
      if (runner::interrupted()) throw runner::Interrupted();
      throw std::runtime_error(binary + ": its --list-json was interrupted by a signal; killed");
    case Captured::Ending::ended: break;
  }
  return listed;
}

}  // namespace

std::vector<Listed> list_benchmarks(const std::string& binary, const std::optional<std::string>& filter,
                                    double timeout_seconds) {
  struct stat info {};
  if (stat(binary.c_str(), &info) != 0) throw runner::UsageError(binary + ": no such file");
  std::vector<std::string> args{"--list-json"};
  if (filter) args.insert(args.end(), {"--filter", *filter});
  const Captured listed = capture_list(binary, args, timeout_seconds);
  const auto doc = nlohmann::json::parse(listed.output, nullptr, false);
  if (listed.exit_status != 0 || doc.is_discarded() || !doc.is_array()) {
    // The binary's own words say best what went wrong (a flag it does not take, a filter
    // that matched nothing, a crash at start-up).
    const std::string said = listed.errors.substr(0, listed.errors.find('\n'));
    if (said.empty()) throw runner::UsageError(binary + ": not a tare benchmark binary (its --list-json gave no benchmark list)");
    throw runner::UsageError(binary + ": its --list-json gave no benchmark list: " + said);
  }
  std::vector<Listed> benchmarks;
  for (const auto& entry : doc) {
    Listed b;
    b.name = entry.value("name", "");
    b.family = entry.value("family", "");
    b.mode = report::parse_mode(entry.value("mode", "avgt")).value_or(Mode::avgt);
    b.threads = entry.value("threads", 1);
    b.ops_per_invocation = entry.value("ops_per_invocation", std::uint64_t{1});
    if (const auto params = entry.find("params"); params != entry.end() && params->is_object())
      for (const auto& [key, value] : params->items()) b.params.emplace_back(key, value.get<std::string>());
    benchmarks.push_back(std::move(b));
  }
  return benchmarks;
}

std::vector<const Listed*> match_benchmarks(const std::vector<Listed>& base_list, const std::vector<Listed>& candidate_list,
                                            compare::CompareReport& report) {
  std::vector<const Listed*> common;
  for (const auto& b : base_list) {
    const bool shared = std::any_of(candidate_list.begin(), candidate_list.end(),
                                    [&](const Listed& c) { return c.name == b.name; });
    if (shared) common.push_back(&b);
    else report.only_in_base.push_back(b.name);
  }
  for (const auto& c : candidate_list)
    if (std::none_of(base_list.begin(), base_list.end(), [&](const Listed& b) { return b.name == c.name; }))
      report.only_in_candidate.push_back(c.name);
  return common;
}

runner::CallgrindTarget callgrind_target(const Listed& b) {
  runner::CallgrindTarget target;
  target.worker.benchmark = b.family;
  target.worker.params = b.params;
  target.worker.threads = b.threads;
  target.ops_per_invocation = b.ops_per_invocation;
  return target;
}

}  // namespace tare::ab
