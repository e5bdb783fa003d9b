#include "report/warnings_section.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "report/section.hpp"
#include "report/warning_names.hpp"
#include "report/warning_text.hpp"
#include "report/warning_words.hpp"

namespace tare::report::detail {
namespace {

using results::Severity;

// A run of many benchmarks would make a grouped line as long as the list it replaces.
constexpr std::size_t kNamesPerLine = 4;

// A caution on this many benchmarks or more is one line too, like the notes: the same words
// under every name would bury the rest.
constexpr std::size_t kBenchmarksToGroup = 3;

std::string names_text(const std::vector<std::string>& names, std::size_t benchmarks) {
  if (names.size() == benchmarks && benchmarks > kNamesPerLine) return fmt::format("all {} benchmarks", benchmarks);
  if (names.size() <= kNamesPerLine) return fmt::format("{}", fmt::join(names, ", "));
  const std::vector<std::string> first(names.begin(), names.begin() + kNamesPerLine);
  return fmt::format("{} and {} more", fmt::join(first, ", "), names.size() - kNamesPerLine);
}

// The codes printed as one line for the run rather than under each benchmark: notes,
// warnings about the machine, and cautions that came with many benchmarks.
std::vector<results::WarningCode> grouped_codes(const results::Run& run) {
  std::vector<results::WarningCode> codes;
  for (const results::WarningCode code : warning_codes()) {
    std::size_t with = 0;
    bool note = about_the_machine(code);
    for (const results::Benchmark& b : run.benchmarks)
      for (const results::Warning& w : b.warnings)
        if (w.code == code && shown_by_default(w) && w.severity != Severity::unusable) {
          ++with;
          note = note || w.severity == Severity::note;
          break;
        }
    if (with > 0 && (note || with >= kBenchmarksToGroup)) codes.push_back(code);
  }
  return codes;
}

bool contains(const std::vector<results::WarningCode>& codes, results::WarningCode code) {
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

// A failed benchmark is already in Failures; its warning says so for scripts.
void write_unusable(const results::Run& run, std::ostream& out, bool color) {
  Section section(out, "Not to be used", color);
  for (const results::Benchmark& b : run.benchmarks)
    for (const results::Warning& w : b.warnings)
      if (w.severity == Severity::unusable && shown_by_default(w) && w.code != results::WarningCode::failed)
        section.line(fmt::format("{}: {}", b.name, warning_words(w, b.unit)), Style::red);
}

Style style_of(const results::Warning& w) {
  return w.severity == Severity::unusable ? Style::red : w.severity == Severity::caution ? Style::yellow : Style::plain;
}

// Grouped under each benchmark's name: several warnings usually belong together, and the
// name is read once.
void write_per_benchmark(const results::Run& run, std::ostream& out, bool color, bool verbose) {
  Section section(out, "Warnings", color);
  const auto grouped = verbose ? std::vector<results::WarningCode>{} : grouped_codes(run);
  for (const results::Benchmark& b : run.benchmarks) {
    std::vector<const results::Warning*> listed;
    for (const results::Warning& w : b.warnings) {
      if (verbose ? w.code != results::WarningCode::failed
                  : shown_by_default(w) && w.severity == Severity::caution && !contains(grouped, w.code))
        listed.push_back(&w);
    }
    if (listed.empty()) continue;
    section.line(b.name, Style::bold);
    for (const results::Warning* w : listed) {
      const std::string words = warning_words(*w, b.unit);
      section.line(w->acknowledged ? words + " (acknowledged)" : words, style_of(*w), 4);
    }
  }
}

void write_grouped(const results::Run& run, std::ostream& out, bool color) {
  Section section(out, "Across the run (--verbose shows each in full)", color);
  for (const results::WarningCode code : grouped_codes(run)) {
    std::vector<std::string> names;
    Style style = Style::plain;
    for (const results::Benchmark& b : run.benchmarks)
      for (const results::Warning& w : b.warnings)
        if (w.code == code && shown_by_default(w) && w.severity != Severity::unusable) {
          names.push_back(b.name);
          if (w.severity == Severity::caution) style = Style::yellow;
          break;
        }
    section.line(fmt::format("{}: {}", grouped_headline(code), names_text(names, run.benchmarks.size())), style);
  }
}

}  // namespace

void write_warnings(const results::Run& run, std::ostream& out, bool color, bool verbose) {
  write_unusable(run, out, color);
  write_per_benchmark(run, out, color, verbose);
  if (!verbose) write_grouped(run, out, color);
}

}  // namespace tare::report::detail
