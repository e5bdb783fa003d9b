// Where a run's history is kept, as the user chose it: --history PATH, else $TARE_HISTORY,
// else the default place. "off" (or an empty TARE_HISTORY) keeps none; a name ending in
// .jsonl keeps the machine's speed readings alone, in JSON lines, as tare did before it had
// a results history; a postgresql:// (or postgres://) URL is a results history on a
// PostgreSQL server; any other name is a results history in a file (SQLite). Reads the
// environment; opens nothing.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace tare::store {

struct HistoryChoice {
  enum class Kind { none, speed_lines, results };
  Kind kind = Kind::none;
  std::filesystem::path path;
  /// A results history on a PostgreSQL server instead of a file: its URL as given (path
  /// empty then).
  std::string url;
  /// How the user named it, for messages: "--history PATH", "TARE_HISTORY=PATH", or "the
  /// history PATH" for the default place (a URL without its password).
  std::string named;
  bool is_default = false;
};

/// `flag`: --history's value when given. `results_kept`: whether this build keeps results
/// histories in files (SQLite); without, the default is the speed history's old place and a
/// name that is not .jsonl is a usage error (input::UsageError) saying so. A URL in a build
/// without PostgreSQL is a usage error too.
HistoryChoice choose_history(const std::optional<std::string>& flag, bool results_kept);

/// Where the chosen results history is, for messages and results: its path, or its URL
/// without the password.
std::string history_location(const HistoryChoice& choice);

/// $XDG_DATA_HOME/tare/history.sqlite, else $HOME/.local/share/tare/history.sqlite.
std::optional<std::filesystem::path> default_history_path();

/// Where tare kept the speed history before it had a results history (imported into the
/// default results history once): $XDG_CACHE_HOME/tare/speed-history.jsonl, else
/// $HOME/.cache/tare/speed-history.jsonl.
std::optional<std::filesystem::path> old_speed_history_path();

}  // namespace tare::store
