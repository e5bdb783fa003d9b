#include "compare/results_file.hpp"

#include <new>
#include <optional>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "compare/gbench_json.hpp"
#include "input/usage_error.hpp"
#include "report/json_read.hpp"
#include "text/read_file.hpp"

namespace tare::compare {
namespace {

// "[json.exception.out_of_range.406] number overflow parsing '1e999'" -> what follows the
// tag: the tag names the JSON library's internals, not the file.
std::string without_library_tag(const std::string& message) {
  const auto end = message.find("] ");
  return message.rfind("[json.exception.", 0) == 0 && end != std::string::npos ? message.substr(end + 2) : message;
}

// tare writes "schema" first in every JSON document: the head of the file tells a stream
// benchmark's results (tare.stream.run/1, tare.stream.sustainable/1) from a run's.
std::string leading_schema(const std::string& text) {
  static const std::regex kSchema(R"re(^\s*\{\s*"schema"\s*:\s*"([^"]{0,64})")re");
  std::smatch match;
  const std::string head = text.substr(0, 256);
  return std::regex_search(head, match, kSchema) ? match[1].str() : "";
}

void refuse_stream_results(const std::string& path, const std::string& text) {
  const std::string schema = leading_schema(text);
  if (schema.rfind("tare.stream.", 0) == 0)
    throw input::UsageError(path + ": a stream benchmark's results (" + schema +
                            "): this reads a microbenchmark run's results (tare.results/1, a benchmark binary's --json)");
}

std::string plan_refusal(const std::string& path, const GbenchFile& gbench) {
  return path + ": a Google Benchmark-format file has no per-fork timings to plan with: " +
         (gbench.from_tare ? "run the binary with --json FILE (tare's own results) and plan from that file"
                           : "build the benchmarks against tare::gbench, run them with --json FILE and plan from that "
                             "file");
}

}  // namespace

ResultsFile read_results_file(const std::string& path, ResultsUse use) {
  std::optional<GbenchFile> gbench;
  try {
    std::optional<std::string> contents = text::read_file(path);
    if (!contents) throw input::UsageError(path + ": cannot open");
    std::string text = std::move(*contents);
    refuse_stream_results(path, text);
    gbench = read_gbench_json(text);
    if (!gbench) {
      std::istringstream stream(std::move(text));  // moved, not copied: the file is held once
      return {report::read_json(stream), {}};
    }
  } catch (const input::UsageError&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(path + ": too large to read in the memory available");
  } catch (const std::exception& e) {  // the reader's, or the JSON library's (1e999, a field of the wrong type)
    throw input::UsageError(path + ": " + without_library_tag(e.what()));
  }
  if (use == ResultsUse::plan) throw input::UsageError(plan_refusal(path, *gbench));
  if (use == ResultsUse::export_run || use == ResultsUse::report)
    throw input::UsageError(path + ": Google Benchmark JSON, not tare's results: run the benchmark binary with --json "
                                   "FILE (tare.results/1) and " + (use == ResultsUse::report ? "report" : "export") +
                            " that file");
  return {std::move(gbench->run), std::move(gbench->summaries)};
}

}  // namespace tare::compare
