// The results history a command names (--history PATH, else $TARE_HISTORY, else the default
// place), opened for `tare history` and `tare report --history`, and the --filter they take.
#pragma once

#include <memory>
#include <optional>
#include <regex>
#include <string>

#include "store/results_history.hpp"

namespace tare::tool {

/// The results history `history` (--history's value) names; made when `create` (tare
/// history add). Throws input::UsageError in one line naming it when it is none (off), a
/// speed history of JSON lines, missing (and not to be made), foreign, damaged or newer.
std::unique_ptr<store::ResultsHistory> open_named_history(const std::optional<std::string>& history, bool create);

/// --filter's regular expression (ECMAScript); input::UsageError when it is not one.
std::optional<std::regex> name_filter(const std::optional<std::string>& filter);

}  // namespace tare::tool
