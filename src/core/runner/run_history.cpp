#include "runner/run_history.hpp"

#include <filesystem>
#include <stdexcept>

#include "store/open_history.hpp"
#include "system/git_checkout.hpp"
#include "text/read_file.hpp"
#include "text/split.hpp"

namespace tare::runner {

store::RunOrigin run_origin(const RunOptions& options, const std::string& executable) {
  store::RunOrigin origin;
  const bool both_given = !options.commit.empty() && !options.branch.empty();
  if (const auto git = both_given ? std::nullopt : system::git_state(std::filesystem::path(executable).parent_path())) {
    origin.commit = git->commit;
    origin.branch = git->branch;
    origin.dirty = git->dirty;
  }
  // Said on the command line: the build may come from elsewhere than the folder it sits in.
  if (!options.commit.empty()) {
    origin.commit = options.commit;
    origin.dirty.reset();
  }
  if (!options.branch.empty()) origin.branch = options.branch;
  origin.kernel = std::string(text::trim(text::read_file("/proc/sys/kernel/osrelease").value_or("")));
  return origin;
}

std::unique_ptr<results::RunHistory> open_run_history(const RunOptions& options, const std::string& executable) {
  const auto choice = store::choose_history(options.history, store::results_history_available());
  // Only a results history keeps the origin: no git for the others.
  const store::RunOrigin origin =
      choice.kind == store::HistoryChoice::Kind::results ? run_origin(options, executable) : store::RunOrigin{};
  return store::open_run_history(choice, origin);
}

void record_in_history(results::RunHistory& history, const results::Run& run, std::ostream& err) {
  try {
    history.record(run);
  } catch (const std::runtime_error& e) {
    err << "tare: the history " << history.location() << " was not updated: " << e.what() << "\n";
  }
}

}  // namespace tare::runner
