#include "export/export_format.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "export/bmf.hpp"
#include "export/github_action.hpp"
#include "export/jmh.hpp"
#include "report/csv.hpp"

namespace tare::exports {
namespace {

constexpr std::pair<const char*, Format> kFormats[] = {
    {"jmh", Format::jmh}, {"bmf", Format::bmf}, {"github-action", Format::github_action}, {"csv", Format::csv}};

}  // namespace

std::optional<Format> format_named(const std::string& name) {
  for (const auto& [known, format] : kFormats)
    if (name == known) return format;
  return std::nullopt;
}

std::string format_names() {
  std::string names;
  for (const auto& entry : kFormats) names += (names.empty() ? "" : ", ") + std::string(entry.first);
  return names;
}

void write_export(const results::Run& run, Format format, Better better, std::ostream& out) {
  switch (format) {
    case Format::jmh: return write_jmh(run, out);
    case Format::bmf: return write_bmf(run, out);
    case Format::github_action: return write_github_action(run, better, out);
    case Format::csv: return report::write_csv(run, out);
  }
}

std::vector<LeftOut> left_out_of(const results::Run& run, Format format, Better better) {
  if (format == Format::csv) return {};
  Exportable exported = exportable(run);
  if (format != Format::github_action) return exported.left_out;
  for (const Exported& e : exported.benchmarks)
    if (better_of(e.benchmark->mode) != better)
      exported.left_out.push_back({e.benchmark->name, better == Better::smaller
                                                          ? "a throughput, where bigger is better"
                                                          : "a time per operation, where smaller is better"});
  return exported.left_out;
}

}  // namespace tare::exports
