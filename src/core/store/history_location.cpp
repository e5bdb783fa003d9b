#include "store/history_location.hpp"

#include <cstdlib>

#include "input/usage_error.hpp"
#include "store/history_url.hpp"

namespace tare::store {
namespace {

std::optional<std::filesystem::path> under_environment(const char* variable, const char* home_relative,
                                                       const std::filesystem::path& file) {
  if (const char* base = std::getenv(variable); base && *base) return std::filesystem::path(base) / "tare" / file;
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / home_relative / "tare" / file;
  return std::nullopt;
}

bool ends_with(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// A history on a PostgreSQL server, when this build has libpq.
HistoryChoice server_choice(const std::string& url, const std::string& named) {
  if (!TARE_HAVE_POSTGRESQL)
    throw input::UsageError(named + ": this build of tare was built without PostgreSQL (libpq), so it cannot keep a "
                                    "history on a server");
  HistoryChoice choice;
  choice.kind = HistoryChoice::Kind::results;
  choice.url = url;
  choice.named = named;
  return choice;
}

HistoryChoice named_choice(const std::string& value, const std::string& named, bool results_kept) {
  if (is_postgresql_url(value)) return server_choice(value, named);
  HistoryChoice choice;
  choice.named = named;
  if (value.empty() || value == "off") return choice;
  choice.path = value;
  choice.kind = ends_with(value, ".jsonl") ? HistoryChoice::Kind::speed_lines : HistoryChoice::Kind::results;
  if (choice.kind == HistoryChoice::Kind::results && !results_kept)
    throw input::UsageError(named + ": this build of tare has no SQLite, so it keeps no results history (a .jsonl "
                                    "file keeps the machine's speed readings alone; off keeps nothing)");
  return choice;
}

}  // namespace

std::optional<std::filesystem::path> default_history_path() {
  return under_environment("XDG_DATA_HOME", ".local/share", "history.sqlite");
}

std::optional<std::filesystem::path> old_speed_history_path() {
  return under_environment("XDG_CACHE_HOME", ".cache", "speed-history.jsonl");
}

HistoryChoice choose_history(const std::optional<std::string>& flag, bool results_kept) {
  if (flag) return named_choice(*flag, "--history " + without_password(*flag), results_kept);
  if (const char* set = std::getenv("TARE_HISTORY"))
    return named_choice(set, "TARE_HISTORY=" + without_password(set), results_kept);
  const auto path = results_kept ? default_history_path() : old_speed_history_path();
  HistoryChoice choice;
  if (!path) return choice;
  choice.kind = results_kept ? HistoryChoice::Kind::results : HistoryChoice::Kind::speed_lines;
  choice.path = *path;
  choice.named = "the history " + path->string();
  choice.is_default = true;
  return choice;
}

std::string history_location(const HistoryChoice& choice) {
  return choice.url.empty() ? choice.path.string() : without_password(choice.url);
}

}  // namespace tare::store
