#include "html/report_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <new>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "compare/results_file.hpp"
#include "input/usage_error.hpp"
#include "text/read_file.hpp"

namespace tare::html {
namespace {

using Content = decltype(ReportFile::content);

nlohmann::json parsed(const std::string& path, const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error&) {
    throw input::UsageError(path + ": not JSON: the report reads the JSON files tare writes (--json)");
  }
}

Content content_of(const std::string& path, const nlohmann::json& document) {
  const auto schema = document.is_object() && document.contains("schema") && document["schema"].is_string()
                          ? document["schema"].get<std::string>()
                          : std::string();
  if (schema == "tare.compare/2") return comparison_from_json(document);
  if (schema == "tare.stream.run/1") return stream_run_from_json(document);
  if (schema == "tare.probe/1") return probes_from_json(document);
  if (schema == "tare.stream.sustainable/1")
    throw input::UsageError(path + ": a search for the sustainable rate (tare.stream.sustainable/1): the report draws "
                                   "single stream runs (tare stream run --json FILE)");
  // tare's results, or something that only looks like results (Google Benchmark's JSON,
  // another schema): the results reader says which, naming the file.
  return compare::read_results_file(path, compare::ResultsUse::report).run;
}

}  // namespace

ReportFile read_report_file(const std::string& path) {
  const auto text = text::read_file(path);
  if (!text) throw input::UsageError(path + ": cannot open");
  try {
    return {std::filesystem::path(path).filename().string(), content_of(path, parsed(path, *text))};
  } catch (const input::UsageError&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(path + ": too large to read in the memory available");
  } catch (const std::exception& e) {  // a field missing or of the wrong type
    throw input::UsageError(path + ": " + e.what());
  }
}

bool is_results_history(const std::string& path) {
  static constexpr char kSqliteHeader[] = "SQLite format 3";  // and its '\0': 16 bytes
  char header[sizeof kSqliteHeader] = {};
  std::ifstream in(path, std::ios::binary);
  return in.read(header, sizeof header) && std::equal(header, header + sizeof header, kSqliteHeader);
}

}  // namespace tare::html
