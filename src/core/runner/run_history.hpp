// The history a benchmark run reads before it judges its interval across runs and records
// itself to at its end (results/store.hpp): chosen by --history, $TARE_HISTORY or the
// default place, opened before anything is measured, and kept with what the results do not
// say: the source's commit and branch (--commit, --branch, else git's where the executable
// sits in a checkout) and the kernel.
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include "results/results.hpp"
#include "results/store.hpp"
#include "runner/options.hpp"
#include "store/run_rows.hpp"

namespace tare::runner {

/// The history the options choose, opened; nullptr when none is kept. Throws UsageError
/// (exit 2) naming a file that is no usable history, before anything is measured.
std::unique_ptr<results::RunHistory> open_run_history(const RunOptions& options, const std::string& executable);

/// The run's origin: --commit and --branch, else git's for the executable's folder; the
/// kernel's release.
store::RunOrigin run_origin(const RunOptions& options, const std::string& executable);

/// Records `run` in `history`; when the history cannot take it (read-only, a full disk),
/// says so in one line on `err`: the run, its files and its exit status are unaffected.
void record_in_history(results::RunHistory& history, const results::Run& run, std::ostream& err);

}  // namespace tare::runner
