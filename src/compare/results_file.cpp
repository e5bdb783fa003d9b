#include "compare/results_file.hpp"

#include <filesystem>
#include <fstream>
#include <new>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "compare/gbench_json.hpp"
#include "input/usage_error.hpp"
#include "report/json.hpp"

namespace tare::compare {
namespace {

// "[json.exception.out_of_range.406] number overflow parsing '1e999'" -> what follows the
// tag: the tag names the JSON library's internals, not the file.
std::string without_library_tag(const std::string& message) {
  const auto end = message.find("] ");
  return message.rfind("[json.exception.", 0) == 0 && end != std::string::npos ? message.substr(end + 2) : message;
}

// The file's text in one allocation of its size (a string grown while reading would
// briefly need twice that).
std::string read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw input::UsageError(path + ": cannot open");
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (error) {  // not a regular file (a pipe): read as it comes
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
  }
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
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
    std::string text = read_whole_file(path);
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
  return {std::move(gbench->run), std::move(gbench->summaries)};
}

}  // namespace tare::compare
