#include "tools/tare/history_store.hpp"

#include "input/usage_error.hpp"
#include "store/open_history.hpp"

namespace tare::tool {

using input::UsageError;

std::unique_ptr<store::ResultsHistory> open_named_history(const std::optional<std::string>& history, bool create) {
  const auto choice = store::choose_history(history, store::results_history_available());
  if (choice.kind == store::HistoryChoice::Kind::none)
    throw UsageError((choice.named.empty() ? std::string("no history") : choice.named) +
                     ": no results history to read (--history PATH or URL names one)");
  if (choice.kind == store::HistoryChoice::Kind::speed_lines)
    throw UsageError(choice.named + ": a speed history of JSON lines keeps no runs; `tare history add " +
                     choice.path.string() + "` imports its readings into a results history");
  try {
    return store::open_results_history(choice, create);
  } catch (const store::StoreError& e) {
    throw UsageError(choice.named + ": " + e.what());
  }
}

std::optional<std::regex> name_filter(const std::optional<std::string>& filter) {
  if (!filter) return std::nullopt;
  try {
    return std::regex(*filter, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw UsageError("--filter " + *filter + ": not a valid regular expression (" + e.what() + ")");
  }
}

}  // namespace tare::tool
