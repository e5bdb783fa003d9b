#include "html/page.hpp"

#include "html/comparison_section.hpp"
#include "html/escape.hpp"
#include "html/document.hpp"
#include "html/run_section.hpp"
#include "html/stream_section.hpp"

namespace tare::html {
namespace {

using Probes = std::vector<ProbeEstimate>;

// Appended rather than "f" + ...: GCC 12 warns falsely (-Wrestrict) on a literal + temporary.
std::string anchor_of(std::size_t file) { return std::string("f").append(std::to_string(file + 1)); }

// The <tbody> rows of one summary table: those of every file of kind T.
template <typename T, typename Rows>
std::string rows_of(const std::vector<ReportFile>& files, Rows rows) {
  std::string html;
  for (std::size_t i = 0; i < files.size(); ++i)
    if (const auto* content = std::get_if<T>(&files[i].content)) html += rows(*content, files[i].label, anchor_of(i));
  return html;
}

std::string table(const char* id, const char* caption, const std::vector<const char*>& headers, const std::string& rows) {
  if (rows.empty()) return "";
  std::string html = "<h2>" + std::string(caption) + "</h2><table class=\"sortable\" id=\"" + id + "\"><thead><tr>";
  for (const char* header : headers) html += "<th>" + std::string(header) + "</th>";
  return html + "</tr></thead><tbody>\n" + rows + "</tbody></table>\n";
}

std::string summary_tables(const std::vector<ReportFile>& files) {
  return table("summary", "Benchmarks",
               {"File", "Benchmark", "Score", "Unit", "95% CI", "Forks", "Fork series", "Warnings", "Status"},
               rows_of<results::Run>(files, run_summary_rows)) +
         table("summary-comparisons", "Comparisons", {"File", "Benchmark", "Base", "New", "Ratio", "95% CI", "Verdict"},
               rows_of<Comparison>(files, comparison_summary_rows)) +
         table("summary-streams", "Stream runs", {"File", "System", "Offered", "Taken", "Event time p99", "Verdict"},
               rows_of<StreamRun>(files, stream_summary_row)) +
         table("summary-probes", "Probes", {"File", "Probe", "Mean", "95% CI", "Calls", "Status"},
               rows_of<Probes>(files, probe_summary_rows));
}

struct Section {
  const std::string& label;
  std::string anchor;
  std::string operator()(const results::Run& run) const { return run_sections(run, label, anchor); }
  std::string operator()(const Comparison& c) const { return comparison_section(c, label, anchor); }
  std::string operator()(const StreamRun& s) const { return stream_section(s, label, anchor); }
  std::string operator()(const Probes& p) const { return probe_section(p, label, anchor); }
};

std::string contexts(const std::vector<ReportFile>& files) {
  std::string html;
  for (const auto& file : files)
    if (const auto* run = std::get_if<results::Run>(&file.content)) html += run_context(*run, file.label);
  return html.empty() ? "" : "<section id=\"context\"><h2>Context</h2>" + html + "</section>\n";
}

std::string file_list(const std::vector<ReportFile>& files) {
  std::string text;
  for (const auto& file : files) text += (text.empty() ? "" : ", ") + file.label;
  return text;
}

}  // namespace

std::string report_page(const std::vector<ReportFile>& files) {
  std::string body = "<h1>tare report</h1><p class=\"lead\">" + escape(file_list(files)) +
                     ". Click a column to sort; hover a mark for its value. Intervals are 95%. A benchmark's is across "
                     "runs (its worker processes, or forks, and the machine's speed between runs) where that speed is "
                     "known, else over this run's forks only; each says which.</p>\n";
  body += summary_tables(files);
  for (std::size_t i = 0; i < files.size(); ++i) body += std::visit(Section{files[i].label, anchor_of(i)}, files[i].content);
  body += contexts(files);
  return html_document("tare report: " + file_list(files), body);
}

}  // namespace tare::html
