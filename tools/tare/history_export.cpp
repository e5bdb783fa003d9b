#include "tools/tare/history_export.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/csv.hpp"

namespace tare::tool {
namespace {

using report::csv_field;
using ExportJson = nlohmann::ordered_json;

ExportJson exported_or_null(const std::string& text) { return text.empty() ? ExportJson(nullptr) : ExportJson(text); }
ExportJson exported_or_null(const std::optional<double>& value) { return value ? ExportJson(*value) : ExportJson(nullptr); }

ExportJson benchmark_json(const store::BenchmarkRow& b) {
  return {{"name", b.name},
          {"family", exported_or_null(b.family)},
          {"mode", b.mode},
          {"unit", b.unit},
          {"score", exported_or_null(b.score)},
          {"ci", b.ci ? ExportJson{{"level", b.ci->level}, {"low", b.ci->low}, {"high", b.ci->high}} : ExportJson(nullptr)},
          {"ci_across_runs", b.ci_across_runs ? ExportJson{{"level", b.ci_across_runs->level},
                                                     {"low", b.ci_across_runs->low},
                                                     {"high", b.ci_across_runs->high}}
                                              : ExportJson(nullptr)},
          {"standard_error", b.standard_error},
          {"forks", b.forks},
          {"fork_means", b.fork_means},
          {"warnings", b.warnings},
          {"code", exported_or_null(b.code_digest)}};
}

ExportJson run_json(const store::StoredRun& run) {
  const auto& r = run.row;
  ExportJson j{{"id", run.id},
         {"date", exported_or_null(r.date)},
         {"time", r.time},
         {"machine", r.machine},
         {"host", exported_or_null(r.host)},
         {"cpu", exported_or_null(r.cpu)},
         {"cores", r.cores > 0 ? ExportJson(r.cores) : ExportJson(nullptr)},
         {"kernel", exported_or_null(r.origin.kernel)},
         {"compiler", exported_or_null(r.compiler)},
         {"flags", exported_or_null(r.flags)},
         {"build_type", exported_or_null(r.build_type)},
         {"tare_version", exported_or_null(r.tare_version)},
         {"commit", exported_or_null(r.origin.commit)},
         {"branch", exported_or_null(r.origin.branch)},
         {"dirty", r.origin.dirty ? ExportJson(*r.origin.dirty) : ExportJson(nullptr)},
         {"executable", exported_or_null(r.executable)},
         {"command_line", exported_or_null(r.command_line)},
         {"reference_ns", r.reference_ns > 0 ? ExportJson(r.reference_ns) : ExportJson(nullptr)},
         {"format", r.format},
         {"content_hash", r.content_hash}};
  ExportJson benchmarks = ExportJson::array();
  for (const auto& b : r.benchmarks) benchmarks.push_back(benchmark_json(b));
  j["benchmarks"] = std::move(benchmarks);
  return j;
}

std::string exported_number(const std::optional<double>& value) { return value ? fmt::format("{}", *value) : ""; }

std::string exported_words(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

std::string exported_means(const std::vector<double>& values) {
  std::string text;
  for (double v : values) text += (text.empty() ? "" : " ") + fmt::format("{}", v);
  return text;
}

// "level,low,high" (or "low,high"), empty fields when there is no interval.
std::string interval_fields(const std::optional<results::Interval>& interval, bool with_level) {
  if (!interval) return with_level ? ",," : ",";
  const std::string bounds = fmt::format("{},{}", interval->low, interval->high);
  return with_level ? fmt::format("{},{}", interval->level, bounds) : bounds;
}

constexpr const char* kCsvHeader =
    "run,date,time,machine,host,cpu,cores,kernel,compiler,flags,build_type,tare_version,commit,branch,dirty,"
    "executable,command_line,reference_ns,format,content_hash,name,family,mode,unit,score,ci_level,ci_low,ci_high,"
    "across_runs_low,across_runs_high,standard_error,forks,fork_means,warnings,code";

}  // namespace

void write_history_json(const std::string& history, store::Database& db, std::ostream& out) {
  out << "{\n  \"history\": " << ExportJson(history).dump() << ",\n  \"runs\": [";
  bool first = true;
  store::visit_runs(db, true, true, [&](store::StoredRun& run) {
    std::string text = run_json(run).dump(-1, ' ', false, ExportJson::error_handler_t::replace);
    text.pop_back();  // the closing brace: the results go in before it
    // The results as they were kept, not parsed into memory; text that is not JSON (a
    // hand-edited store may hold anything) as a string.
    const bool json = ExportJson::accept(run.row.results_json);
    out << (first ? "\n    " : ",\n    ") << text << ",\"results\":"
        << (json ? run.row.results_json : ExportJson(run.row.results_json).dump()) << "}";
    first = false;
  });
  out << (first ? "" : "\n  ") << "],\n  \"speed_readings\": [";
  first = true;
  for (const auto& reading : store::stored_speed_readings(db)) {
    const ExportJson j{{"time", reading.time}, {"machine", reading.machine}, {"reference_ns", reading.reference_ns}};
    out << (first ? "\n    " : ",\n    ") << j.dump(-1, ' ', false, ExportJson::error_handler_t::replace);
    first = false;
  }
  out << (first ? "" : "\n  ") << "]\n}\n";
}

void write_history_csv(store::Database& db, std::ostream& out) {
  out << kCsvHeader << "\n";
  store::visit_runs(db, true, false, [&](const store::StoredRun& run) {
    const auto& r = run.row;
    const std::string context = fmt::format(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}", run.id, csv_field(r.date), r.time, csv_field(r.machine),
        csv_field(r.host), csv_field(r.cpu), r.cores > 0 ? std::to_string(r.cores) : "", csv_field(r.origin.kernel),
        csv_field(r.compiler), csv_field(r.flags), csv_field(r.build_type), csv_field(r.tare_version), csv_field(r.origin.commit),
        csv_field(r.origin.branch), r.origin.dirty ? (*r.origin.dirty ? "true" : "false") : "", csv_field(r.executable),
        csv_field(r.command_line), r.reference_ns > 0 ? fmt::format("{}", r.reference_ns) : "", csv_field(r.format),
        r.content_hash);
    for (const auto& b : r.benchmarks)
      out << context << ","
          << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}", csv_field(b.name), csv_field(b.family), b.mode,
                         csv_field(b.unit), exported_number(b.score), interval_fields(b.ci, true),
                         interval_fields(b.ci_across_runs, false), fmt::format("{}", b.standard_error), b.forks,
                         exported_means(b.fork_means), exported_words(b.warnings), b.code_digest)
          << "\n";
  });
}

}  // namespace tare::tool
