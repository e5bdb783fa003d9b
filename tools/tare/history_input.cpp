#include "tools/tare/history_input.hpp"

#include <sys/stat.h>

#include <filesystem>

#include "compare/gbench_json.hpp"
#include "compare/results_file.hpp"
#include "input/usage_error.hpp"
#include "text/read_file.hpp"

namespace tare::tool {
namespace {

bool named_jsonl(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

std::int64_t modified_time(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 ? static_cast<std::int64_t>(status.st_mtime) : 0;
}

// Google Benchmark's rows with tare's estimate over worker processes have no forks: their
// count and the interval's standard error stand for them.
store::RunRow gbench_row(const compare::GbenchFile& file, const std::string& text, const store::RunOrigin& origin) {
  store::RunRow row = store::run_row(file.run, origin);
  store::keep_original(row, store::kGbenchFormat, text);
  for (auto& b : row.benchmarks)
    if (const auto summary = file.summaries.find(b.name); summary != file.summaries.end())
      store::summarised_spread(b, static_cast<int>(summary->second.n));
  return row;
}

}  // namespace

HistoryInput read_history_input(const std::string& path, const store::RunOrigin& origin) {
  HistoryInput input;
  input.path = path;
  if (named_jsonl(path, ".jsonl")) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) throw input::UsageError(path + ": cannot open");
    input.speed_history = true;
    return input;
  }
  const auto text = text::read_file(path);
  if (!text) throw input::UsageError(path + ": cannot open");
  std::optional<compare::GbenchFile> gbench;
  try {
    gbench = compare::read_gbench_json(*text);
  } catch (const std::runtime_error& e) {
    throw input::UsageError(path + ": " + e.what());
  }
  // tare's own results, read as `tare export` reads them (their messages for what is not).
  input.row = gbench ? gbench_row(*gbench, *text, origin)
                     : store::run_row(compare::read_results_file(path, compare::ResultsUse::export_run).run, origin);
  if (input.row.time == 0) input.row.time = modified_time(path);
  return input;
}

}  // namespace tare::tool
