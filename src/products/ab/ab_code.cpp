#include "ab/ab_code.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <stdexcept>

#include "ab/identical_files.hpp"
#include "runner/timed_code.hpp"
#include "runner/launcher.hpp"
#include "system/find_on_path.hpp"

namespace tare::ab {

bool identical_builds(const std::vector<std::string>& base, const std::vector<std::string>& candidate) {
  if (base.empty() || base.size() != candidate.size()) return false;
  for (std::size_t k = 0; k < base.size(); ++k)
    if (!identical_files(base[k], candidate[k])) return false;
  return true;
}

namespace {

// The two sides' code, counted alike. The base calibrates the batch (under callgrind: a
// number of samples that depends on time) and the new build takes one uncounted batch of
// it; a benchmark whose calls depend on what earlier calls left (a cursor through a table)
// then executes other instructions in the same code. Where the two differ in anything,
// the base is counted again exactly as the new build was, and that decides.
compare::CodeMatch counted_alike(runner::CallgrindTarget target, const runner::HotCodeTools& tools,
                                 const PairBinaries& binaries, double timeout_seconds) {
  target.executable = binaries.base;
  const results::CodeIdentity calibrated = runner::identify_timed_code(target, tools, timeout_seconds);
  const std::uint64_t batch = calibrated.invocations;
  target.executable = binaries.candidate;
  const results::CodeIdentity candidate = runner::identify_timed_code(target, tools, timeout_seconds, batch);
  compare::CodeMatch match = compare::match_code(calibrated, candidate);
  if (match.same) return match;
  target.executable = binaries.base;
  return compare::match_code(runner::identify_timed_code(target, tools, timeout_seconds, batch), candidate);
}

}  // namespace

std::optional<runner::HotCodeTools> find_code_tools(std::vector<std::string>& notes) {
  const auto valgrind = runner::find_valgrind();
  const auto objdump = system::find_on_path("objdump");
  if (valgrind && objdump) return runner::HotCodeTools{*valgrind, *objdump};
  notes.push_back(fmt::format(
      "the builds' timed code was not compared (needs {}: apt-get install {}), so a difference of a few percent may be "
      "where the linker put unchanged code",
      !valgrind && !objdump ? "valgrind and objdump" : !valgrind ? "valgrind" : "objdump",
      !valgrind && !objdump ? "valgrind binutils" : !valgrind ? "valgrind" : "binutils"));
  return std::nullopt;
}

void check_timed_code(const runner::HotCodeTools& tools, const PairBinaries& binaries, const Listed& b,
                      double timeout_seconds, compare::CompareRow& row, std::vector<std::string>& notes) {
  if (b.threads != 1) {
    notes.push_back(fmt::format("{}: its timed code was not compared (callgrind counts one thread's loop, and it runs {})",
                                b.name, b.threads));
    return;
  }
  try {
    row.code = counted_alike(callgrind_target(b), tools, binaries, timeout_seconds);
  } catch (const runner::Interrupted&) {
    throw;
  } catch (const runner::BenchmarkSkipped& skipped) {
    notes.push_back(fmt::format("{}: its timed code was not compared: it skipped itself under callgrind ({})", b.name,
                                skipped.what()));
  } catch (const std::runtime_error& e) {  // WorkerFailure, and what objdump or the files say
    notes.push_back(fmt::format("{}: its timed code was not compared: {}", b.name, e.what()));
  }
}

}  // namespace tare::ab
